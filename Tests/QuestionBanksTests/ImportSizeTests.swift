import Foundation
import Testing

@testable import Models
@testable import QuestionBanks

@Suite("SetImport at the size limit: a 2 MB bank of each format is read in good time")
struct ImportSizeTests {
    /// `unit` repeated to just under `SetImport.maxSize`.
    private func filled(_ head: String, _ unit: (Int) -> String, _ tail: String = "") -> Data {
        var text = head
        var index = 0
        while text.utf8.count < SetImport.maxSize - 4_096 {
            text += unit(index)
            index += 1
        }
        return Data((text + tail).utf8)
    }

    @Test(arguments: [SetImportFormat.gift, .aiken, .moodleXML, .quizzesJSON])
    func aFullFileIsReadInGoodTimeAndKeepsTheFirst200(format: SetImportFormat) throws {
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
        let clock = ContinuousClock()
        var imported: SetImport.Prepared?
        let took = try clock.measure { imported = try SetImport.read(data, title: "t", format: format) }
        let set = try #require(imported)
        #expect(set.set.quizzes.count == QuizSet.maxQuizzes && set.skipped > 5_000 && set.notes.count == SetImport.maxNotes)
        // Measured on the debug build, two cores shared: 0.7–2.5 s; a release build reads several times faster.
        #expect(took < .seconds(10), "\(format): \(took) for \(data.count) bytes")
        print("\(format.rawValue): \(data.count) bytes, \(set.skipped + QuizSet.maxQuizzes) questions, read in \(took)")
    }
}
