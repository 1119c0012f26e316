@testable import Models

extension [String] {
    /// These texts as a round's typed questions (`RecordedQuestion`, kind `text`), as the
    /// results tests record them.
    var typed: [RecordedQuestion] { map { RecordedQuestion(text: $0, kind: .text) } }
}
