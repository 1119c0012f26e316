/// Why a model action failed, with a plain Spanish message for the page.
public enum ModelError: Error, Hashable, Sendable {
    /// The id is not in the model's current list (or is not the quiz being played).
    case unknownItem(ItemKind, id: Int)
    /// The remote service failed.
    case remote(RemoteError)
    /// The local database failed.
    case store(StoreError)
    /// A local data file could not be read or is not a list of quizzes; says why.
    case file(String)
    /// What the player sent cannot be used (a blank name, an answer out of range); says why.
    case invalid(String)
    /// The action does not fit the model's state right now (no game running, already saved); says why.
    case conflict(String)
    /// Whoever asked may not do this (a host action without the host key); says why.
    case forbidden(String)
    /// The app cannot do this now but may later (the results cannot be written); says why.
    case unavailable(String)

    /// What to tell the user, in Spanish.
    public var userMessage: String {
        switch self {
        case .unknownItem(let kind, let id): return "No hay \(kind.noneOfThem) con id \(id)."
        case .remote(let error): return error.userMessage
        case .store(let error): return error.userMessage
        case .file(let reason): return "No se puede cargar el fichero de preguntas: \(reason)."
        case .invalid(let reason), .conflict(let reason), .forbidden(let reason), .unavailable(let reason): return reason
        }
    }
}

extension ModelError {
    /// A set's refusal as the model's: `invalid`, with the same Spanish reason.
    package init(_ error: QuestionSetError) {
        switch error {
        case .invalid(let reason): self = .invalid(reason)
        }
    }

    /// `body`, a set's check or judgement, its refusal made the model's (`init(_:)`).
    package static func checking<Value>(_ body: () throws(QuestionSetError) -> Value) throws(ModelError) -> Value {
        do throws(QuestionSetError) {
            return try body()
        } catch {
            throw ModelError(error)
        }
    }
}
