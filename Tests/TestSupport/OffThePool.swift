import Foundation

/// Runs `work` on a thread of its own and returns what it returns (or throws what it throws).
///
/// For a test's heavy synchronous work (reading megabytes, thousands of cases): on the
/// cooperative pool, only as wide as the CPU count, it would hold back every other test's tasks,
/// the handlers of the servers under test among them, while the system's scheduler shares a
/// thread of its own with them fairly.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
