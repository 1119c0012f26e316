import Synchronization

/// A target at the end of the graph, run by the delivery loop: a subscriber or an effect.
/// `prepare` and `finish` run under the lock, `deliver` outside it on the delivering thread.
class ObserverNode: Node, @unchecked Sendable {
    // @unchecked: flags and links are guarded by the graph lock; the pending value of a
    // subscriber is used only by the one thread that set `.delivering`.

    /// Mirrors `Flags.cancelled` for the delivery loop, which checks it outside the lock right
    /// before each call (so a callback cancelling a later one in the same wave stops it).
    private let cancelledFlag = Atomic<Bool>(false)

    init() {
        super.init(order: Graph.nextOrder())
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
        flags.insert(.cancelled)
        cancelledFlag.store(true, ordering: .releasing)
        Graph.unlinkSources(of: self, &trash)
    }
}
