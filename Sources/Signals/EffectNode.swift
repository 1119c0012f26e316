/// The node behind `effect`: runs a closure, records what it reads, and runs it again after any
/// of that changes (for real: a computed value that recomputes to an equal value does not count).
final class EffectNode: ObserverNode, @unchecked Sendable {
    // @unchecked: as `ObserverNode`; `body` never changes.

    private let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        super.init()
    }

    override func prepare(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        if flags.contains(.hasValue) && !sourcesChanged(context, &trash) { return false }
        flags.insert(.hasValue)
        beginRecording()
        return true
    }

    override func deliver(_ context: ThreadContext) {
        let savedObserver = context.observer
        context.observer = Unmanaged.passUnretained(self)
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
}
