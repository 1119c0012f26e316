import CEventLoop

/// The caps on what the server takes: a connection refused over a cap (answered 503 with
/// `Retry-After`), and each capped client address's connections counted as they open, receive a
/// request, wait idle and close (`ClientCaps`, `ClientCounts`). Runs on the loop's thread.
extension HTTPResponse {
    /// The header that asks a client the server refused for being busy (503) to come back later.
    static let busyRetryAfter: HTTPHeaders = ["Retry-After": "5"]
}

extension EventLoop {
    /// The answer of a server too busy for a request or a connection (`why`: which limit): 503
    /// with `Retry-After`, rendered as every error of this server.
    func busyResponse(path: String?, _ why: String) -> HTTPResponse {
        settings.errors.response(
            for: HTTPErrorContext(status: .serviceUnavailable, path: path, message: "Service Unavailable: \(why)"),
            headers: HTTPResponse.busyRetryAfter)
    }

    /// Whether connections from `address` count in the per-address caps.
    func isCapped(_ address: String) -> Bool {
        guard let counts = settings.clientCounts else { return false }
        return !counts.caps.exempt(address)
    }

    /// Answers a connection the server will not take (`why`: over which cap) with 503 and
    /// `Retry-After`, then closes it: what has arrived is read first, so that closing does not
    /// reset the connection under the answer. Never a wrong status, never a silent close.
    func refuse(acceptedFD fd: Int32, _ why: String) {
        readBuffer.withUnsafeMutableBytes { _ = cel_read(fd, $0.baseAddress, $0.count) }
        let response = busyResponse(path: nil, why)
        var bytes: [UInt8] = []
        ResponseEncoder.encode(response, into: &bytes, keepAlive: false, version: .http1_1, isHead: false, date: dateLine)
        bytes.withUnsafeBytes { _ = cel_write(fd, $0.baseAddress, $0.count) }
        _ = cel_shutdown_write(fd)
        _ = cel_close(fd)
    }

    /// Takes `connection` out of its address's idle count (a request head arrived), and counts
    /// a request that came through a trusted proxy against the client it names; false when that
    /// client is at its cap (the request is refused).
    func countRequest(_ connection: Connection, _ request: HTTPRequest) -> Bool {
        guard let counts = settings.clientCounts else { return true }
        if connection.countedIdle {
            counts.becameBusy(connection.clientAddress)
            connection.countedIdle = false
        }
        guard !connection.capped, connection.forwardedFor == nil, let client = counts.caps.forwardedAddress(request),
              !counts.caps.exempt(client)
        else { return true }
        guard counts.openBusy(client) else { return false }
        connection.forwardedFor = client
        return true
    }

    /// Ends the count of the forwarded request on `connection`, if any.
    func endForwardedRequest(_ connection: Connection) {
        guard let client = connection.forwardedFor else { return }
        settings.clientCounts?.close(client, idle: false)
        connection.forwardedFor = nil
    }

    /// Counts `connection` idle again after a response; false when its address already has its
    /// idle connections (it closes instead of waiting).
    func countIdle(_ connection: Connection) -> Bool {
        guard connection.capped, let counts = settings.clientCounts else { return true }
        guard counts.becameIdle(connection.clientAddress) else { return false }
        connection.countedIdle = true
        return true
    }
}
