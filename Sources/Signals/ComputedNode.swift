/// The node behind a `Computed`: a cached value, the function computing it, and the Preact-style
/// refresh (check flags, then the global version, then the sources' versions, then recompute).
final class ComputedNode<Value: Sendable>: ValueNode<Value>, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by the graph lock.

    private let compute: @Sendable () -> Value
    private let isEqual: @Sendable (Value, Value) -> Bool
    /// The cached value; initialized exactly while `flags` contains `.hasValue`.
    private let cached = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    @exclusivity(unchecked) private var seenGlobalVersion: UInt64 = 0

    init(isEqual: @escaping @Sendable (Value, Value) -> Bool, compute: @escaping @Sendable () -> Value) {
        self.compute = compute
        self.isEqual = isEqual
        super.init(order: Graph.nextOrder())
    }

    deinit {
        if flags.contains(.hasValue) { cached.deinitialize(count: 1) }
        cached.deallocate()
    }

    override var isLinked: Bool { flags.contains(.linked) }

    override func currentValue() -> Value {
        cached.pointee
    }

    override func valueAfterCycle(_ cycle: Bool) -> Value {
        guard flags.contains(.hasValue) else {
            fatalError("Signals: a Computed read itself during its first computation (a cycle with no value to give)")
        }
        return cached.pointee
    }

    override func refresh(_ context: ThreadContext?, _ trash: inout [Any]) -> Bool {
        flags.remove(.notified)
        if flags.contains(.running) { return false }
        let hasValue = flags.contains(.hasValue)
        if hasValue && flags.contains(.linked) && !flags.contains(.outdated) { return true }
        flags.remove(.outdated)
        if hasValue && seenGlobalVersion == Graph.globalVersion { return true }
        seenGlobalVersion = Graph.globalVersion
        flags.insert(.running)
        defer { flags.remove(.running) }
        if hasValue && !sourcesChanged(context, &trash) { return true }
        recompute(context, &trash)
        return true
    }

    /// Runs `compute` with this node as the observer of this thread, under the lock.
    private func recompute(_ context: ThreadContext?, _ trash: inout [Any]) {
        // Without binding `context` to a new name, which would retain it.
        if context == nil {
            ThreadContext.withCurrentThread { recompute(in: $0, &trash) }
        } else {
            recompute(in: context.unsafelyUnwrapped, &trash)
        }
    }

    /// `recompute` with this thread's context.
    private func recompute(in context: ThreadContext, _ trash: inout [Any]) {
        let savedObserver = context.observer
        let savedHoldsLock = context.holdsLock
        context.observer = Unmanaged.passUnretained(self)
        context.holdsLock = true
        beginRecording()
        let newValue = compute()
        context.observer = savedObserver
        context.holdsLock = savedHoldsLock
        if !savedHoldsLock && !context.trash.isEmpty {
            // This is the outermost computation: what nested reads released joins `trash`.
            trash.append(contentsOf: context.trash)
            context.trash = []
        }
        Graph.finishRecording(of: self, &trash)
        if flags.contains(.hasValue) {
            if isEqual(cached.pointee, newValue) { return }
            if _isPOD(Value.self) {
                cached.deinitialize(count: 1)
            } else {
                trash.append(cached.move())  // released outside the lock
            }
        }
        cached.initialize(to: newValue)
        flags.insert(.hasValue)
        version &+= 1
    }

    override func sourceMayHaveChanged(depth: Int, into wave: inout [ObserverNode]) {
        if flags.contains(.notified) { return }
        flags.formUnion([.notified, .outdated])
        Graph.markTargets(of: self, depth: depth, into: &wave)
    }

    override func didGainFirstTarget() {
        if flags.contains(.linked) { return }
        flags.insert(.linked)
        for dependency in sources { Graph.addTarget(self, to: dependency.source) }
    }

    override func didLoseLastTarget() {
        if !flags.contains(.linked) { return }
        flags.remove(.linked)
        flags.insert(.outdated)
        for dependency in sources { Graph.removeTarget(self, from: dependency.source) }
    }
}
