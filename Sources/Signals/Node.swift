import Synchronization

/// A vertex of the dependency graph: a source (a state or a computed value), a target (a computed
/// value, an effect or a subscriber), or both.
///
/// The algorithm is the one of Preact's signals-core, with arrays instead of linked lists:
/// a write bumps the source's `version` and pushes only "maybe outdated" flags downstream; a read
/// pulls, and recomputes a computed value only when one of its sources really has a new version.
/// Targets own their sources (`sources`); sources only point back at their targets (`targets`),
/// without owning them and without the cost of `weak` references. That is safe because a target
/// always leaves its sources' lists before it can go away: an observer when it is cancelled (which
/// `Subscription.deinit` does), a computed value when it loses its last target (and it cannot go
/// away before, since its targets own it).
///
/// Every mutable field is read and written only while holding the graph lock (`Graph.locked`),
/// except the pending value of a subscriber, which belongs to the one thread delivering it (see
/// `Flags.delivering`). Hot fields are marked `@exclusivity(unchecked)`: the lock already makes
/// accesses exclusive, and the dynamic checks cost about a fifth of a write.
@usableFromInline class Node: @unchecked Sendable {
    /// State bits of a node.
    struct Flags: OptionSet {
        let rawValue: UInt16
        /// A computed value: a source upstream changed since the last refresh (maybe outdated).
        static let notified = Flags(rawValue: 1 << 0)
        /// A computed value: must check its sources before its cached value is trusted.
        static let outdated = Flags(rawValue: 1 << 1)
        /// A computed value is computing right now (reading it again is a cycle).
        static let running = Flags(rawValue: 1 << 2)
        /// A computed value is listed in the `targets` of its sources (someone listens to it).
        static let linked = Flags(rawValue: 1 << 3)
        /// An observer is in some thread's delivery queue.
        static let scheduled = Flags(rawValue: 1 << 4)
        /// An observer's callback or effect is being run by one thread right now.
        static let delivering = Flags(rawValue: 1 << 5)
        /// An observer was notified while delivering: run it once more when done.
        static let redeliver = Flags(rawValue: 1 << 6)
        /// An observer was cancelled: never run again.
        static let cancelled = Flags(rawValue: 1 << 7)
        /// A computed value has a cached value; an observer has run at least once.
        static let hasValue = Flags(rawValue: 1 << 8)
        /// A subscriber whose source is a state (it may be called by a fast wave, see `StateNode`).
        static let stateSubscriber = Flags(rawValue: 1 << 9)
        /// A subscriber taken into a fast wave of its state (never cleared): while that state's
        /// `fastWave` is not `FastWave.idle`, it may be being called, so its schedules and cancels
        /// go to the wave (for one not in the running wave, merely a later notification).
        static let inFastWave = Flags(rawValue: 1 << 10)
    }

    /// Values of `fastWave`.
    enum FastWave {
        /// No fast wave of this state is running.
        static let idle: UInt8 = 0
        /// A thread is running a fast wave of this state.
        static let running: UInt8 = 1
        /// As `running`, and the thread must take the lock when done: `fastFollowUp` has work.
        static let followUp: UInt8 = 2
    }

    /// A source read by a target, with the version it had then.
    struct Dependency {
        let source: Node
        var version: UInt64
    }

    /// A reference from a source to one of its targets, which it does not own.
    struct TargetReference {
        /// The target, unretained (calls through `_withUnsafeGuaranteedRef` cost no retain).
        let node: Unmanaged<Node>

        init(_ node: Node) {
            self.node = Unmanaged.passUnretained(node)
        }

        /// Whether this refers to `node`.
        func refers(to node: Node) -> Bool {
            self.node.toOpaque() == Unmanaged.passUnretained(node).toOpaque()
        }
    }

    /// Bumped whenever the value of this source changes.
    @exclusivity(unchecked) final var version: UInt64 = 0
    /// Who depends on this source, in the order they started to.
    @exclusivity(unchecked) final var targets: [TargetReference] = []
    /// What this target read during its last computation or run.
    @exclusivity(unchecked) final var sources: [Dependency] = []
    /// How many reads of the computation or run in progress matched `sources` in order.
    @exclusivity(unchecked) final var matchedReads = 0
    /// Whether the computation or run in progress read something else than last time, in which
    /// case `recording` holds what it read.
    @exclusivity(unchecked) final var readsDiverged = false
    /// What this target reads during the computation or run in progress, once it diverged.
    @exclusivity(unchecked) final var recording: [Dependency] = []
    @exclusivity(unchecked) final var flags: Flags = []
    /// Creation order; observers of one wave are delivered in this order.
    final let order: UInt64
    /// Whether this is a state (a source that computes nothing).
    final let isState: Bool
    /// How many nested notifications led to this observer's pending delivery (cycle detection).
    @exclusivity(unchecked) final var depth = 0
    /// A state: whether a thread is calling its subscribers in a fast wave (`FastWave`). Set under
    /// the lock; the delivering thread resets it without the lock when nothing asked for more.
    final let fastWave = Atomic<UInt8>(FastWave.idle)
    /// A state: what the thread running a fast wave must do when done (under the lock).
    @exclusivity(unchecked) final var fastFollowUp = FastFollowUp()

    /// Work left for the end of a fast wave by the threads that met it.
    struct FastFollowUp {
        /// A write or a new wave reached the wave's subscribers: notify them all once more.
        var redeliver = false
        /// Subscribers cancelled during the wave, released after it (the wave uses them unretained).
        var cancelled: [ObserverNode] = []
    }

    init(order: UInt64, isState: Bool = false) {
        self.order = order
        self.isState = isState
    }

    /// Brings the value of this source up to date; returns false when that would be a cycle.
    func refresh(_ context: ThreadContext?, _ trash: inout [Any]) -> Bool {
        true
    }

    /// Called on a target when one of its sources changed or may have changed.
    func sourceMayHaveChanged(depth: Int, into wave: inout [ObserverNode]) {}

    /// Called when this source gets its first target.
    func didGainFirstTarget() {}

    /// Called when this source loses its last target.
    func didLoseLastTarget() {}

    /// Whether this target is listed in the targets of what it reads (observers always are).
    var isLinked: Bool { true }

    /// Under the lock: when a fast wave of this state runs, hands it `cancelled` to release, asks
    /// for one more notification of all subscribers if `redeliver`, and returns true; otherwise
    /// returns false.
    final func joinFastWave(redeliver: Bool, cancelled: ObserverNode?) -> Bool {
        if fastWave.load(ordering: .relaxed) == FastWave.idle { return false }
        // The running thread may reset `running` to `idle` right now, without the lock.
        let (_, original) = fastWave.compareExchange(
            expected: FastWave.running, desired: FastWave.followUp, ordering: .acquiringAndReleasing)
        if original == FastWave.idle { return false }
        if redeliver { fastFollowUp.redeliver = true }
        if let cancelled { fastFollowUp.cancelled.append(cancelled) }
        return true
    }

    /// Starts recording the reads of a computation or run.
    final func beginRecording() {
        matchedReads = 0
        readsDiverged = false
        recording.removeAll(keepingCapacity: true)
    }

    /// Whether any source read last time has a newer version now (refreshing computed sources).
    final func sourcesChanged(_ context: ThreadContext?, _ trash: inout [Any]) -> Bool {
        // `sources` owns the sources, and a refresh never removes them: use them unretained.
        var index = 0
        while index < sources.count {
            let recorded = sources[index].version
            let changed = Unmanaged.passUnretained(sources[index].source)._withUnsafeGuaranteedRef {
                source in
                source.version != recorded || !source.refresh(context, &trash)
                    || source.version != recorded
            }
            if changed { return true }
            index += 1
        }
        return false
    }
}
