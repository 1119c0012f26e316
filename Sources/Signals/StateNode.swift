/// The node behind a `State`: a stored value, its equality and an optional companion counter
/// (the `changes` of the `SignalModel` it belongs to) bumped with every change.
@usableFromInline final class StateNode<Value: Sendable>: ValueNode<Value>, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by the graph lock.

    @exclusivity(unchecked) @usableFromInline var value: Value
    @usableFromInline let isEqual: @Sendable (Value, Value) -> Bool
    /// Bumped in the same wave as every change of this state (see `Tracked`).
    @exclusivity(unchecked) var companion: StateNode<Int>?

    init(_ value: Value, isEqual: @escaping @Sendable (Value, Value) -> Bool) {
        self.value = value
        self.isEqual = isEqual
        super.init(order: Graph.nextOrder(), isState: true)
    }

    override func currentValue() -> Value {
        value
    }

    /// What a write leaves to do once the lock is free.
    @usableFromInline enum WriteOutcome {
        /// Nothing (no change, nobody to tell, or queued behind this thread's delivery or batch).
        case quiet
        /// Run `Graph.deliver`.
        case deliver
        /// Run the fast wave taken by `startFastWave`.
        case fastWave
    }

    /// Atomically transforms the value; notifies (before returning) when it changed.
    func write<R, E: Error>(_ transform: (inout Value) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = ThreadContext.withCurrentThread { context in
            if context.holdsLock {
                // A computation must not have side effects: report it and leave the state as is.
                SignalDiagnostics.report(.writeDuringComputation)
                var copy = Graph.locked(context) { _ in value }
                return Result { () throws(E) -> R in try transform(&copy) }
            }
            var replaced: Value?
            var stored: Value?
            var result: Result<R, E>?
            let outcome: WriteOutcome = Graph.locked(context) { trash in
                var newValue = value
                do throws(E) { result = .success(try transform(&newValue)) } catch {
                    result = .failure(error)
                    return .quiet
                }
                if isEqual(value, newValue) { return .quiet }
                swap(&value, &newValue)
                replaced = newValue
                let outcome = changed(from: newValue, context, &trash)
                if case .fastWave = outcome { stored = value }
                return outcome
            }
            withExtendedLifetime(replaced) {}  // the old value is released here, outside the lock
            switch outcome {
            case .quiet: break
            case .deliver: Graph.deliver(context)
            case .fastWave: runFastWave(stored.unsafelyUnwrapped, context)
            }
            return result.unsafelyUnwrapped
        }
        return try result.get()
    }

    /// Replaces the value; notifies (before returning) when it changed.
    @inlinable func set(_ newValue: Value) {
        ThreadContext.withCurrentThread { context in
            if context.holdsLock {
                SignalDiagnostics.report(.writeDuringComputation)
                return
            }
            var incoming = newValue
            let outcome: WriteOutcome = Graph.locked(context) { trash in
                if isEqual(value, incoming) { return .quiet }
                swap(&value, &incoming)
                return changed(from: incoming, context, &trash)
            }
            // `incoming` now holds the old value: it is released when this call returns, outside the lock.
            switch outcome {
            case .quiet: break
            case .deliver: Graph.deliver(context)
            case .fastWave: runFastWave(newValue, context)
            }
        }
    }

    /// Bookkeeping of a change from `old`, under the lock: marks the targets, and says how to
    /// notify them.
    @usableFromInline func changed(from old: Value, _ context: ThreadContext, _ trash: inout [Any]) -> WriteOutcome {
        version &+= 1
        Graph.globalVersion &+= 1
        if companion != nil { companion!.value &+= 1 }
        let companionIsQuiet = companion == nil || companion!.targets.isEmpty
        if companionIsQuiet {
            if targets.isEmpty {
                companion?.version &+= 1
                return .quiet
            }
            if !context.isDelivering && context.batchDepth == 0 && startFastWave(context) {
                companion?.version &+= 1
                return .fastWave
            }
        }
        let depth = Graph.causeDepth(context)
        if !targets.isEmpty { keepBaselines(old, &trash) }
        Graph.markTargets(of: self, depth: depth, into: &context.queue)
        if let companion {
            companion.version &+= 1
            Graph.markTargets(of: companion, depth: depth, into: &context.queue)
        }
        return Graph.startDelivery(context, &trash) ? .deliver : .quiet
    }

    /// Under the lock, on a change from `old` that queues the subscribers: each one that had
    /// `old` and is not queued yet keeps it, so that if a later write of the same batch or wave
    /// puts `old` back, it is not called with a value equal to the one it has
    /// (`SubscriberNode.prepare`). A fast wave needs none of this: it calls with the value
    /// just stored.
    @inline(__always)
    private func keepBaselines(_ old: Value, _ trash: inout [Any]) {
        let previous = version &- 1
        var index = 0
        while index < targets.count {
            targets[index].node._withUnsafeGuaranteedRef { node in
                // Flags and version first: only a subscriber that takes a baseline needs its type.
                guard node.flags.contains([.stateSubscriber, .hasValue]),
                    node.flags.isDisjoint(with: [.scheduled, .cancelled]),
                    unsafeDowncast(node, to: ObserverNode.self).deliveredVersion == previous
                else { return }
                unsafeDowncast(node, to: SubscriberNode<Value>.self).keepBaseline(old, &trash)
            }
            index += 1
        }
    }

    // MARK: Fast wave
    //
    // The common write — a state whose targets are all plain subscribers, none of them queued or
    // running anywhere, written by a thread that is neither delivering nor batching — skips the
    // queue: under the lock it takes the subscribers (unretained, in subscription order) and
    // marks them delivered at the new version; after the lock it calls them with the value just
    // stored, and resets `fastWave` with one compare-and-swap. Whoever meets the wave meanwhile
    // goes through `joinFastWave`: a write or a new wave marking these subscribers asks for one
    // more notification of all of them, and a cancel hands the node over to be released after the
    // wave; then the reset fails, and the thread finishes under the lock like a normal delivery.
    // Writes and subscriptions made by the callbacks are queued, as in any delivery, and run after.
    // A new subscriber's first call is a fast wave of one (`subscribe`).

    /// Links `subscriber` and calls it with the current value: in a fast wave of its own when this
    /// thread is neither delivering nor batching and no fast wave of this state runs, else queued
    /// like any new observer.
    func subscribe(_ subscriber: SubscriberNode<Value>) {
        ThreadContext.withCurrentThread { context in
            // The value for the fast wave, taken under the lock (on the stack: no `Optional<Value>`).
            withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
                let slot = buffer.baseAddress.unsafelyUnwrapped
                var mustDeliver = false
                let fast: Bool = Graph.locked(context) { trash in
                    subscriber.attach(context, &trash)
                    if context.isDelivering || context.batchDepth > 0
                        || fastWave.load(ordering: .relaxed) != FastWave.idle
                    {
                        Graph.schedule(
                            subscriber, depth: Graph.causeDepth(context), into: &context.queue)
                        mustDeliver = Graph.startDelivery(context, &trash)
                        return false
                    }
                    subscriber.flags.formUnion([.inFastWave, .hasValue])
                    subscriber.deliveredVersion = version
                    context.fastWave.removeAll(keepingCapacity: true)
                    context.fastWave.append(Unmanaged.passUnretained(subscriber))
                    fastWave.store(FastWave.running, ordering: .relaxed)
                    slot.initialize(to: value)
                    return true
                }
                if fast {
                    runFastWave(slot.pointee, context)
                    slot.deinitialize(count: 1)
                } else if mustDeliver {
                    Graph.deliver(context)
                }
            }
        }
    }

    /// Under the lock: takes a fast wave into `context.fastWave` when every target is a plain
    /// subscriber free to run; returns whether it did.
    private func startFastWave(_ context: ThreadContext) -> Bool {
        if fastWave.load(ordering: .relaxed) != FastWave.idle { return false }
        var index = 0
        while index < targets.count {
            let free = targets[index].node._withUnsafeGuaranteedRef {
                $0.flags.contains(.stateSubscriber)
                    && $0.flags.isDisjoint(with: [.scheduled, .delivering, .cancelled])
            }
            if !free { return false }
            index += 1
        }
        context.fastWave.removeAll(keepingCapacity: true)
        index = 0
        while index < targets.count {
            let node = targets[index].node
            node._withUnsafeGuaranteedRef {
                $0.flags.formUnion([.inFastWave, .hasValue])
                unsafeDowncast($0, to: ObserverNode.self).deliveredVersion = version
            }
            context.fastWave.append(node)
            index += 1
        }
        fastWave.store(FastWave.running, ordering: .relaxed)
        return true
    }

    /// Outside the lock: calls the subscribers of the fast wave with `value`, then finishes it.
    @usableFromInline func runFastWave(_ value: Value, _ context: ThreadContext) {
        context.isDelivering = true
        context.depth = 0
        var index = 0
        while index < context.fastWave.count {
            // Nested writes on this thread are queued, so `fastWave` does not change meanwhile;
            // its nodes stay alive until the wave ends (see `joinFastWave`).
            context.fastWave[index]._withUnsafeGuaranteedRef { node in
                let subscriber = unsafeDowncast(node, to: SubscriberNode<Value>.self)
                if !subscriber.isCancelled { subscriber.callback(value) }
            }
            index += 1
        }
        let finished = fastWave.compareExchange(
            expected: FastWave.running, desired: FastWave.idle, ordering: .acquiringAndReleasing
        ).exchanged
        if finished && context.queue.isEmpty {
            context.isDelivering = false
            return
        }
        let mustDeliver: Bool = Graph.locked(context) { trash in
            if !finished {
                fastWave.store(FastWave.idle, ordering: .relaxed)
                let followUp = fastFollowUp
                fastFollowUp = FastFollowUp()
                if !followUp.cancelled.isEmpty { trash.append(followUp.cancelled) }
                if followUp.redeliver {
                    Graph.markTargets(of: self, depth: 1, into: &context.queue)
                }
            }
            context.isDelivering = false
            return Graph.startDelivery(context, &trash)
        }
        if mustDeliver { Graph.deliver(context) }
    }
}

extension StateNode {
    /// Makes every change of this state also bump `counter` (once; later calls are no-ops).
    func attachCompanion(_ counter: StateNode<Int>) {
        Graph.locked(ThreadContext.current) { _ in
            if companion == nil { companion = counter }
        }
    }
}
