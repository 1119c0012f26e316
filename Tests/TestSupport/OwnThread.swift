import Foundation

/// Runs CPU-heavy test work on a thread of its own and returns its result.
///
/// Swift's cooperative pool has one thread per core (two here); a test that computes for
/// seconds on it leaves every other test's tasks — the app's request handlers among them —
/// waiting for a thread. The work should return what it found (a list of mismatches, say) and
/// the test checks it, since expectations belong to the test's own task.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Result { try work() })
        }
    }
}
