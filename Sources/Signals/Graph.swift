import Synchronization

/// The dependency graph's machinery: one lock for the whole graph, and the delivery of
/// notifications.
///
/// Design notes:
/// - **One lock.** All graph bookkeeping (versions, flags, targets, sources) happens under one
///   `Mutex`. Computed values compute while holding it (they must be pure: read signals, return a
///   value), so a whole pull is consistent: nobody ever sees half of a wave. Subscribers and effects
///   run *outside* the lock, so they may read, write, subscribe and cancel freely.
/// - **Push flags, pull values.** A write marks its targets (recursively through computed values)
///   and collects the observers to notify; they are prepared (computed values pulled, values taken)
///   in the same critical section, so a write costs two lock round trips: the write, and the
///   bookkeeping after the callbacks. A computed value recomputes at most once per wave and only
///   when a source's version really changed (glitch-free, lazy).
/// - **Fast wave.** The common case — a state whose targets are all plain subscribers, written by
///   a thread that is neither delivering nor batching — skips the queue: one lock round trip, then
///   the callbacks, then one compare-and-swap (see `StateNode`). The rules are the same; whoever
///   meets a running fast wave leaves it the work (`Node.joinFastWave`).
/// - **No retains on hot paths.** Sources point at targets unretained, waves and the thread's
///   context are used through `Unmanaged`: on this machine an atomic retain or release costs
///   about as much as a quarter of a write, and the graph lock's two atomics are most of the rest.
/// - **Writes specialise in the caller.** `State.value`'s setter and `StateNode.set` are
///   `@inlinable` (with what they touch `@usableFromInline`), so a write to a `State<Int>`
///   compiles to `Int` code in the client instead of going through value witnesses: about a
///   third fewer instructions per write. The bookkeeping after the store stays in here.
/// - **Delivery queue per thread** (`ThreadContext`). The writing thread delivers its own
///   notifications before the write returns. A write made during a delivery on the same thread (a
///   subscriber writing) is queued and delivered after the current wave, in order, never
///   depth-first. One observer is never run by two threads at once: a thread that notifies an
///   observer another thread is delivering leaves it to that thread, which runs it once more with
///   the newest value.
/// - **Nothing unchanged is told.** An equal write changes nothing; a computed value that
///   recomputes to an equal value keeps its version; a state put back, within one batch or
///   wave, to the value a queued subscriber last had skips that subscriber (it keeps that value
///   while queued, `StateNode.keepBaselines`); `subscribeToChanges` links a subscriber as one
///   that has seen the current version, so it never gets a first call.
/// - **Cycles.** A computed value that reaches itself gets its previous value and the cycle is
///   reported; notifications nested deeper than `maximumDepth` on one thread (an effect writing
///   what it reads) are reported and dropped.
@usableFromInline enum Graph {
    /// Notifications nested deeper than this on one thread are reported as a cycle and dropped.
    static let maximumDepth = 100

    @usableFromInline static let mutex = Mutex<Void>(())
    private static let orderCounter = Atomic<UInt64>(0)
    /// Bumped by every write; lets a computed value skip checking its sources when nothing at all
    /// was written since its last refresh.
    /// Used only while holding `mutex`.
    @exclusivity(unchecked) nonisolated(unsafe) static var globalVersion: UInt64 = 0

    /// A fresh creation-order number.
    static func nextOrder() -> UInt64 {
        orderCounter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Runs `body` holding the graph lock (directly, if this thread already holds it). What
    /// `body` puts into `trash` is released after the lock is free: releasing a node or a value
    /// can run a `deinit` that cancels a subscription, which takes the lock.
    @inlinable
    static func locked<R>(_ context: ThreadContext?, _ body: (inout [Any]) -> R) -> R {
        var trash: [Any] = []
        // `context?` rather than `if let context`, which would retain it.
        if context?.holdsLock == true {
            let result = body(&trash)
            if !trash.isEmpty { context.unsafelyUnwrapped.trash.append(contentsOf: trash) }
            return result
        }
        // Lock and unlock by hand (`Mutex<Void>`'s own entry points): `withLock` would have to
        // carry a generic result out as `sending`, which costs a metadata lookup per call, and
        // the public `withLock` returning Void with the result in a local costs more still
        // (signals-bench, 2026-11-28: diamond 405 → 690 ns, chain of 10 computed 1183 → 1345 ns,
        // medians of 6 interleaved runs). `_unsafeLock`/`_unsafeUnlock` are public members of
        // `Mutex<Void>` in the Synchronization module (underscored, not private): its interface
        // in Swift 6.3.1 declares them `@_alwaysEmitIntoClient` with `Mutex`'s own availability,
        // macOS 15 and iOS 18, so they need no newer OS than `Mutex`. That Xcode 26's SDK (Swift
        // 6.2, the minimum) has them too is proven only by a build on a Mac.
        // `body` neither throws nor suspends, so the unlock always runs.
        mutex._unsafeLock()
        let result = body(&trash)
        mutex._unsafeUnlock()
        return result
    }

    // MARK: Marking (under the lock)

    /// Tells the targets of `source` that it changed; observers to notify go into `wave`.
    @inline(__always)
    static func markTargets(of source: Node, depth: Int, into wave: inout [ObserverNode]) {
        // By index, not `for in`: iterating would copy (retain and release) the array. Marking
        // never adds or removes targets.
        var index = 0
        while index < source.targets.count {
            source.targets[index].node._withUnsafeGuaranteedRef {
                $0.sourceMayHaveChanged(depth: depth, into: &wave)
            }
            index += 1
        }
    }

    /// Puts an observer into `wave`, or asks its delivering thread to run it once more.
    @inline(__always)
    static func schedule(_ observer: ObserverNode, depth: Int, into wave: inout [ObserverNode]) {
        if observer.flags.contains(.cancelled) || observer.flags.contains(.scheduled) { return }
        // A fast wave calling it will notify it once more when done.
        if observer.joinedFastWave(redeliver: true, cancelled: nil) { return }
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

    /// The depth of notifications caused now by a thread with `context`.
    @inline(__always)
    static func causeDepth(_ context: ThreadContext) -> Int {
        context.isDelivering ? context.depth + 1 : 0
    }

    // MARK: Linking (under the lock)

    /// Lists `target` among the targets of `source`.
    static func addTarget(_ target: Node, to source: Node) {
        source.targets.append(Node.TargetReference(target))
        if source.targets.count == 1 { source.didGainFirstTarget() }
    }

    /// Removes `target` from the targets of `source`.
    static func removeTarget(_ target: Node, from source: Node) {
        guard let index = source.targets.lastIndex(where: { $0.refers(to: target) }) else { return }
        source.targets.remove(at: index)
        if source.targets.isEmpty { source.didLoseLastTarget() }
    }

    /// Records that `observer` read `source` (dependency tracking). While the reads come in the
    /// same order as last time (the usual case), this only refreshes the recorded versions.
    static func recordRead(of source: Node, by observer: Node) {
        if observer.flags.contains(.cancelled) { return }
        if !observer.readsDiverged {
            let index = observer.matchedReads
            if index < observer.sources.count && observer.sources[index].source === source {
                observer.sources[index].version = source.version
                observer.matchedReads = index + 1
                return
            }
            for earlier in observer.sources[..<index] where earlier.source === source { return }
            observer.readsDiverged = true
            observer.recording.append(contentsOf: observer.sources[..<index])
        }
        if observer.recording.contains(where: { $0.source === source }) { return }
        observer.recording.append(Node.Dependency(source: source, version: source.version))
        if observer.isLinked && !observer.sources.contains(where: { $0.source === source }) {
            addTarget(observer, to: source)
        }
    }

    /// Replaces the sources of `observer` by what it read, unlinking what it no longer reads.
    static func finishRecording(of observer: Node, _ trash: inout [Any]) {
        if !observer.readsDiverged {
            let unread = observer.sources[observer.matchedReads...]
            if unread.isEmpty { return }
            if observer.isLinked {
                for dependency in unread { removeTarget(observer, from: dependency.source) }
            }
            trash.append(Array(unread))
            observer.sources.removeSubrange(observer.matchedReads...)
            return
        }
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
    static func unlinkSources(of observer: Node, _ trash: inout [Any]) {
        for dependency in observer.sources { removeTarget(observer, from: dependency.source) }
        if observer.readsDiverged {
            for dependency in observer.recording
            where !observer.sources.contains(where: { $0.source === dependency.source }) {
                removeTarget(observer, from: dependency.source)
            }
        }
        if !observer.sources.isEmpty { trash.append(observer.sources) }
        if !observer.recording.isEmpty { trash.append(observer.recording) }
        observer.sources = []
        observer.recording = []
    }

    // MARK: Delivery

    /// Under the lock, after a write, subscribe or effect queued observers on `context`: leaves
    /// them queued behind the delivery or batch in progress on this thread, or prepares them and
    /// returns true when the caller must now run `deliver`.
    static func startDelivery(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        if context.queue.isEmpty || context.isDelivering || context.batchDepth > 0 { return false }
        context.isDelivering = true
        prepareQueue(context, &trash)
        return true
    }

    /// Under the lock: decides which queued observers run, in creation order, and takes what
    /// they need (values, computed values pulled). The queue becomes `context.ready`, with the
    /// observers that run first (`readyCount` of them).
    static func prepareQueue(_ context: ThreadContext, _ trash: inout [Any]) {
        if context.queue.count > 1 { context.queue.sort { $0.order < $1.order } }
        var errors: [SignalError] = []
        var readyCount = 0
        for index in context.queue.indices {
            // The queue owns the observers: use them without retaining.
            let runs = Unmanaged.passUnretained(context.queue[index])._withUnsafeGuaranteedRef {
                observer in
                observer.flags.remove(.scheduled)
                if observer.flags.contains(.cancelled) { return false }
                if observer.depth > Graph.maximumDepth {
                    errors.append(.notificationCycle(depth: observer.depth))
                    return false
                }
                guard observer.prepare(context, &trash) else { return false }
                observer.flags.insert(.delivering)
                return true
            }
            if runs {
                context.queue.swapAt(readyCount, index)
                readyCount += 1
            }
        }
        swap(&context.queue, &context.ready)
        context.readyCount = readyCount
        for error in errors { SignalDiagnostics.report(error) }
    }

    /// Outside the lock: runs the prepared observers of this thread's `context`, then the waves
    /// their callbacks queued, until nothing is left.
    @usableFromInline static func deliver(_ context: ThreadContext) {
        while true {
            // `context.ready` owns the observers until the end of the wave: use them unretained.
            for index in 0..<context.readyCount {
                Unmanaged.passUnretained(context.ready[index])._withUnsafeGuaranteedRef { observer in
                    if observer.isCancelled { return }
                    context.depth = observer.depth
                    observer.deliver(context)
                }
            }
            let done: Bool = locked(context) { trash in
                for index in 0..<context.readyCount {
                    Unmanaged.passUnretained(context.ready[index])._withUnsafeGuaranteedRef { observer in
                        observer.flags.remove(.delivering)
                        observer.finish(context, &trash)
                        if observer.flags.contains(.redeliver) {
                            observer.flags.remove(.redeliver)
                            schedule(observer, depth: observer.depth, into: &context.queue)
                        }
                    }
                }
                if context.queue.isEmpty || context.batchDepth > 0 {
                    context.isDelivering = false
                    return true
                }
                return false
            }
            // Dropping the last reference to an observer can run deinits: not under the lock.
            context.readyCount = 0
            while context.ready.popLast() != nil {}
            if done { return }
            locked(context) { trash in prepareQueue(context, &trash) }
        }
    }

    /// Subscribes `onValue` to `source`: links it, then delivers the current value (now, or queued
    /// behind the delivery or batch in progress on this thread).
    static func subscribe<Value>(
        to source: ValueNode<Value>, _ onValue: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        let node = SubscriberNode(source: source, callback: onValue)
        if source.isState {
            unsafeDowncast(source, to: StateNode<Value>.self).subscribe(node)
        } else {
            observe(node) { context, trash in node.attach(context, &trash) }
        }
        return Subscription(node)
    }

    /// Subscribes `onChange` to the changes of `source` after its current version: links it as
    /// one that has seen that version, with no first call.
    static func subscribeToChanges<Value>(
        of source: ValueNode<Value>, _ onChange: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        let node = SubscriberNode(source: source, callback: onChange)
        ThreadContext.withCurrentThread { context in
            locked(context) { trash in node.attachSeen(context, &trash) }
        }
        return Subscription(node)
    }

    /// Schedules the first run of a new observer after `link` (under the lock), and delivers.
    static func observe(_ observer: ObserverNode, link: (ThreadContext, inout [Any]) -> Void) {
        ThreadContext.withCurrentThread { context in
            let mustDeliver: Bool = locked(context) { trash in
                link(context, &trash)
                schedule(observer, depth: causeDepth(context), into: &context.queue)
                return startDelivery(context, &trash)
            }
            if mustDeliver { deliver(context) }
        }
    }
}
