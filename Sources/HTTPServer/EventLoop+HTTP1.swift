import CEventLoop

/// The HTTP/1 connection state machine (`Connection.State`): reading, parsing, dispatching to
/// a handler or the static files, and encoding the answer. Runs on the loop's thread.
extension EventLoop {
    private static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// What epoll reported for the connection on `fd`.
    func handleIO(fd: Int32, events: UInt32) {
        guard Int(fd) < connections.count, let connection = connections[Int(fd)] else { return }
        if events & UInt32(CEL_ERROR) != 0 {
            close(connection)
            return
        }
        if events & UInt32(CEL_WRITABLE) != 0 {
            writeQueued(connection)
            guard isOpen(connection) else { return }
        }
        if events & UInt32(CEL_READABLE | CEL_HANGUP) != 0 {
            if connection.wantsRead {
                readAvailable(connection)
            } else if events & UInt32(CEL_HANGUP) != 0 {
                close(connection)  // Both directions are gone: nothing can be answered.
            }
        }
    }

    /// A handler's response came back through the inbox: sends it, then goes on with the
    /// requests pipelined behind it. Dropped when the connection has closed meanwhile.
    func handlerAnswered(_ id: ConnectionID, _ response: HTTPResponse) {
        guard let connection = connection(id), case .waitingForHandler(let request) = connection.state else { return }
        if !connection.wantsRead && !connection.readClosed {
            connection.wantsRead = true
            updateInterest(connection)
        }
        respond(connection, request, response)
        advance(connection)
    }

    private func readAvailable(_ connection: Connection) {
        let count = readBuffer.withUnsafeMutableBytes {
            cel_read(connection.id.fd, $0.baseAddress, $0.count)
        }
        if count < 0 {
            if cel_would_block(count) == 0 { close(connection) }
            return
        }
        if count == 0 {
            peerClosed(connection)
            return
        }
        switch connection.state {
        case .streaming, .draining, .closing:
            return  // Nothing more is read from these; the bytes are dropped.
        default:
            break
        }
        readBuffer.withUnsafeBufferPointer {
            connection.input.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<Int(count)]))
        }
        // While a handler runs, pipelined input is buffered up to one more whole request; then
        // reading pauses until the answer is out (`handlerAnswered`).
        if case .waitingForHandler = connection.state,
            connection.pendingInput > parser.limits.maxHeadBytes + settings.defaultBodyLimit
        {
            connection.wantsRead = false
            updateInterest(connection)
        }
        advance(connection)
    }

    private func peerClosed(_ connection: Connection) {
        connection.readClosed = true
        connection.wantsRead = false
        switch connection.state {
        case .waitingForHandler, .closing:
            updateInterest(connection)  // Answer what was asked, then close.
        default:
            close(connection)
        }
    }

    /// Parses and dispatches as many buffered requests as possible, then writes what is ready.
    private func advance(_ connection: Connection) {
        parsing: while true {
            switch connection.state {
            case .idle, .readingHead:
                guard connection.pendingInput > 0 else {
                    if connection.readClosed || shuttingDown {
                        connection.state = .closing
                    } else if case .readingHead = connection.state {
                        connection.state = .idle
                        connection.deadline = now + settings.timeouts.idle
                    }
                    break parsing
                }
                if case .idle = connection.state {
                    connection.state = .readingHead
                    connection.deadline = now + settings.timeouts.head
                }
                guard let result = parseHead(connection) else { break parsing }
                switch result {
                case .incomplete:
                    break parsing
                case .failure(let error):
                    fail(connection, error)
                    break parsing
                case .complete(var request, let framing, let headLength):
                    connection.consumeInput(headLength)
                    connection.requestStarted = now
                    request.clientAddress = connection.clientAddress
                    guard countRequest(connection, request) else {
                        refuseBusy(connection, request, "too many requests from this client")
                        break parsing
                    }
                    admit(connection, request, framing: framing)
                }
            case .readingBody(var request, let framing, let match, let limit):
                let result = connection.input.withUnsafeBufferPointer { buffer in
                    let pending = UnsafeBufferPointer(rebasing: buffer[connection.inputStart...])
                    return framing == .chunked
                        ? parser.decodeChunked(pending, limit: limit, progress: &connection.chunked)
                        : parser.parseBody(pending, framing: framing, limit: limit)
                }
                switch result {
                case .incomplete:
                    // A chunked body's length is known only as it arrives: its share grows with it.
                    if framing == .chunked, !reserveBody(connection, connection.pendingInput + connection.chunked.body.count) {
                        refuseBusy(connection, request, "too many request bodies arriving")
                        break parsing
                    }
                    if request.expectsContinue {
                        request.expectsContinue = false
                        outBuffer.append(contentsOf: Self.continueLine)
                        connection.state = .readingBody(request, framing: framing, match: match, limit: limit)
                    }
                    break parsing
                case .failure(let error):
                    fail(connection, error)
                    break parsing
                case .complete(let body, let length):
                    connection.releaseBody()
                    connection.consumeInput(length)
                    connection.chunked = HTTPRequestParser.ChunkedProgress()
                    request.body = body
                    dispatch(connection, request, match)
                }
            case .waitingForHandler, .streaming, .closing, .draining:
                break parsing
            }
        }
        if connection.readClosed {
            switch connection.state {
            case .idle, .readingHead, .readingBody:
                connection.state = .closing  // The rest of the request can never arrive.
            default:
                break
            }
        }
        flush(connection)
    }

    /// Decides what a complete head leads to before a byte of its body is read
    /// (`Router.admit`): a refusal is answered at once and the body never read; a body to read
    /// takes its share of the server's body budget (503 with `Retry-After` when spent): its
    /// whole length up front, or a chunked one's bytes as they arrive.
    private func admit(_ connection: Connection, _ request: HTTPRequest, framing: HTTPRequestParser.BodyFraming) {
        let match: Router.Match
        let limit: Int
        switch router.admit(request, hasBody: framing != .none) {
        case .answer(let response):
            answerUnread(connection, request, response, framing: framing)
            return
        case .refuse(let refusal):
            answerUnread(connection, request, settings.errors.response(for: refusal, path: request.path), framing: framing)
            return
        case .read(let admitted, let bodyLimit):
            match = admitted
            limit = bodyLimit ?? settings.defaultBodyLimit
        }
        // A body of known length takes its whole share before a byte of it is read (one over
        // its limit is refused unread with 413 by the parser).
        if case .contentLength(let length) = framing, length <= limit, !reserveBody(connection, length) {
            refuseBusy(connection, request, "too many request bodies arriving")
            return
        }
        connection.state = .readingBody(request, framing: framing, match: match, limit: limit)
        connection.deadline = now + settings.timeouts.body
    }

    /// Grows the share of the server's body budget the body being read on `connection` holds to
    /// `total` bytes; false when the budget (`maxBufferedBodyBytes`) is spent.
    private func reserveBody(_ connection: Connection, _ total: Int) -> Bool {
        connection.reserveBody(upTo: total, in: statistics, cap: parser.limits.maxBufferedBodyBytes)
    }

    /// Refuses `request`, its body unread or part read, because the server is busy (`why`: too
    /// many bodies arriving, too many requests from its client): 503 with `Retry-After`, then
    /// the connection closes.
    private func refuseBusy(_ connection: Connection, _ request: HTTPRequest, _ why: String) {
        connection.releaseBody()
        answerUnread(connection, request, busyResponse(path: request.path, why), framing: .chunked)
        connection.input = []
        connection.inputStart = 0
        connection.scannedUpTo = 0
        connection.chunked = HTTPRequestParser.ChunkedProgress()
    }

    /// Answers a request without reading its body: the connection closes after the answer if
    /// a body follows (its bytes are never parsed).
    private func answerUnread(
        _ connection: Connection, _ request: HTTPRequest, _ response: HTTPResponse, framing: HTTPRequestParser.BodyFraming
    ) {
        var response = response
        if framing != .none { response.headers.replaceOrAdd(name: "Connection", value: "close") }
        respond(connection, request, response)
    }

    /// Runs the parser only when a new line end has arrived or the head outgrew its limit.
    private func parseHead(_ connection: Connection) -> HTTPRequestParser.HeadResult? {
        connection.input.withUnsafeBufferPointer { buffer in
            let unscanned = UnsafeBufferPointer(rebasing: buffer[connection.scannedUpTo...])
            let sawLineEnd = HTTPBytes.firstIndex(of: .lf, in: unscanned, from: 0) != nil
            connection.scannedUpTo = buffer.count
            let pending = UnsafeBufferPointer(rebasing: buffer[connection.inputStart...])
            guard sawLineEnd || pending.count > parser.limits.maxTargetBytes + 64 else { return nil }
            return parser.parseHead(pending)
        }
    }

    /// Hands a whole request to its immediate handler (here, on the loop) or its handler (in a
    /// task), the static files or the refusal.
    private func dispatch(_ connection: Connection, _ request: HTTPRequest, _ match: Router.Match) {
        switch match {
        case .route(let route, let parameters):
            var routed = request
            routed.parameters = parameters
            routed.clientAddress = connection.clientAddress
            if let response = route.immediate?(routed) {
                respond(connection, routed, response)
                return
            }
            connection.state = .waitingForHandler(routed)
            connection.deadline = 0
            let id = connection.id
            let inbox = self.inbox
            let handler = route.handler
            Task {
                let response = await Router.run(handler, routed)
                inbox.post(.response(id, response))
            }
        case .staticFiles(let files):
            respond(connection, request, files.respond(to: request))
        case .refused(let refusal):
            respond(connection, request, settings.errors.response(for: refusal, path: request.path))
        }
    }

    /// Encodes a response into the output buffer and moves the connection to its next state.
    func respond(_ connection: Connection, _ request: HTTPRequest, _ response: HTTPResponse) {
        if let subscription = response.eventStream, request.method != .head {
            startStream(connection, request, response, subscription)
            return
        }
        endForwardedRequest(connection)
        let keepAlive = request.keepAlive && !shuttingDown
            && !(response.headers["Connection"].map { Substring($0).caseInsensitiveEquals("close") } ?? false)
            && countIdle(connection)
        let bodyBytes = ResponseEncoder.encode(
            response, into: &outBuffer, keepAlive: keepAlive, version: request.version,
            isHead: request.method == .head, date: dateLine)
        settings.accessLog?.record(
            method: request.method.rawValue, path: request.path, status: response.status.code,
            bytes: bodyBytes, nanoseconds: now &- connection.requestStarted)
        if keepAlive {
            connection.state = .idle
            connection.deadline = now + settings.timeouts.idle
        } else {
            connection.state = .closing
        }
    }

    /// Answers a refused request and closes the connection after the answer.
    func fail(_ connection: Connection, _ error: HTTPParseError) {
        connection.releaseBody()
        let path: String?
        if case .readingBody(let request, _, _, _) = connection.state {
            path = request.path
        } else {
            path = connection.input.withUnsafeBufferPointer {
                parser.refusedRequestPath(UnsafeBufferPointer(rebasing: $0[connection.inputStart...]))
            }
        }
        let response = settings.errors.response(for: error, path: path)
        ResponseEncoder.encode(
            response, into: &outBuffer, keepAlive: false, version: .http1_1, isHead: false, date: dateLine)
        settings.accessLog?.record(
            method: "-", path: "-", status: error.status.code, bytes: response.body.count, nanoseconds: 0)
        connection.state = .closing
        connection.input = []
        connection.inputStart = 0
        connection.scannedUpTo = 0
        connection.chunked = HTTPRequestParser.ChunkedProgress()
    }
}
