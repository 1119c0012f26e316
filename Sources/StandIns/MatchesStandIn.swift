import Foundation

/// The Matches exam's server (December 2022), answered from memory: the list half is a
/// `ListServerStandIn` (`GET /partidos.json`, flags under `/flags/`, the outage switch), and
/// this adds the check:
///
/// - `GET /check?id=ID&winner=1|2` → `{"id":ID,"result":true|false}`;
/// - `id` missing or not an integer → `400 {"error":"id must be an integer"}`; no such match →
///   `404 {"error":"There is no match with id=N"}`; `winner` other than 1 or 2 →
///   `400 {"error":"winner must be 1 or 2"}`; during an outage, the outage's status.
public final class MatchesStandIn: MountableStandIn {
    /// The list, flags and outage switch.
    public let list: ListServerStandIn
    private let winners: [Int: Int]

    /// Where the stand-in is mounted.
    public var mountPath: String { list.mountPath }

    /// A stand-in serving `catalog` (each item needs `winner` 1 or 2) and its `flags`.
    public init(catalog: ListCatalog, flags: StandInImages, mountPath: String) {
        list = ListServerStandIn(
            service: "matches server", catalog: catalog, imageMembers: [["team1", "flag"], ["team2", "flag"]],
            images: flags, imageFolder: "flags", mountPath: mountPath, listPath: "/partidos.json")
        var winners: [Int: Int] = [:]
        for entry in catalog.entries {
            winners[entry.id] = catalog.object(entry)["winner"].flatMap(ListCatalog.integer)
        }
        self.winners = winners
    }

    /// The bundled World Cup knockout matches, at `/standin/matches/partidos.json`.
    public static func bundled(mountPath: String = "/standin/matches") throws -> MatchesStandIn {
        let directory = try StandInImages.bundledDataDirectory("matches")
        return MatchesStandIn(
            catalog: try BundledData.shared("matches/partidos.json") {
                try ListCatalog(contentsOf: directory.appendingPathComponent("partidos.json"), validate: validWinner)
            },
            flags: try StandInImages.bundled("matches", folder: "flags"), mountPath: mountPath)
    }

    /// Why a match cannot be served (its `winner` is not 1 or 2), or nil.
    public static func validWinner(_ item: [String: Any], id: Int) -> String? {
        guard let winner = item["winner"].flatMap(ListCatalog.integer), winner == 1 || winner == 2 else {
            return "no \"winner\" 1 or 2 (id=\(id))"
        }
        return nil
    }

    /// Answers one request below the mount point.
    public func respond(to request: StandInRequest) -> StandInResponse {
        respond(method: request.method, path: request.path, query: request.query)
    }

    /// Answers one request below the mount point, given by its parts.
    public func respond(method: String, path: String, query: [String: String]) -> StandInResponse {
        guard path == "/check", method == "GET" else { return list.respond(method: method, path: path, query: query) }
        if let failure = list.outage.failure(of: list.service) { return failure }
        guard let idText = query["id"], let id = Int(idText) else { return .error(400, "id must be an integer") }
        guard let winner = winners[id] else { return .error(404, "There is no match with id=\(id)") }
        guard let guess = query["winner"], guess == "1" || guess == "2" else {
            return .error(400, "winner must be 1 or 2")
        }
        return .json(200, "{\"id\":\(id),\"result\":\(Int(guess) == winner)}")
    }
}
