/// The node behind `subscribe`: calls back with the value of one source, first its current value,
/// then after every change, never twice for the same version.
final class SubscriberNode<Value: Sendable>: ObserverNode, @unchecked Sendable {
    // @unchecked: links and versions are guarded by the graph lock; `pending` is written by
    // `prepare` and consumed by `deliver` on the one thread delivering (see `ObserverNode`).

    private let source: ValueNode<Value>
    /// The callback (called directly by a state's fast wave).
    let callback: @Sendable (Value) -> Void
    /// The value to deliver; initialized exactly while `hasPending`. (A pointer, not an optional:
    /// `Optional<Value>` would cost a generic metadata lookup per delivery.) Allocated on first
    /// need: a subscriber only ever called by fast waves never needs it.
    @exclusivity(unchecked) private var pending: UnsafeMutablePointer<Value>?
    @exclusivity(unchecked) private var hasPending = false

    init(source: ValueNode<Value>, callback: @escaping @Sendable (Value) -> Void) {
        self.source = source
        self.callback = callback
        super.init(stateSource: source.isState ? source : nil)
    }

    deinit {
        if let pending {
            if hasPending { pending.deinitialize(count: 1) }
            pending.deallocate()
        }
    }

    /// Links to the source, under the lock; the first delivery is scheduled by the caller.
    /// (Its one source is `source`: no `sources` list to allocate.)
    func attach(_ context: ThreadContext, _ trash: inout [Any]) {
        _ = source.refresh(context, &trash)
        Graph.addTarget(self, to: source)
    }

    override func cancel(_ trash: inout [Any]) {
        markCancelled()
        Graph.removeTarget(self, from: source)
    }

    override func prepare(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        if !source.refresh(context, &trash) { return false }
        if flags.contains(.hasValue) && source.version == deliveredVersion { return false }
        flags.insert(.hasValue)
        deliveredVersion = source.version
        if hasPending {
            pending.unsafelyUnwrapped.pointee = source.currentValue()
        } else {
            if pending == nil { pending = .allocate(capacity: 1) }
            pending.unsafelyUnwrapped.initialize(to: source.currentValue())
            hasPending = true
        }
        return true
    }

    override func deliver(_ context: ThreadContext) {
        guard hasPending else { return }
        hasPending = false
        callback(pending.unsafelyUnwrapped.move())
    }
}
