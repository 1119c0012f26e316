#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the graph knows about one thread: who is reading (for dependency tracking, like
/// Observation's access list), whether this thread holds the graph lock, and its pending
/// deliveries and batch depth.
///
/// It lives in a thread-specific slot (POSIX thread-specific data). Everything the graph does with a
/// context is synchronous, so it never outlives the thread's current call; a task that awaits and
/// resumes elsewhere gets that thread's context. The context is made on first need and released
/// when its thread ends.
///
/// Why a system module, when Signals otherwise imports Synchronization only: reads inside a `Computed`
/// closure (`other.value`) take no parameter, so the graph must find "this thread's" context on
/// its own, on every read and write, and Synchronization has no per-thread storage and not even a
/// way to tell which thread is running (thread ids come from Glibc too), so a `Mutex`-guarded
/// table keyed by thread cannot be built with it alone — and would cost a second lock round trip
/// per operation. Swift has no thread-local variables, and a `@TaskLocal` binding costs about
/// 70 ns per write (more than a whole fast write) and follows tasks, not the threads that hold
/// the graph lock. `pthread_getspecific` costs a few nanoseconds. So this file, and only this
/// file, imports Glibc (Musl, Darwin), for `pthread_key_create`, `pthread_getspecific` and
/// `pthread_setspecific`.
@usableFromInline final class ThreadContext: @unchecked Sendable {
    // @unchecked: a context is reachable only from its own thread (through the slot), so its
    // mutable fields are never used by two threads.

    /// The computed value or effect whose reads are being recorded, if any.
    /// (Not owned: the computation or run that set it keeps it alive until it restores the
    /// previous one; `Unmanaged`, so that using it costs no retain.)
    @exclusivity(unchecked) var observer: Unmanaged<Node>?
    /// True while a computed value computes: the graph lock is held by this thread.
    @exclusivity(unchecked) @usableFromInline var holdsLock = false
    /// True while this thread's delivery loop runs.
    @exclusivity(unchecked) var isDelivering = false
    /// How many `batch` calls are open on this thread.
    @exclusivity(unchecked) var batchDepth = 0
    /// Nesting depth of the delivery in progress.
    @exclusivity(unchecked) var depth = 0
    /// Observers notified by this thread and not yet prepared (reused buffer).
    @exclusivity(unchecked) var queue: [ObserverNode] = []
    /// The wave being delivered: the first `readyCount` observers run, the rest were skipped;
    /// all are released after the wave, outside the lock (reused buffer).
    @exclusivity(unchecked) var ready: [ObserverNode] = []
    /// How many observers at the start of `ready` run in this wave.
    @exclusivity(unchecked) var readyCount = 0
    /// The subscribers of the fast wave this thread runs (see `StateNode`), unretained (reused buffer).
    @exclusivity(unchecked) var fastWave: [Unmanaged<Node>] = []
    /// Values released under the lock by nested calls, dropped once the lock is free.
    @exclusivity(unchecked) @usableFromInline var trash: [Any] = []

    /// The context of the current thread, if it has needed one yet.
    @inline(__always)
    static var current: ThreadContext? {
        guard let pointer = pthread_getspecific(slot) else { return nil }
        return Unmanaged<ThreadContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The context of the current thread, made now if needed.
    @usableFromInline static func forCurrentThread() -> ThreadContext {
        if let context = current { return context }
        let context = ThreadContext()
        pthread_setspecific(slot, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// Runs `body` with the context of the current thread (made now if needed) without retaining
    /// it: the slot keeps it alive for as long as the thread runs.
    @inlinable
    static func withCurrentThread<R>(_ body: (ThreadContext) -> R) -> R {
        guard let pointer = pthread_getspecific(slot) else { return body(forCurrentThread()) }
        return Unmanaged<ThreadContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with the context of the current thread if it has one, without retaining it.
    @inline(__always)
    static func withCurrentIfAny<R>(_ body: (ThreadContext?) -> R) -> R {
        guard let pointer = pthread_getspecific(slot) else { return body(nil) }
        return Unmanaged<ThreadContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// Whether a computed value is computing on the current thread (which then holds the lock).
    static var isComputing: Bool {
        guard let pointer = pthread_getspecific(slot) else { return false }
        return Unmanaged<ThreadContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.holdsLock }
    }

    /// The thread-specific slot; its destructor releases a thread's context when the thread ends.
    @usableFromInline static let slot: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
            Unmanaged<ThreadContext>.fromOpaque(pointer).release()
            #else
            if let pointer { Unmanaged<ThreadContext>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "Signals: no thread-specific slot left")
        return key
    }()
}
