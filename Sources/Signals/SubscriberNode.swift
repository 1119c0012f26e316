/// The node behind `subscribe`: calls back with the value of one source, first its current value,
/// then after every change, never twice for the same version.
final class SubscriberNode<Value: Sendable>: ObserverNode, @unchecked Sendable {
    // @unchecked: `callback` and `deliveredVersion` are guarded by the graph lock; the pending
    // fields are used only by the delivering thread (see `ObserverNode`).

    private let source: ValueNode<Value>
    private var callback: (@Sendable (Value) -> Void)?
    private var deliveredVersion: UInt64 = 0
    private var pendingValue: Value?
    private var pendingCallback: (@Sendable (Value) -> Void)?

    init(source: ValueNode<Value>, callback: @escaping @Sendable (Value) -> Void) {
        self.source = source
        self.callback = callback
        super.init()
    }

    /// Links to the source, under the lock; the first delivery is scheduled by the caller.
    func attach(_ context: ThreadContext, _ trash: inout [Any]) {
        _ = source.refresh(context, &trash)
        sources = [Dependency(source: source, version: source.version)]
        Graph.addTarget(self, to: source)
    }

    override func prepare(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        guard let callback else { return false }
        if !source.refresh(context, &trash) { return false }
        if flags.contains(.hasValue) && source.version == deliveredVersion { return false }
        flags.insert(.hasValue)
        deliveredVersion = source.version
        pendingValue = source.currentValue()
        pendingCallback = callback
        return true
    }

    override func deliver(_ context: ThreadContext) {
        guard let value = pendingValue, let callback = pendingCallback else { return }
        pendingValue = nil
        pendingCallback = nil
        callback(value)
    }

    override func discardPending(_ trash: inout [Any]) {
        if let pendingValue { trash.append(pendingValue) }
        if let pendingCallback { trash.append(pendingCallback) }
        pendingValue = nil
        pendingCallback = nil
    }

    override func cancel(_ trash: inout [Any]) {
        super.cancel(&trash)
        if let callback { trash.append(callback) }
        callback = nil
    }
}
