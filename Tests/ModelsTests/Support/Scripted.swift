import Models
import ModelsTesting

/// A model made over its own `ScriptedTransport`, so a test suite needs no `init`.
@MainActor
struct Scripted<Model> {
    /// The fake server.
    let transport = ScriptedTransport()
    /// The model under test.
    let model: Model

    /// Makes the model with `make`, given the fake server.
    init(_ make: (ScriptedTransport) -> Model) {
        model = make(transport)
    }
}
