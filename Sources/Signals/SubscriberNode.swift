/// The node behind `subscribe` and `subscribeToChanges`: calls back with the value of one source
/// (first its current value, unless only changes were asked for), then after every change, never
/// twice for the same version, and never with a state's value equal to the one it last had.
final class SubscriberNode<Value: Sendable>: ObserverNode, @unchecked Sendable {
    // @unchecked: links, versions and the baseline are guarded by the graph lock; `pending` is
    // written by `prepare` and consumed by `deliver` on the one thread delivering (see
    // `ObserverNode`).

    private let source: ValueNode<Value>
    /// The callback (called directly by a state's fast wave).
    let callback: @Sendable (Value) -> Void
    /// The value to deliver; initialized exactly while `hasPending`. (A pointer, not an optional:
    /// `Optional<Value>` would cost a generic metadata lookup per delivery.) Allocated on first
    /// need: a subscriber only ever called by fast waves never needs it.
    @exclusivity(unchecked) private var pending: UnsafeMutablePointer<Value>?
    @exclusivity(unchecked) private var hasPending = false
    /// A subscriber of a state: the value it was last called with (or skipped at), kept while it
    /// waits in a queue (see `StateNode.keepBaselines`); initialized exactly while `hasBaseline`.
    /// Allocated on first need, like `pending`.
    @exclusivity(unchecked) private var baseline: UnsafeMutablePointer<Value>?
    @exclusivity(unchecked) private var hasBaseline = false
    /// The version the baseline is the value of.
    @exclusivity(unchecked) private var baselineVersion: UInt64 = 0

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
        if let baseline {
            if hasBaseline { baseline.deinitialize(count: 1) }
            baseline.deallocate()
        }
    }

    /// Links to the source, under the lock; the first delivery is scheduled by the caller.
    /// (Its one source is `source`: no `sources` list to allocate.)
    func attach(_ context: ThreadContext, _ trash: inout [Any]) {
        _ = source.refresh(context, &trash)
        Graph.addTarget(self, to: source)
    }

    /// Links to the source as one that has already seen its current value, under the lock: the
    /// first call is the next change.
    func attachSeen(_ context: ThreadContext, _ trash: inout [Any]) {
        attach(context, &trash)
        flags.insert(.hasValue)
        deliveredVersion = source.version
    }

    /// Under the lock, as its state changes from `value` (the one this subscriber last had, at
    /// `deliveredVersion`) and before it is queued: keeps `value`, so that a delivery finding
    /// the state back at it skips the call.
    func keepBaseline(_ value: Value, _ trash: inout [Any]) {
        if hasBaseline {
            dropBaseline(&trash)
        } else if baseline == nil {
            baseline = .allocate(capacity: 1)
        }
        baseline.unsafelyUnwrapped.initialize(to: value)
        baselineVersion = deliveredVersion
        hasBaseline = true
    }

    /// Under the lock: whether the state is back at the value this subscriber last had (so the
    /// changes since came to nothing); drops the baseline either way.
    private func cameBack(_ trash: inout [Any]) -> Bool {
        guard hasBaseline else { return false }
        let state = unsafeDowncast(source, to: StateNode<Value>.self)
        let equal = baselineVersion == deliveredVersion && state.isEqual(baseline.unsafelyUnwrapped.pointee, state.value)
        dropBaseline(&trash)
        return equal
    }

    /// Deinitializes the baseline; a value that owns memory is released outside the lock.
    private func dropBaseline(_ trash: inout [Any]) {
        hasBaseline = false
        if _isPOD(Value.self) {
            baseline.unsafelyUnwrapped.deinitialize(count: 1)
        } else {
            trash.append(baseline.unsafelyUnwrapped.move())
        }
    }

    override func cancel(_ trash: inout [Any]) {
        markCancelled()
        Graph.removeTarget(self, from: source)
    }

    override func prepare(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        if !source.refresh(context, &trash) { return false }
        let cameBack = cameBack(&trash)
        if flags.contains(.hasValue) {
            if source.version == deliveredVersion { return false }
            if cameBack {
                deliveredVersion = source.version
                return false
            }
        }
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
