import Foundation
import Synchronization

/// A child process whose output is collected on reader threads and whose end is awaited through
/// its termination handler: nothing here blocks a thread of Swift's cooperative pool (a blocked
/// pool thread on a 2-core machine stalls every other test of the process).
public final class ChildProcess: Sendable {
    /// The process (already running).
    public let process: Process
    private let output = Collected()
    private let errors = Collected()
    private let exited = Latch()
    private let outputEnded = Latch()
    private let errorsEnded = Latch()

    /// Starts `executable` with `arguments`; standard error is collected apart unless
    /// `mergingErrors`.
    public init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        mergingErrors: Bool = false
    ) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let outputPipe = Pipe()
        let errorPipe = mergingErrors ? outputPipe : Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        self.process = process
        let exited = self.exited
        process.terminationHandler = { _ in exited.open() }
        try Self.launch(process)
        Self.read(outputPipe.fileHandleForReading, into: output, ended: outputEnded)
        if mergingErrors {
            errorsEnded.open()
        } else {
            Self.read(errorPipe.fileHandleForReading, into: errors, ended: errorsEnded)
        }
    }

    /// Runs `executable` to its end (at most `timeout`, then it is killed) and returns its exit
    /// status (`nil` if it was killed or died of a signal) and output.
    public static func run(
        _ executable: URL, _ arguments: [String], timeout: Duration = .seconds(120)
    ) async throws -> (status: Int32?, output: Data, errors: Data) {
        let child = try ChildProcess(executable, arguments)
        let status = await child.exitStatus(timeout: timeout)
        return (status, child.outputData, child.errorData)
    }

    /// What the child wrote on standard output (and standard error, if merged) so far.
    public var outputData: Data { output.bytes.withLock { $0 } }
    /// `outputData` as UTF-8 text.
    public var outputText: String { String(decoding: outputData, as: UTF8.self) }
    /// What the child wrote on standard error so far (empty if merged).
    public var errorData: Data { errors.bytes.withLock { $0 } }

    /// Whether the child is still running.
    public var isRunning: Bool { !exited.isOpen }

    /// The output once it contains `needle`, or nil if it has not after `timeout` or the child
    /// ended without writing it.
    public func waitForOutput(containing needle: String, timeout: Duration = hangBound) async -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let text = outputText
            if text.contains(needle) { return text }
            if outputEnded.isOpen || ContinuousClock.now >= deadline { return nil }
            // Polled, not blocked: the reader thread appends, this task looks again shortly.
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for the child to end and its output to be read; returns its exit status, or nil
    /// when it died of a signal. After `timeout` it is killed (SIGKILL) and nil is returned.
    @discardableResult
    public func exitStatus(timeout: Duration = .seconds(60)) async -> Int32? {
        if !(await exited.wait(timeout: timeout)) {
            kill(process.processIdentifier, SIGKILL)
            _ = await exited.wait(timeout: .seconds(10))
            return nil
        }
        _ = await outputEnded.wait(timeout: .seconds(10))
        _ = await errorsEnded.wait(timeout: .seconds(10))
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// Whether the child ended by `signal`.
    public var diedOf: Int32? {
        exited.isOpen && process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
    }

    /// Sends `signal` to the child (if it still runs).
    public func send(_ signal: Int32) {
        if isRunning { kill(process.processIdentifier, signal) }
    }

    /// Starts `process`, one launch at a time in the whole test process: Foundation's
    /// `Process.run()` crashed (a bad pointer in its memmove) when launches from several threads
    /// overlapped under load. Launching takes a millisecond; the children then run side by side.
    public static func launch(_ process: Process) throws {
        try launches.withLock { _ in try process.run() }
    }

    private static let launches = Mutex(())

    /// Reads `handle` to its end on a thread of its own.
    private static func read(_ handle: FileHandle, into buffer: Collected, ended: Latch) {
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                buffer.bytes.withLock { $0.append(data) }
            }
            ended.open()
        }
    }
}

/// Bytes a reader thread appends to while tests read them.
private final class Collected: Sendable {
    let bytes = Mutex(Data())
}
