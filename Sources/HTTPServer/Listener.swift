import CEventLoop
import Synchronization

/// The listening socket, shared by every event loop of a server. Each loop lets go of it when it
/// stops accepting; the last one closes it, so new connections are refused from then on.
final class Listener: Sendable {
    let fd: Int32
    private let holders: Atomic<Int>

    init(fd: Int32, holders: Int) {
        self.fd = fd
        self.holders = Atomic(holders)
    }

    /// Called once by each loop; closes the socket when the last loop lets go.
    func release() {
        if holders.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            _ = cel_close(fd)
        }
    }
}
