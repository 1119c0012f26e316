import Foundation
import Synchronization

/// Lets tests make a stand-in fail like a real server that is down: `PUT …/control/outage?status=503`
/// (any 500…599, default 503) makes its service routes answer that status until
/// `DELETE …/control/outage`.
public final class OutageSwitch: Sendable {
    private let status = Mutex<Int?>(nil)

    /// A switch that is off.
    public init() {}

    /// The status every service route answers with, or nil when the stand-in works.
    public var outageStatus: Int? {
        status.withLock { $0 }
    }

    /// Answers `PUT` (start, `{"outage":503}`) and `DELETE` (end, `{"outage":null}`); 400 for a
    /// status that is not a server error, 404 for other methods.
    public func control(method: String, query: [String: String]) -> StandInResponse {
        switch method {
        case "PUT":
            let requested = query["status"].map { Int($0) } ?? 503
            guard let requested, (500...599).contains(requested) else {
                return .error(400, "status must be a number from 500 to 599")
            }
            status.withLock { $0 = requested }
            return .json(200, "{\"outage\":\(requested)}")
        case "DELETE":
            status.withLock { $0 = nil }
            return .json(200, "{\"outage\":null}")
        default:
            return .notFound
        }
    }

    /// The error `service` answers with while the outage lasts, or nil when it works.
    public func failure(of service: String) -> StandInResponse? {
        outageStatus.map { .error($0, "The \(service) stand-in is down (simulated outage)") }
    }
}
