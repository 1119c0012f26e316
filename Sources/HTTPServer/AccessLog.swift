import Foundation

/// Writes one line per answered request: method, path, status, body bytes and duration, e.g.
/// `GET /api/quizzes/state 200 1532 0.21ms`. Lines go to a closure (stderr by default).
public final class AccessLog: Sendable {
    private let write: @Sendable (String) -> Void

    /// Makes a log that hands each line (without newline) to `write`. It is called on the event
    /// loop's thread, so it must be quick.
    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// A log that writes lines to standard error.
    public static func standardError() -> AccessLog {
        AccessLog { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Records one request.
    func record(method: String, path: String, status: Int, bytes: Int, nanoseconds: UInt64) {
        let micros = nanoseconds / 1000
        let fraction = micros % 1000
        let padded = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        write("\(method) \(path) \(status) \(bytes) \(micros / 1000).\(padded)ms")
    }
}
