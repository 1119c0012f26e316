import Synchronization

/// The dependency graph's machinery: one lock for the whole graph, the per-thread contexts, and
/// the delivery of notifications.
///
/// Design notes:
/// - **One lock.** All graph bookkeeping (versions, flags, targets, sources) happens under one
///   `Mutex`. Computed values compute while holding it (they must be pure: read signals, return a
///   value), so a whole pull is consistent: nobody ever sees half of a wave. Subscribers and effects
///   run *outside* the lock, so they may read, write, subscribe and cancel freely.
/// - **Push flags, pull values.** A write marks its targets (recursively through computed values)
///   and collects the observers to notify; observers then pull, so a computed value recomputes at
///   most once per wave and only when a source's version really changed (glitch-free, lazy).
/// - **Delivery queue per thread.** The writing thread delivers its own notifications before the
///   write returns. A write made during a delivery on the same thread (a subscriber writing) is
///   queued and delivered after the current wave, in order, never depth-first. One observer is
///   never run by two threads at once: a thread that notifies an observer another thread is
///   delivering leaves it to that thread, which runs it once more with the newest value.
/// - **Cycles.** A computed value that reaches itself gets its previous value and the cycle is
///   reported; notifications nested deeper than `maximumDepth` on one thread (an effect writing
///   what it reads) are reported and dropped.
final class Graph: @unchecked Sendable {
    // @unchecked: `globalVersion` is used only while holding `mutex`; the rest is Sendable.

    /// The graph all signals belong to.
    static let shared = Graph()

    /// Notifications nested deeper than this on one thread are reported as a cycle and dropped.
    static let maximumDepth = 100

    private let mutex = Mutex<Void>(())
    private let boundContexts = Atomic<Int>(0)
    private let orderCounter = Atomic<UInt64>(0)
    /// Bumped by every write; lets a computed value skip checking its sources when nothing at all
    /// was written since its last refresh.
    var globalVersion: UInt64 = 0

    /// A fresh creation-order number.
    func nextOrder() -> UInt64 {
        orderCounter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    // MARK: Contexts and the lock

    /// The context bound on this thread, if any (cheap when no context is bound anywhere).
    @inline(__always)
    func currentContext() -> ThreadContext? {
        guard boundContexts.load(ordering: .relaxed) > 0, let context = ThreadContext.current,
            context.belongsToCurrentTask
        else { return nil }
        return context
    }

    /// Runs `body` with this thread's context, binding a new one if there is none.
    func withContext<R, E: Error>(
        _ existing: ThreadContext?, _ body: (ThreadContext) throws(E) -> R
    ) throws(E) -> R {
        if let existing { return try body(existing) }
        let context = ThreadContext()
        boundContexts.wrappingAdd(1, ordering: .relaxed)
        defer { boundContexts.wrappingSubtract(1, ordering: .relaxed) }
        var result: Result<R, E>?
        ThreadContext.$current.withValue(context) {
            do throws(E) { result = .success(try body(context)) } catch { result = .failure(error) }
        }
        return try result!.get()
    }

    /// Runs `body` holding the graph lock (directly, if this thread already holds it).
    /// What `body` puts into `trash` is released after the lock is free: releasing a node or a
    /// value can run a `deinit` that cancels a subscription, which takes the lock.
    @inline(__always)
    func locked<R>(_ context: ThreadContext?, _ body: (inout [Any]) -> R) -> R {
        var trash: [Any] = []
        if let context, context.holdsLock {
            let result = body(&trash)
            if !trash.isEmpty { context.trash.append(contentsOf: trash) }
            return result
        }
        var result: R?
        mutex.withLock { _ in result = body(&trash) }
        return result!
    }

    // MARK: Marking (under the lock)

    /// Tells the targets of `source` that it changed; observers to notify go into `wave`.
    func markTargets(of source: Node, depth: Int, into wave: inout [Node]) {
        var index = 0
        var lostTargets = false
        while index < source.targets.count {
            guard let target = source.targets[index].node else {
                source.targets.remove(at: index)
                lostTargets = true
                continue
            }
            target.sourceMayHaveChanged(depth: depth, into: &wave)
            index += 1
        }
        if lostTargets && source.targets.isEmpty { source.didLoseLastTarget() }
    }

    /// Puts an observer into `wave`, or asks its delivering thread to run it once more.
    func schedule(_ observer: Node, depth: Int, into wave: inout [Node]) {
        if observer.flags.contains(.cancelled) || observer.flags.contains(.scheduled) { return }
        if observer.flags.contains(.delivering) {
            if !observer.flags.contains(.redeliver) {
                observer.flags.insert(.redeliver)
                observer.depth = depth
            }
            return
        }
        observer.flags.insert(.scheduled)
        observer.depth = depth
        wave.append(observer)
    }

    // MARK: Linking (under the lock)

    /// Lists `target` among the targets of `source`.
    func addTarget(_ target: Node, to source: Node) {
        source.targets.append(Node.WeakTarget(node: target))
        if source.targets.count == 1 { source.didGainFirstTarget() }
    }

    /// Removes `target` from the targets of `source` (and dead entries on the way).
    func removeTarget(_ target: Node, from source: Node) {
        source.targets.removeAll { $0.node == nil || $0.node === target }
        if source.targets.isEmpty { source.didLoseLastTarget() }
    }

    /// Records that the observer of `context` read `source` (dependency tracking).
    func recordRead(of source: Node, by observer: Node) {
        if observer.flags.contains(.cancelled) { return }
        if observer.recording.contains(where: { $0.source === source }) { return }
        observer.recording.append(Node.Dependency(source: source, version: source.version))
        if observer.isLinked && !observer.sources.contains(where: { $0.source === source }) {
            addTarget(observer, to: source)
        }
    }

    /// Replaces the sources of `observer` by what it recorded, unlinking what it no longer reads.
    func finishRecording(of observer: Node, _ trash: inout [Any]) {
        let previous = observer.sources
        observer.sources = observer.recording
        observer.recording = []
        for dependency in previous
        where !observer.sources.contains(where: { $0.source === dependency.source }) {
            if observer.isLinked { removeTarget(observer, from: dependency.source) }
        }
        trash.append(previous)
    }

    /// Unlinks `observer` from everything it reads.
    func unlinkSources(of observer: Node, _ trash: inout [Any]) {
        for dependency in observer.sources { removeTarget(observer, from: dependency.source) }
        for dependency in observer.recording
        where !observer.sources.contains(where: { $0.source === dependency.source }) {
            removeTarget(observer, from: dependency.source)
        }
        trash.append(observer.sources)
        trash.append(observer.recording)
        observer.sources = []
        observer.recording = []
    }

    // MARK: Delivery (outside the lock)

    /// Delivers `wave` now, or queues it behind the delivery or batch in progress on this thread.
    func dispatch(_ wave: [Node], _ context: ThreadContext?) {
        if wave.isEmpty { return }
        if let context, context.isDelivering || context.batchDepth > 0 {
            context.queue.append(contentsOf: wave)
            return
        }
        withContext(context) { context in
            context.queue.append(contentsOf: wave)
            deliverQueue(context)
        }
    }

    /// The delivery loop: runs queued observers wave by wave, in creation order within a wave.
    func deliverQueue(_ context: ThreadContext) {
        if context.isDelivering { return }
        context.isDelivering = true
        defer { context.isDelivering = false }
        while !context.queue.isEmpty {
            var wave = context.queue
            context.queue = []
            if wave.count > 1 { wave.sort { $0.order < $1.order } }
            var errors: [SignalError] = []
            let ready: [ObserverNode] = locked(context) { trash in
                var ready: [ObserverNode] = []
                for node in wave {
                    let observer = unsafeDowncast(node, to: ObserverNode.self)
                    observer.flags.remove(.scheduled)
                    if observer.flags.contains(.cancelled) { continue }
                    if observer.depth > Graph.maximumDepth {
                        errors.append(.notificationCycle(depth: observer.depth))
                        continue
                    }
                    if observer.prepare(context, &trash) {
                        observer.flags.insert(.delivering)
                        ready.append(observer)
                    }
                }
                return ready
            }
            for error in errors { SignalDiagnostics.report(error) }
            var index = 0
            var previous: ObserverNode?
            while true {
                let next: ObserverNode? = locked(context) { trash in
                    if let previous {
                        previous.flags.remove(.delivering)
                        previous.finish(context, &trash)
                        if previous.flags.contains(.redeliver) {
                            previous.flags.remove(.redeliver)
                            schedule(previous, depth: previous.depth, into: &context.queue)
                        }
                    }
                    while index < ready.count {
                        let candidate = ready[index]
                        if !candidate.flags.contains(.cancelled) { return candidate }
                        candidate.flags.remove(.delivering)
                        candidate.discardPending(&trash)
                        index += 1
                    }
                    return nil
                }
                guard let next else { break }
                index += 1
                context.depth = next.depth
                next.deliver(context)
                previous = next
            }
        }
    }
}

extension Graph {
    /// Subscribes `onValue` to `source`: links it, then delivers the current value (now, or queued
    /// behind the delivery or batch in progress on this thread).
    func subscribe<Value>(
        to source: ValueNode<Value>, _ onValue: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        let context = currentContext()
        let node = SubscriberNode(source: source, callback: onValue)
        var wave: [Node] = []
        locked(context) { trash in
            node.attach(context, &trash)
            schedule(node, depth: context.map { $0.isDelivering ? $0.depth + 1 : 0 } ?? 0, into: &wave)
        }
        dispatch(wave, context)
        return Subscription(node)
    }
}
