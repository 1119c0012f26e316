import Foundation

extension LoopbackSocket {
    /// Connects to 127.0.0.1:`port` and sends every byte of `request` (a stream's `GET`, as a
    /// tab opens one); throws, with the socket closed, when the connection or a send fails.
    public static func connected(toPort port: Int, sending request: [UInt8]) throws -> LoopbackSocket {
        let socket = try LoopbackSocket.connected(toPort: port)
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { socket.send($0) }
            guard count > 0 else {
                socket.close()
                throw URLError(.networkConnectionLost)
            }
            sent += count
        }
        return socket
    }
}
