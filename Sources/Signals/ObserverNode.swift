import Synchronization

/// A target at the end of the graph, run by the delivery loop: a subscriber or an effect.
/// `prepare` and `finish` run under the lock, `deliver` outside it on the delivering thread.
class ObserverNode: Node, @unchecked Sendable {
    // @unchecked: flags and links are guarded by the graph lock; the pending value of a
    // subscriber is used only by the one thread that set `.delivering`.

    /// Mirrors `Flags.cancelled` for the delivery loop, which checks it outside the lock right
    /// before each call (so a callback cancelling a later one in the same wave stops it).
    private let cancelledFlag = Atomic<Bool>(false)

    /// The state this subscriber listens to directly, if any (owned by the subscriber's `source`).
    final let stateSource: Unmanaged<Node>?
    /// A subscriber: the source version it was last called (or prepared) with. Under the lock.
    @exclusivity(unchecked) final var deliveredVersion: UInt64 = 0

    init(stateSource: Node? = nil) {
        self.stateSource = stateSource.map { Unmanaged.passUnretained($0) }
        super.init(order: Graph.nextOrder())
        if stateSource != nil { flags.insert(.stateSubscriber) }
    }

    /// Under the lock: whether a fast wave of this subscriber's state may be calling it, in which
    /// case that wave takes `cancelled` (to release after it) and, if `redeliver`, notifies again.
    @inline(__always)
    final func joinedFastWave(redeliver: Bool, cancelled: ObserverNode?) -> Bool {
        guard flags.contains(.inFastWave), let stateSource else { return false }
        return stateSource._withUnsafeGuaranteedRef {
            $0.joinFastWave(redeliver: redeliver, cancelled: cancelled)
        }
    }

    /// Whether `cancel` was called (readable without the lock).
    final var isCancelled: Bool {
        cancelledFlag.load(ordering: .acquiring)
    }

    override func sourceMayHaveChanged(depth: Int, into wave: inout [ObserverNode]) {
        Graph.schedule(self, depth: depth, into: &wave)
    }

    /// Decides under the lock whether to run, and takes what `deliver` needs.
    func prepare(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        false
    }

    /// Runs the callback or effect, outside the lock.
    func deliver(_ context: ThreadContext) {}

    /// Bookkeeping after `deliver`, under the lock.
    func finish(_ context: ThreadContext, _ trash: inout [Any]) {}

    /// Stops this observer for good, under the lock.
    func cancel(_ trash: inout [Any]) {
        markCancelled()
        Graph.unlinkSources(of: self, &trash)
    }

    /// Sets `Flags.cancelled` and its lock-free mirror, under the lock.
    final func markCancelled() {
        flags.insert(.cancelled)
        cancelledFlag.store(true, ordering: .releasing)
    }
}
