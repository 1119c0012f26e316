#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// The tests' seam: every system call of the test targets that differs between Linux and macOS
// lives in this file (scripts/check-portability). Calls that are the same POSIX call on both
// (`kill`, `getpid`, `usleep`, `mkfifo`) reach the tests through Foundation and are not here.

/// What the tests ask of the system they run on.
public enum TestSystem {
    /// The build products directory: the test binary and the package's executables
    /// (`adivina`, `HTTPBenchServer`, `StoreCrashProbe`) are built side by side there.
    public static let productsDirectory: URL = {
        #if os(Linux)
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #else
        // macOS: the tests are a bundle (`….xctest`) in the products directory, loaded by xctest
        // or SwiftPM's testing helper, so the process's own path is not the test binary's.
        let bundle = Bundle(for: BundleMarker.self).bundleURL
        return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        #endif
    }()

    /// Whether `openDescriptors(of:)` and `residentBytes(of:)` answer here: Linux tells them in
    /// /proc; on macOS they are nil and the tests that measure them are skipped (CI runs Linux).
    public static var processResourcesAvailable: Bool {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }

    /// Whether this process may mount a filesystem of its own (a tmpfs): root on Linux.
    public static var canMountFilesystems: Bool {
        #if os(Linux)
        return geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")
        #else
        return false
        #endif
    }

    /// How many file descriptors the process `pid` has open (nil where the system does not say).
    public static func openDescriptors(of pid: Int32) -> Int? {
        #if os(Linux)
        return try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count
        #else
        return nil
        #endif
    }

    /// The resident set size of the process `pid` in bytes (nil where the system does not say).
    public static func residentBytes(of pid: Int32) -> Int? {
        #if os(Linux)
        guard let statm = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// The calling thread's id, as a number.
    public static var currentThread: UInt {
        #if canImport(Glibc)
        return UInt(pthread_self())
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }

    /// Creates or replaces the file at `path` with `data`, without `fsync`.
    public static func writeWithoutSync(_ data: Data, toFile path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw currentError }
        defer { closeDescriptor(descriptor) }
        try data.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, start + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw currentError
                }
                offset += written
            }
        }
    }

    /// `errno` as an error.
    static var currentError: POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}

#if !os(Linux)
/// A class of this module, for finding the bundle it was built into.
private final class BundleMarker {}
#endif

/// A blocking TCP socket on 127.0.0.1 (connected, listening or accepted). Not owned: whoever
/// makes one closes it. Sending never raises SIGPIPE (a peer gone away is a failed send).
public struct LoopbackSocket: Sendable {
    /// The file descriptor.
    public let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` (bytes) and `receiveTimeout` (seconds) are
    /// set before it connects; `source` is the loopback address it comes from (127.0.0.2 looks
    /// like another device on Linux, where all of 127.0.0.0/8 is this machine's). Throws the
    /// connection's error.
    public static func connected(
        toPort port: Int, receiveBuffer: Int32? = nil, receiveTimeout seconds: Int? = nil, from source: String? = nil
    ) throws -> LoopbackSocket {
        let socket = try LoopbackSocket.make()
        if let source {
            var local = loopbackAddress(port: 0)
            local.sin_addr.s_addr = inet_addr(source)
            try socket.call(bind, with: local)
        }
        if var size = receiveBuffer {
            setsockopt(socket.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let seconds { socket.setTimeout(SO_RCVTIMEO, seconds: seconds) }
        try socket.call(connect, with: loopbackAddress(port: UInt16(port)))
        return socket
    }

    /// Calls `bind` or `connect` with `address`; on failure closes the socket and throws.
    private func call(
        _ function: (Int32, UnsafePointer<sockaddr>?, socklen_t) -> Int32, with address: sockaddr_in
    ) throws {
        var address = address
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                function(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let failure = TestSystem.currentError
            close()
            throw failure
        }
    }

    /// A socket bound to a free port of 127.0.0.1 (not listening yet), and that port. Without
    /// `reuseAddress` no other socket can take the port while this one is open.
    public static func bound(reuseAddress: Bool) throws -> (socket: LoopbackSocket, port: UInt16) {
        let socket = try LoopbackSocket.make()
        if reuseAddress {
            var reuse: Int32 = 1
            setsockopt(socket.descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket.descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket.descriptor, $0, &length) }
        }
        guard bound == 0, named == 0 else {
            let failure = TestSystem.currentError
            socket.close()
            throw failure
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    /// Starts listening with room for `backlog` waiting connections.
    public func listen(backlog: Int32) throws {
        guard listenOn(descriptor, backlog) == 0 else { throw TestSystem.currentError }
    }

    /// Waits for the next connection; nil once this socket is shut down or closed. Sends on the
    /// connection give up after `sendTimeout` seconds.
    public func accept(sendTimeout seconds: Int) -> LoopbackSocket? {
        let client = acceptOn(descriptor)
        guard client >= 0 else { return nil }
        let socket = LoopbackSocket(descriptor: client)
        socket.ignoreBrokenPipe()
        socket.setTimeout(SO_SNDTIMEO, seconds: seconds)
        return socket
    }

    /// Sends what one `send` takes of `bytes`; returns how many went, or -1 (the peer is gone,
    /// or a timeout).
    public func send(_ bytes: UnsafeRawBufferPointer) -> Int {
        sendOn(descriptor, bytes.baseAddress, bytes.count, sendFlags)
    }

    /// Receives what has arrived into `buffer` (blocking until something has); returns how many
    /// bytes, 0 at the end of the stream, or -1.
    public func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        recv(descriptor, buffer.baseAddress, buffer.count, 0)
    }

    /// Waits at most `milliseconds` for something to read (or the end of the stream).
    public func waitUntilReadable(milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, milliseconds) > 0
    }

    /// Which of `sockets` have something to read (or were closed by their peer), waiting up to
    /// `milliseconds` for the first; one `poll` for them all.
    public static func readable(_ sockets: [LoopbackSocket], milliseconds: Int32) -> [Bool] {
        var pollers = sockets.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        guard poll(&pollers, nfds_t(pollers.count), milliseconds) > 0 else { return sockets.map { _ in false } }
        return pollers.map { $0.revents != 0 }
    }

    /// Half-closes: the peer reads end of stream but can still answer.
    public func shutdownSending() { _ = shutdown(descriptor, Int32(SHUT_WR)) }

    /// Shuts both directions down (the peer sees this side go away; a blocked `accept` returns).
    public func shutdownBoth() { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Makes `close` send RST instead of FIN (SO_LINGER with a zero timeout).
    public func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Closes the descriptor.
    public func close() { closeDescriptor(descriptor) }

    /// A new TCP socket that never raises SIGPIPE.
    private static func make() throws -> LoopbackSocket {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw TestSystem.currentError }
        let made = LoopbackSocket(descriptor: descriptor)
        made.ignoreBrokenPipe()
        return made
    }

    private static func loopbackAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// macOS has no MSG_NOSIGNAL: the socket itself is told (SO_NOSIGPIPE); Linux says it on
    /// every send (`sendFlags`).
    private func ignoreBrokenPipe() {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private var sendFlags: Int32 {
        #if canImport(Darwin)
        return 0
        #else
        return Int32(MSG_NOSIGNAL)
        #endif
    }

    private func setTimeout(_ option: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
}

// The system's calls under names of their own: inside `LoopbackSocket` its methods of the same
// name would hide them, and the module to qualify them with differs between the systems.
private func closeDescriptor(_ descriptor: Int32) { _ = close(descriptor) }
private func listenOn(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func acceptOn(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
private func sendOn(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
