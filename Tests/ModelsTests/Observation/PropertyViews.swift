import Foundation
import Observation
import Testing

/// A model whose observed properties the tests read one by one, as views do.
@MainActor
protocol ViewedModel: AnyObject {
    /// Every observed property, named as its key path in the model's `observed(_:_:)` calls
    /// (`\.score` → "score"), read as a view reads it.
    static var viewedProperties: [String: (Self) -> AnyHashable] { get }
}

/// A view of one property as SwiftUI keeps one: it reads the property inside
/// `withObservationTracking` and, each time it is told of a change, renders again at once, so it
/// sees every notification and the value each one brought.
@MainActor
final class PropertyView {
    /// The property's name.
    let name: String
    private let read: () -> AnyHashable
    /// What each render showed, the first render's first.
    private(set) var shown: [AnyHashable] = []

    init(_ name: String, _ read: @escaping () -> AnyHashable) {
        self.name = name
        self.read = read
        render()
    }

    /// The property's value now (read outside any tracking).
    var current: AnyHashable { read() }

    private func render() {
        // Every model's changes are made on the main actor, so they are told there.
        let value = withObservationTracking(read) { [weak self] in
            guard let self else { return }
            MainActor.assumeIsolated { self.render() }
        }
        shown.append(value)
    }
}

/// A view of each observed property of one model, checking after each action that every view
/// was told of what changed for it and of nothing else.
@MainActor
final class PropertyViews {
    private let views: [PropertyView]
    /// The properties some action changed, and those some action left equal, untold.
    private var changed = Set<String>(), stayed = Set<String>()

    /// A view of every property of `model`, each rendered once.
    init<Model: ViewedModel>(of model: Model) {
        views = Model.viewedProperties.sorted { $0.key < $1.key }.map { name, read in
            PropertyView(name) { read(model) }
        }
    }

    /// Runs `action`, then expects of each view: every render it made meanwhile shows a value
    /// different from the render before it (an unchanged value tells nobody, a change tells once
    /// per new value), and its last render shows the value the property has now (no change is
    /// missed).
    func expectToldOnlyOfChanges(
        _ label: String, sourceLocation: SourceLocation = #_sourceLocation, _ action: () async throws -> Void
    ) async rethrows {
        let before = views.map(\.shown.count)
        try await action()
        for (view, start) in zip(views, before) {
            let renders = view.shown[(start - 1)...]
            for (old, new) in zip(renders, renders.dropFirst()) where old == new {
                Issue.record("\(label): the view of \(view.name) was told of an unchanged value, \(new)", sourceLocation: sourceLocation)
            }
            #expect(renders.last == view.current, "\(label): the view of \(view.name) missed a change", sourceLocation: sourceLocation)
            if renders.count > 1 { changed.insert(view.name) } else { stayed.insert(view.name) }
        }
    }

    /// Expects every property but `unchangeable` to have been changed by some action and left
    /// equal by another, so that both rules were tried on each.
    func expectEachChangedAndLeftEqual(except unchangeable: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) {
        let names = Set(views.map(\.name))
        #expect(names.subtracting(unchangeable).subtracting(changed).isEmpty, "never changed: \(names.subtracting(unchangeable).subtracting(changed).sorted())", sourceLocation: sourceLocation)
        #expect(names.subtracting(stayed).isEmpty, "never left equal: \(names.subtracting(stayed).sorted())", sourceLocation: sourceLocation)
        #expect(unchangeable.isSubset(of: names), sourceLocation: sourceLocation)
    }
}
