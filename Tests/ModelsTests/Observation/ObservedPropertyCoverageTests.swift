import Foundation
import Testing
import TestSupport

@testable import Models

/// The observed properties the sources declare: for each `SignalObservable` class under
/// `Sources/Models`, the names of the key paths its `observed(_:_:)` calls give.
private func declaredObservedProperties() throws -> [String: Set<String>] {
    let models = Fixtures.repository.appendingPathComponent("Sources/Models")
    let files = try #require(FileManager.default.enumerator(at: models, includingPropertiesForKeys: nil))
    var declared: [String: Set<String>] = [:]
    for case let file as URL in files where file.pathExtension == "swift" {
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        guard
            let header = lines.first(where: { $0.contains("class ") && $0.contains("SignalObservable") }),
            let name = header.split(separator: "class ").last?.prefix(while: { $0.isLetter || $0.isNumber })
        else { continue }
        for line in lines where line.contains("observed(") {
            guard let path = line.split(separator: "\\.").last?.prefix(while: { $0.isLetter || $0.isNumber }) else { continue }
            declared[String(name), default: []].insert(String(path))
        }
    }
    return declared
}

@Suite("Every observed property of every model has a view in the tests")
@MainActor
struct ObservedPropertyCoverageTests {
    @Test func everyObservedPropertyIsViewed() throws {
        let viewed: [String: Set<String>] = [
            "QuizzesModel": Set(QuizzesModel.viewedProperties.keys),
            "QuizModel": Set(QuizModel.viewedProperties.keys),
            "TriviaGame": Set(TriviaGame.viewedProperties.keys),
            "Ranking": Set(Ranking.viewedProperties.keys),
            "ListGame": Set(ListGame<BookItem, Int>.viewedProperties.keys),
            "MatchesModel": Set(MatchesModel.viewedProperties.keys),
            "NewsModel": Set(NewsModel.viewedProperties.keys),
            "Classroom": Set(Classroom.viewedProperties.keys),
        ]
        let declared = try declaredObservedProperties()
        #expect(declared.count >= 8, "the scan found the models")
        for model in Set(declared.keys).union(viewed.keys).sorted() {
            #expect(declared[model] == viewed[model], "\(model): observed \(declared[model]?.sorted() ?? []), viewed \(viewed[model]?.sorted() ?? [])")
        }
    }
}
