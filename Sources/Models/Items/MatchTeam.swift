import Foundation

/// A side of a `MatchItem`: the team's name and, when the data has a usable one, its flag.
public struct MatchTeam: Codable, Hashable, Sendable {
    /// The team (country) name.
    public var name: String
    /// Its flag; nil when absent (the page shows a neutral badge).
    @ImageLink public var flag: URL?
}
