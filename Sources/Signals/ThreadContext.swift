/// What the graph needs to know about the current thread: who is reading (for dependency
/// tracking, like Observation's access list), whether this thread holds the graph lock, and its
/// pending deliveries and batch depth.
///
/// It is reached through a task-local binding made by `Graph.withContext` for the duration of a
/// synchronous call. A `Task` created inside that call inherits the binding, so the context also
/// remembers the task that made it, and `Graph.currentContext()` ignores it everywhere else.
final class ThreadContext: @unchecked Sendable {
    // @unchecked: the mutable fields are used only by the thread that bound the context, during
    // the synchronous `withContext` call that bound it (`owner` filters out inheriting tasks).

    /// The context of the current thread, if one is bound.
    @TaskLocal static var current: ThreadContext?

    private let owner: UnsafeCurrentTask?
    /// The computed value or effect whose reads are being recorded, if any.
    var observer: Node?
    /// True while a computed value computes: the graph lock is held by this thread.
    var holdsLock = false
    /// True while this thread runs the delivery loop.
    var isDelivering = false
    /// How many `batch` calls are open on this thread.
    var batchDepth = 0
    /// Nesting depth of the delivery in progress.
    var depth = 0
    /// Observers waiting to be delivered by this thread.
    var queue: [Node] = []
    /// Values released under the lock by nested calls, dropped once the lock is free.
    var trash: [Any] = []

    init() {
        owner = withUnsafeCurrentTask { $0 }
    }

    /// Whether the code asking runs in the same task (or plain thread) that made this context.
    var belongsToCurrentTask: Bool {
        withUnsafeCurrentTask { $0 == owner }
    }
}
