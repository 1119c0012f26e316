import TestSupport

/// Why `waitUntil` gave up.
struct ConditionNeverHeld: Error {}

/// Waits (yielding to the main actor's models) until `condition` holds; throws after 30 seconds
/// (a loaded machine running the whole suite at once can take more than five), so a test that
/// would go on to wait for something that never comes ends instead of hanging the run.
@MainActor
func waitUntil(_ condition: () -> Bool) async throws {
    guard await eventually(interval: .milliseconds(5), condition) else { throw ConditionNeverHeld() }
}
