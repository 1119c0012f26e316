import CEventLoop
import Foundation
import HTTPServer
import Testing
import TestSupport

@testable import AdivinaApp

/// One device on the lecture hall's Wi-Fi opening connections until something gives, against the
/// real `adivina --classroom` run with a hard open-file limit of 1,024 (`prlimit`): the device
/// holds at most `ClientAddresses.idleConnectionsPerClient` idle connections, every other one is
/// answered 503 with `Retry-After`, and the teacher's machine is served throughout. Then many
/// devices together fill the server's connection cap (below the open-file limit, with a reserve):
/// the app answers 503, never a wrong status, and the process lives. Devices are other loopback
/// addresses (127.0.0.2 and up: Linux only), so nothing leaves the machine.
@Suite(
    .timeLimit(.minutes(5)),
    .enabled(if: TestSystem.processResourcesAvailable, "needs loopback addresses other than 127.0.0.1 (Linux)"),
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit (util-linux)"),
    .enabled(if: cel_raise_open_file_limit() >= 4096, "the test process needs 4,096 open files for its devices"))
struct ConnectionFloodTests {
    /// What a device sends on each connection: a request line, never the rest of the head.
    static let partialHead = Array("GET / HTTP/1.1\r\n".utf8)
    /// The idle connections a device may hold.
    static let idleCap = ClientAddresses.idleConnectionsPerClient

    /// A device's connections, sorted as the server answers them.
    struct Device {
        let source: String
        let port: Int
        /// Connections the server has not answered (held open).
        var held: [LoopbackSocket] = []
        /// The status lines of the answers, by status line.
        var answers: [String: Int] = [:]
        /// Connections the server closed without a word.
        var silentCloses = 0

        /// Opens one connection and sends the partial head.
        mutating func open() throws {
            let socket = try LoopbackSocket.connected(toPort: port, from: source)
            _ = Self.send(socket)
            held.append(socket)
        }

        private static func send(_ socket: LoopbackSocket) -> Int {
            partialHead.withUnsafeBytes { socket.send($0) }
        }

        /// Reads the answers that have arrived (waiting up to `milliseconds` for one) and closes
        /// the answered connections.
        mutating func collect(milliseconds: Int32) {
            let readable = LoopbackSocket.readable(held, milliseconds: milliseconds)
            var still: [LoopbackSocket] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            for (socket, ready) in zip(held, readable) {
                guard ready else {
                    still.append(socket)
                    continue
                }
                let count = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
                if count > 0 {
                    let line = String(decoding: chunk[0..<count], as: UTF8.self).split(separator: "\r\n").first.map(String.init) ?? ""
                    answers[line, default: 0] += 1
                } else {
                    silentCloses += 1
                }
                socket.close()
            }
            held = still
        }

        /// Collects until at most `count` connections are held, within `timeout`.
        mutating func settle(toAtMost count: Int, timeout: Duration = .seconds(60)) {
            let deadline = ContinuousClock.now + timeout
            while held.count > count && ContinuousClock.now < deadline { collect(milliseconds: 100) }
        }

        mutating func closeAll() {
            for socket in held { socket.close() }
            held = []
        }
    }

    /// `adivina --classroom` under a hard limit of `files` open files, and its port.
    static func start(files: Int) async throws -> (ChildProcess, Int) {
        let data = TestFiles.scratch("adivina-flood")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/prlimit"),
            ["--nofile=\(files):\(files)", ExecutableTests.binary.path, "--classroom", "--port", "0", "--data-dir", data.path],
            mergingErrors: true)
        let output = try #require(await child.waitForOutput(containing: "anfitrión: "))
        let first = try #require(output.split(separator: "\n").first)
        let port = try #require(first.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "/"))) })
        return (child, port)
    }

    /// The status line of `GET path` from the teacher's machine (127.0.0.1), read on a thread of
    /// its own; "" when nothing came.
    static func teacher(_ port: Int, _ path: String) async -> String {
        let answer = await rawExchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        return answer.text.split(separator: "\r\n").first.map(String.init) ?? ""
    }

    @Test func oneDeviceHoldsSixteenIdleConnectionsAndTheClassGoesOn() async throws {
        let (child, port) = try await Self.start(files: 1024)
        defer { child.send(SIGKILL) }
        #expect(await Self.teacher(port, "/clase/") == "HTTP/1.1 200 OK")

        // One device tries 10,000 connections, 200 at a time.
        var device = Device(source: "127.0.0.2", port: port)
        var mostHeld = 0
        for _ in 0..<50 {
            for _ in 0..<200 { try device.open() }
            device.settle(toAtMost: Self.idleCap, timeout: .seconds(20))
            mostHeld = max(mostHeld, device.held.count)
            if mostHeld > Self.idleCap { break }
        }
        let refused = device.answers["HTTP/1.1 503 Service Unavailable"] ?? 0
        print("ConnectionFloodTests: 10,000 tried from one device: \(mostHeld) held at most, \(refused) answered 503, "
            + "other answers \(device.answers.filter { $0.key != "HTTP/1.1 503 Service Unavailable" }), "
            + "\(device.silentCloses) closed silently; adivina running: \(child.isRunning), "
            + "its open files: \(TestSystem.openDescriptors(of: child.process.processIdentifier) ?? -1)")
        #expect(mostHeld <= Self.idleCap)
        // Refused at once, not only freed later by the head timeout (without the cap every one
        // would be held until its 408).
        #expect(refused > 0, "\(device.answers)")
        // Every connection is accounted for: refused, or taken and held (until the head timeout
        // answers it 408, which frees its place: how many depends on the machine's speed).
        let timedOut = device.answers["HTTP/1.1 408 Request Timeout"] ?? 0
        #expect(refused + timedOut + device.held.count == 10_000 - device.silentCloses)
        #expect(device.answers.keys.allSatisfy { $0.hasPrefix("HTTP/1.1 503") || $0.hasPrefix("HTTP/1.1 408") }, "\(device.answers)")
        #expect(device.silentCloses == 0)
        #expect(await Self.teacher(port, "/clase/") == "HTTP/1.1 200 OK", "the teacher's machine is served while the device holds its share")
        #expect(await Self.teacher(port, "/api/classroom/info") == "HTTP/1.1 200 OK")
        #expect(child.isRunning)
        device.closeAll()
    }

    @Test func manyDevicesFillTheCapAndTheServerAnswers503NotAWrongStatus() async throws {
        let (child, port) = try await Self.start(files: 1024)
        defer { child.send(SIGKILL) }
        // 70 devices × 16 idle connections: past the cap of 832 (1,024 less the reserve).
        var devices = (3..<73).map { Device(source: "127.0.0.\($0)", port: port) }
        for index in devices.indices {
            for _ in 0..<Self.idleCap { try devices[index].open() }
        }
        let connectionCap = HTTPServer.connectionCap(openFileLimit: 1024)
        for index in devices.indices { devices[index].collect(milliseconds: 0) }
        var held = devices.reduce(0) { $0 + $1.held.count }
        let deadline = ContinuousClock.now + .seconds(60)
        while held > connectionCap && ContinuousClock.now < deadline {
            for index in devices.indices { devices[index].collect(milliseconds: 10) }
            held = devices.reduce(0) { $0 + $1.held.count }
        }
        #expect(held <= connectionCap)
        let during = await Self.teacher(port, "/clase/")
        #expect(during == "HTTP/1.1 503 Service Unavailable" || during == "HTTP/1.1 200 OK", "never a 404: \(during)")
        var answers: [String: Int] = [:]
        for device in devices { answers.merge(device.answers, uniquingKeysWith: +) }
        #expect(answers.keys.allSatisfy { $0.hasPrefix("HTTP/1.1 503") || $0.hasPrefix("HTTP/1.1 408") }, "\(answers)")
        // The cap was reached (a connection taken and timed out frees its place: how many
        // depends on the machine's speed), and every connection is accounted for.
        #expect(answers["HTTP/1.1 503 Service Unavailable", default: 0] > 0, "\(answers)")
        #expect(answers.values.reduce(0, +) + held == devices.count * Self.idleCap)
        print("ConnectionFloodTests: \(devices.count * Self.idleCap) idle connections from \(devices.count) devices: \(held) held, "
            + "answers \(answers); the teacher's page meanwhile: \(during); adivina running: \(child.isRunning), "
            + "its open files: \(TestSystem.openDescriptors(of: child.process.processIdentifier) ?? -1)")
        #expect(devices.allSatisfy { $0.silentCloses == 0 })
        #expect(child.isRunning)

        for index in devices.indices { devices[index].closeAll() }
        let (after, served) = await eventually { await Self.teacher(port, "/clase/") } until: { $0 == "HTTP/1.1 200 OK" }
        #expect(served, "served again once the devices let go: \(after)")
        #expect(child.isRunning)
        #expect(!child.outputText.contains("SIGILL"))
    }
}
