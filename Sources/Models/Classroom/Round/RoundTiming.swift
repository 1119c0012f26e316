import Foundation

/// A timed round's rules, as the host sets them when picking the game: each question has
/// `seconds` (5–300) and, with `speedPoints`, a right answer earns
/// `round(1000 × (1 − t / S / 2))` points (t: seconds from the question opening for the player,
/// S: the player's own time, longer with extra time), the rule players know from Kahoot!;
/// without, one point per right answer. A wrong answer earns 0 either way.
public struct RoundTiming: Codable, Hashable, Sendable {
    /// The seconds a question may have.
    public static let allowedSeconds = 5...300
    /// The extra-time factors the host may give a player (1: none).
    public static let timeFactors: [Double] = [1, 1.5, 2]

    /// Seconds each question stays open.
    public var seconds: Int
    /// Whether a right answer earns speed points (up to 1000) instead of 1.
    public var speedPoints: Bool

    /// A timer of `seconds` (checked against `allowedSeconds`).
    public init(seconds: Int, speedPoints: Bool) throws(ModelError) {
        guard Self.allowedSeconds.contains(seconds) else {
            throw .invalid("El tiempo por pregunta debe ser de \(Self.allowedSeconds.lowerBound) a \(Self.allowedSeconds.upperBound) segundos.")
        }
        self.seconds = seconds
        self.speedPoints = speedPoints
    }

    /// The seconds a player with `factor` (1, 1.5, 2) has for each question.
    public func allowed(factor: Double) -> Double {
        Double(seconds) * factor
    }

    /// The points of an answer given `elapsed` seconds after the question opened, with
    /// `allowed` seconds in all (see the type); `right` false: 0.
    public func points(right: Bool, elapsed: Double, allowed: Double) -> Int {
        guard right else { return 0 }
        guard speedPoints else { return 1 }
        let share = min(max(elapsed / allowed, 0), 1)
        return Int((1000 * (1 - share / 2)).rounded())
    }
}

/// The open question's countdown, in the room's state: when it opened and when it closes on
/// the server's clock (milliseconds since 1970), so every page shows the same countdown
/// whatever its own clock (a page learns the server's time from `GET /api/classroom/time`).
/// A player with extra time has their own longer end (`openedAt + seconds × factor`).
public struct QuestionDeadline: Codable, Hashable, Sendable {
    /// The question, 1-based.
    public var question: Int
    /// When it opened, in ms since 1970 (server clock).
    public var openedAt: Int64
    /// When it closes for a player without extra time, in ms since 1970 (server clock).
    public var endsAt: Int64
    /// The seconds it has (without extra time).
    public var seconds: Int

    /// Makes a deadline.
    public init(question: Int, openedAt: Date, seconds: Int) {
        self.question = question
        self.openedAt = Self.milliseconds(openedAt)
        endsAt = self.openedAt + Int64(seconds) * 1000
        self.seconds = seconds
    }

    /// `date` in milliseconds since 1970.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}
