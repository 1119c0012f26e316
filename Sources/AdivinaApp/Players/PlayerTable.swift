import HTTPServer
import Synchronization

/// The classroom's players by session token, with each one's rate limit, readable from any
/// thread: who a request comes from is answered on the event loop or the cooperative pool,
/// without a turn on the main actor. `ClassroomSession` keeps it in step with the room: a token
/// starts working when its player joins and stops when they are kicked, the only two ways.
final class PlayerTable: Sendable {
    /// A joined player: their id, token and what the server keeps for them.
    struct Entry: Sendable {
        let playerID: Int
        let token: String
        let player: ClassPlayer
    }

    private struct Table {
        var byToken: [String: Entry] = [:]
        var tokenByID: [Int: String] = [:]
        var buckets: [Int: TokenBucket] = [:]
        /// Tokens that stopped working, and why (the newest `maxDepartures`).
        var departed: [String: PlayerDeparture] = [:]
    }
    /// Retired tokens remembered before the oldest are forgotten (they then get the plain 401).
    private static let maxDepartures = 4096

    private let table = Mutex(Table())
    /// Requests a second each player may make on average, and in a burst.
    private let rate: (perSecond: Double, burst: Double)

    /// An empty table limiting each player to `rate`.
    init(rate: (perSecond: Double, burst: Double)) {
        self.rate = rate
    }

    /// Adds a player who just joined.
    func add(_ entry: Entry) {
        table.withLock { table in
            table.byToken[entry.token] = entry
            table.tokenByID[entry.playerID] = entry.token
        }
    }

    /// Takes out a player: their token stops working, and its later requests are told why.
    func remove(playerID: Int, because departure: PlayerDeparture) {
        table.withLock { table in
            if let token = table.tokenByID.removeValue(forKey: playerID) {
                table.byToken[token] = nil
                if table.departed.count >= Self.maxDepartures { table.departed.removeAll() }
                table.departed[token] = departure
            }
            table.buckets[playerID] = nil
        }
    }

    /// Why the cookie `request` carries no longer works, if the table retired it.
    func departure(of request: HTTPRequest, cookie: String) -> PlayerDeparture? {
        guard let token = request.cookie(cookie) else { return nil }
        return table.withLock { $0.departed[token] }
    }

    /// The 401 for `request`, which carries no joined player: why its cookie stopped working, or
    /// that it must join first.
    func refusal(of request: HTTPRequest, cookie: String) -> HTTPError {
        departure(of: request, cookie: cookie).map { HTTPError(.unauthorized, message: $0.message) } ?? PlayerDeparture.notJoined
    }

    /// The player whose cookie `request` carries, if any, without taking one of their tokens.
    func peek(for request: HTTPRequest, cookie: String) -> Entry? {
        guard let token = request.cookie(cookie) else { return nil }
        return table.withLock { $0.byToken[token] }
    }

    /// The player whose cookie `request` carries: 401 without a valid cookie, 429 when the
    /// player is over their rate (each call takes one of their tokens).
    func entry(for request: HTTPRequest, cookie: String) throws(HTTPError) -> Entry {
        let token = request.cookie(cookie)
        let found = table.withLock { table -> (entry: Entry, allowed: Bool)? in
            guard let token, let entry = table.byToken[token] else { return nil }
            var bucket = table.buckets[entry.playerID] ?? TokenBucket(perSecond: rate.perSecond, burst: rate.burst)
            let allowed = bucket.take()
            table.buckets[entry.playerID] = bucket
            return (entry, allowed)
        }
        guard let found else { throw refusal(of: request, cookie: cookie) }
        guard found.allowed else { throw HTTPError(.tooManyRequests, message: "Demasiadas peticiones: espera un momento.") }
        return found.entry
    }
}
