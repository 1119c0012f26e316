/// Why a model action failed, with a plain Spanish message for the page.
public enum ModelError: Error, Hashable, Sendable {
    /// The id is not in the model's current list (or is not the quiz being played).
    case unknownItem(ItemKind, id: Int)
    /// A choice outside the ones offered (e.g. answer 3 of a question with answers 1 and 2).
    case invalidChoice(Int, choices: ClosedRange<Int>)
    /// The remote service failed.
    case remote(RemoteError)
    /// The local database failed.
    case store(StoreError)
    /// A local data file could not be read or is not a list of quizzes; says why.
    case file(String)

    /// What to tell the user, in Spanish.
    public var userMessage: String {
        switch self {
        case .unknownItem(let kind, let id): return "No hay \(kind.noneOfThem) con id \(id)."
        case .invalidChoice(let choice, let choices):
            return "La opción \(choice) no existe: elige entre \(choices.lowerBound) y \(choices.upperBound)."
        case .remote(let error): return error.userMessage
        case .store(let error): return error.userMessage
        case .file(let reason): return "No se puede cargar el fichero de preguntas: \(reason)."
        }
    }
}
