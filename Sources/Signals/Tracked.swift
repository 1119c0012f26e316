/// A property of a `SignalModel` kept in a `State`: `model.score` reads and writes the value,
/// `model.$score` is the `State` itself (to subscribe, or to read inside a `Computed`).
///
/// Each change also bumps the model's `changes`, in the same notification wave.
@propertyWrapper
public struct Tracked<Value: Sendable>: Sendable {
    private let state: State<Value>
    /// Whether `state` already bumps the model's `changes` (set on first use through the model).
    private var isAttached = false

    /// A tracked property starting at `wrappedValue`; writes equal to the current value are ignored.
    public init(wrappedValue: Value) where Value: Equatable {
        state = State(wrappedValue)
    }

    /// A tracked property starting at `wrappedValue`; writes for which `equals` is true are ignored.
    public init(wrappedValue: Value, equals: @escaping @Sendable (Value, Value) -> Bool) {
        state = State(wrappedValue, equals: equals)
    }

    /// A tracked property whose every write notifies (for values that are not `Equatable`).
    public init(wrappedValue: Value) {
        state = State(wrappedValue)
    }

    /// Unavailable: `@Tracked` is meant for classes conforming to `SignalModel`.
    @available(*, unavailable, message: "@Tracked is only available in classes conforming to SignalModel")
    public var wrappedValue: Value {
        get { fatalError("@Tracked is only available in classes conforming to SignalModel") }
        set { fatalError("@Tracked is only available in classes conforming to SignalModel") }
    }

    /// Unavailable: `@Tracked` is meant for classes conforming to `SignalModel`.
    @available(*, unavailable, message: "@Tracked is only available in classes conforming to SignalModel")
    public var projectedValue: State<Value> {
        fatalError("@Tracked is only available in classes conforming to SignalModel")
    }

    /// The value, read and written through the model (`model.score`).
    public static subscript<Model: SignalModel>(
        _enclosingInstance model: Model,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Model, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, Self>
    ) -> Value {
        get { attachedState(model, storageKeyPath).value }
        set { attachedState(model, storageKeyPath).value = newValue }
    }

    /// The `State` behind the property (`model.$score`).
    public static subscript<Model: SignalModel>(
        _enclosingInstance model: Model,
        projected projectedKeyPath: KeyPath<Model, State<Value>>,
        storage storageKeyPath: ReferenceWritableKeyPath<Model, Self>
    ) -> State<Value> {
        attachedState(model, storageKeyPath)
    }

    /// The state, tied to the model's `changes` on first use. (The wrapper is stored in the
    /// model, so `isAttached` is read and written wherever the model's properties are.)
    private static func attachedState<Model: SignalModel>(
        _ model: Model, _ storageKeyPath: ReferenceWritableKeyPath<Model, Self>
    ) -> State<Value> {
        let wrapper = model[keyPath: storageKeyPath]
        if !wrapper.isAttached {
            wrapper.state.node.attachCompanion(model.changes.node)
            model[keyPath: storageKeyPath].isAttached = true
        }
        return wrapper.state
    }
}
