/// A model whose `@Tracked` properties report to one model-wide signal, `changes` (the analog of
/// `ObservableObject.objectWillChange`, but sent after the change, with the new values stored).
///
/// ```swift
/// @MainActor final class ScoreModel: SignalModel {
///     let changes = State(0)
///     @Tracked var score = 0
/// }
/// ```
/// Every change of a tracked property, through `model.score` or `model.$score`, bumps `changes`
/// in the same notification wave; nothing walks the model with `Mirror`.
public protocol SignalModel: AnyObject {
    /// Counts the changes of the model's tracked properties; subscribe to it to hear about any.
    var changes: State<Int> { get }
}
