/// The node behind `effect`: runs a closure, records what it reads, and runs it again after any
/// of that changes (for real: a computed value that recomputes to an equal value does not count).
final class EffectNode: ObserverNode, @unchecked Sendable {
    // @unchecked: `body` is guarded by the graph lock; `pendingBody` is used only by the
    // delivering thread (see `ObserverNode`).

    private var body: (@Sendable () -> Void)?
    private var pendingBody: (@Sendable () -> Void)?

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        super.init()
    }

    override func prepare(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        guard let body else { return false }
        if flags.contains(.hasValue) && !sourcesChanged(context, &trash) { return false }
        flags.insert(.hasValue)
        recording = []
        pendingBody = body
        return true
    }

    override func deliver(_ context: ThreadContext) {
        guard let body = pendingBody else { return }
        pendingBody = nil
        let savedObserver = context.observer
        context.observer = self
        body()
        context.observer = savedObserver
    }

    override func finish(_ context: ThreadContext, _ trash: inout [Any]) {
        if flags.contains(.cancelled) {
            Graph.unlinkSources(of: self, &trash)
        } else {
            Graph.finishRecording(of: self, &trash)
        }
    }

    override func discardPending(_ trash: inout [Any]) {
        if let pendingBody { trash.append(pendingBody) }
        pendingBody = nil
    }

    override func cancel(_ trash: inout [Any]) {
        super.cancel(&trash)
        if let body { trash.append(body) }
        body = nil
    }
}
