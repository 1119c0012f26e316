import Signals

/// A list of items downloaded from a remote service, with the rules every list model follows:
/// a newer download supersedes one in flight (whose late answer is dropped), a failure shows a
/// Spanish error and keeps the last good list, a success clears the error.
@MainActor
final class RemoteList<Item: ListedItem> {
    /// The items of the last list that arrived, in the service's order.
    let items = State<[Item]>([])
    /// The elements of that list that could not be read, and why.
    let skipped = State<[SkippedElement]>([])
    /// Loading and error, shared with the model's other requests.
    let status = RequestStatus()
    private let requests = LatestRequest<LenientList<Item>>()

    /// Downloads a new list with `fetch` and shows it, running `alongside` in the same batch (to
    /// reset what depends on the list). Returns without touching anything if a newer download
    /// started meanwhile.
    func download(
        alongside: () -> Void = {}, _ fetch: @escaping @Sendable () async throws(RemoteError) -> LenientList<Item>
    ) async throws(ModelError) {
        status.loading.value = true
        guard let outcome = await requests.run(within: status.deadline, fetch) else { return }
        switch outcome {
        case .success(let list):
            replace(with: list, alongside: alongside)
        case .failure(let error):
            status.show(.remote(error), stopLoading: true)
            throw .remote(error)
        }
    }

    /// Shows `list` at once (e.g. read from a local file), superseding any download in flight.
    func load(_ list: LenientList<Item>, alongside: () -> Void = {}) {
        requests.supersede()
        replace(with: list, alongside: alongside)
    }

    /// Stops any download in flight from ever being shown, and ends the loading state.
    func supersede(showing error: ModelError) {
        requests.supersede()
        status.show(error, stopLoading: true)
    }

    /// The item with `id`, or `ModelError.unknownItem`.
    func item(_ id: Int) throws(ModelError) -> Item {
        guard let item = items.value.first(where: { $0.id == id }) else { throw .unknownItem(Item.kind, id: id) }
        return item
    }

    private func replace(with list: LenientList<Item>, alongside: () -> Void) {
        batch {
            items.value = list.elements
            skipped.value = list.skipped
            alongside()
            status.loading.value = false
            status.succeeded()
        }
    }
}
