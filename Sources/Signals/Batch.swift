/// Runs `body`, holding back the notifications of the writes it makes (on this thread) until the
/// outermost `batch` returns; then every affected subscriber and effect runs once.
public func batch<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    let context = ThreadContext.forCurrentThread()
    context.batchDepth += 1
    defer {
        context.batchDepth -= 1
        if context.batchDepth == 0 && !context.isDelivering && !context.queue.isEmpty {
            let mustDeliver = Graph.locked(context) { trash in Graph.startDelivery(context, &trash) }
            if mustDeliver { Graph.deliver(context) }
        }
    }
    return try body()
}
