import Foundation
import Observation
import ModelsTesting
import Synchronization
import TestSupport

/// One `withObservationTracking`, as a SwiftUI view's render is: what `track` read is watched,
/// and each `onChange` call is counted with the thread that made it.
final class ChangeProbe: Sendable {
    private let calls = Mutex<[UInt]>([])

    /// Runs `read` inside `withObservationTracking` and returns what it read.
    @discardableResult
    func track<Value>(_ read: () -> Value) -> Value {
        withObservationTracking(read) { [self] in
            calls.withLock { $0.append(currentThread()) }
        }
    }

    /// How many times `onChange` was called.
    var count: Int { calls.withLock { $0.count } }

    /// The threads the calls came on.
    var threads: Set<UInt> { calls.withLock { Set($0) } }
}

/// This thread's id.
func currentThread() -> UInt { TestSystem.currentThread }

/// Starts tracking `read` with a new probe.
func tracking<Value>(_ read: () -> Value) -> ChangeProbe {
    let probe = ChangeProbe()
    probe.track(read)
    return probe
}

/// Whether the model `make` builds is released once nothing holds it, after a view read it
/// (`read`) and something it read changed (`change`): the bridge's subscriptions hold it weakly.
@MainActor
func isReleasedAfterObserving<Model: AnyObject>(
    _ make: () -> Model, read: (Model) -> Void, change: (Model) async throws -> Void
) async rethrows -> Bool {
    weak var released: Model?
    var probe: ChangeProbe?
    do {
        let model = make()
        released = model
        probe = tracking { read(model) }
        try await change(model)
    }
    return released == nil && probe?.count == 1
}

/// The same for a model `make` builds over a `ScriptedTransport` whose first answer is `reply`.
@MainActor
func isReleasedAfterObserving<Model: AnyObject>(
    over reply: ScriptedTransport.Reply, _ make: (ScriptedTransport) -> Model, read: (Model) -> Void,
    change: (Model) async throws -> Void
) async rethrows -> Bool {
    let transport = ScriptedTransport()
    transport.enqueue(reply)
    return try await isReleasedAfterObserving({ make(transport) }, read: read, change: change)
}
