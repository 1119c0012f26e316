import Signals

/// The `loading` and `error` signals every remote-backed model shows, and the rules that set
/// them: a failure shows its Spanish message (a cancelled, superseded request shows nothing);
/// a request that works clears it.
@MainActor
final class RequestStatus {
    /// Whether the model's main request (a download, the next quiz) is in flight.
    let loading = State(false)
    /// The last failure in Spanish, or nil.
    let error = State<String?>(nil)
    /// The longest any of the model's remote calls may take (`Deadline`).
    var deadline = Deadline.standard

    /// Runs one remote call within `deadline`; on failure shows the error and throws it as a
    /// `ModelError`.
    func call<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws(RemoteError) -> Value
    ) async throws(ModelError) -> Value {
        switch await Deadline.run(within: deadline, operation) {
        case .success(let value):
            return value
        case .failure(let error):
            show(.remote(error))
            throw .remote(error)
        }
    }

    /// Shows `error` (nothing for a cancellation), ending the loading state if asked to.
    func show(_ error: ModelError, stopLoading: Bool = false) {
        batch {
            if stopLoading { loading.value = false }
            if error != .remote(.cancelled) { self.error.value = error.userMessage }
        }
    }

    /// Clears the error; call it inside the batch that applies the request's result.
    func succeeded() {
        error.value = nil
    }
}
