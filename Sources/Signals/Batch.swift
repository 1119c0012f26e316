/// Runs `body`, holding back the notifications of the writes it makes (on this thread) until the
/// outermost `batch` returns; then every affected subscriber and effect runs once.
public func batch<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    let graph = Graph.shared
    return try graph.withContext(graph.currentContext()) { context throws(E) -> R in
        context.batchDepth += 1
        defer {
            context.batchDepth -= 1
            if context.batchDepth == 0 { graph.deliverQueue(context) }
        }
        return try body()
    }
}
