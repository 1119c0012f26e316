/// A target at the end of the graph, run by the delivery loop: a subscriber or an effect.
/// `prepare` and `finish` run under the lock, `deliver` outside it on the delivering thread.
class ObserverNode: Node, @unchecked Sendable {
    // @unchecked: flags and links are guarded by the graph lock; the pending fields of
    // subclasses are used only by the one thread that set `.delivering`.

    init() {
        super.init(order: Graph.shared.nextOrder())
    }

    override func sourceMayHaveChanged(depth: Int, into wave: inout [Node]) {
        Graph.shared.schedule(self, depth: depth, into: &wave)
    }

    /// Decides under the lock whether to run, and takes what `deliver` needs.
    func prepare(_ context: ThreadContext, _ trash: inout [Any]) -> Bool {
        false
    }

    /// Runs the callback or effect, outside the lock.
    func deliver(_ context: ThreadContext) {}

    /// Bookkeeping after `deliver`, under the lock.
    func finish(_ context: ThreadContext, _ trash: inout [Any]) {}

    /// Drops what `prepare` took when the observer was cancelled before `deliver`.
    func discardPending(_ trash: inout [Any]) {}

    /// Stops this observer for good, under the lock.
    func cancel(_ trash: inout [Any]) {
        flags.insert(.cancelled)
        Graph.shared.unlinkSources(of: self, &trash)
    }
}
