import Foundation
import TestSupport
import Testing

@testable import QuestionSets
@testable import QuestionBanks

@Suite("SetImport at the size limit: a 2 MB bank of each format is read whole, keeping the first 200")
struct ImportSizeTests {
    /// `unit` repeated to just under `SetImport.maxSize`.
    private static func filled(_ head: String, _ unit: (Int) -> String, _ tail: String = "") -> Data {
        var text = head
        var index = 0
        while text.utf8.count < SetImport.maxSize - 4_096 {
            text += unit(index)
            index += 1
        }
        return Data((text + tail).utf8)
    }

    /// How fast is `benchmarks/`' business, not a test's: the work runs off the cooperative pool
    /// (`onOwnThread`), so that reading 2 MB four times at once holds up no other test.
    @Test(arguments: [SetImportFormat.gift, .aiken, .moodleXML, .quizzesJSON])
    func aFullFileIsReadWholeAndKeepsTheFirst200(format: SetImportFormat) async throws {
        let set = try await onOwnThread { try Self.read(format) }
        #expect(set.set.quizzes.count == QuizSet.maxQuizzes && set.skipped > 5_000 && set.notes.count == SetImport.maxNotes)
    }

    private static func read(_ format: SetImportFormat) throws -> SetImport.Prepared {
        let data: Data
        switch format {
        case .gift: data = filled("", { "::Q\($0)::¿Pregunta número \($0) con \\{llaves\\}?{=a ~b ~c #bien ####general}\n\n" })
        case .aiken: data = filled("", { "¿Pregunta número \($0)?\nA) uno\nB) dos\nANSWER: B\n\n" })
        case .moodleXML:
            data = filled("<quiz>", {
                "<question type=\"truefalse\"><name><text>Q\($0)</text></name><questiontext format=\"html\"><text><![CDATA[<p>¿Pregunta &amp; \($0)?</p>]]></text></questiontext><answer fraction=\"100\"><text>true</text></answer></question>\n"
            }, "</quiz>")
        case .quizzesJSON: data = filled("[", { "{\"id\":\($0),\"question\":\"¿Pregunta \($0)?\",\"answer\":\"a\"}," }, "{\"id\":-1,\"question\":\"fin\",\"answer\":\"b\"}]")
        }
        return try SetImport.read(data, title: "t", format: format)
    }
}
