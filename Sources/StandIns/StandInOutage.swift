import Foundation
import Synchronization

/// The outage switch every stand-in has, so tests can show the app's offline state:
/// `PUT <mount>/control/outage?status=503` makes the stand-in's service routes fail with that
/// status (500…599, default 503) until `DELETE <mount>/control/outage`.
public final class StandInOutage: Sendable {
    private let failingStatus = Mutex<Int?>(nil)

    /// A switch that starts off (the service answers normally).
    public init() {}

    /// The status every service request fails with, or nil while the service is up.
    public var status: Int? {
        failingStatus.withLock { $0 }
    }

    /// Answers `PUT` (start an outage, `?status=` 500…599) and `DELETE` (end it) on
    /// `/control/outage`; any other method is a 404.
    public func control(method: String, query: [String: String]) -> StandInResponse {
        switch method {
        case "PUT":
            let status = query["status"].map { Int($0) } ?? 503
            guard let status, (500...599).contains(status) else {
                return .error(400, "status must be a number from 500 to 599")
            }
            failingStatus.withLock { $0 = status }
            return .json(200, "{\"outage\":\(status)}")
        case "DELETE":
            failingStatus.withLock { $0 = nil }
            return .json(200, "{\"outage\":null}")
        default:
            return .notFound
        }
    }

    /// The error the stand-in of `service` answers while the outage lasts, or nil while it is up.
    public func failure(of service: String) -> StandInResponse? {
        status.map { .error($0, "The \(service) stand-in is down (simulated outage)") }
    }
}
