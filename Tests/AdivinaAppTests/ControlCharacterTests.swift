import Foundation
import Testing
@testable import AdivinaApp

/// No control character but tab and newline in any text a teacher or student sends: a NUL
/// would cut the text where it is stored. Refused with a clear 400, in the body's JSON strings
/// (escaped or raw) and in the query.
@Suite("Control characters in what teachers and students send: 400")
struct ControlCharacterTests {
    static let message = "El texto no puede llevar caracteres de control: solo se admiten el tabulador y el salto de línea."

    @Test(arguments: [
        #"{"name":"Q\u0000x"}"#, #"{"name":"a\u001Bb"}"#, #"{"name":"a\rb"}"#, #"{"name":"a\bb"}"#, #"{"name":"a\fb"}"#,
        #"{"name":"a\u007fb"}"#, #"{"name":"a\u0085b"}"#, "{\"name\":\"a\u{7F}b\"}", "{\"name\":\"a\u{9B}b\"}",
        #"{"q\u0000":"x"}"#, #"[{"question":"ok"},{"answer":"\u0007"}]"#,
    ])
    func refusedInJSONStrings(body: String) {
        #expect(ControlCharacters.inJSONStrings(Array(body.utf8)))
    }

    @Test(arguments: [
        #"{"name":"tab\there, line\nthere"}"#, #"{"name":"a\\u0000b"}"#, #"{"name":"\\"}"#, "{\r\n\t\"name\": \"Ana\"\r\n}",
        #"{"name":"\u00e9\u0100ā€😀"}"#, "{\"name\":\"ĀāĂ…\"}", #"{"n":"\u0009\u000A\u00A0"}"#,
    ])
    func keptInJSONStrings(body: String) {
        #expect(!ControlCharacters.inJSONStrings(Array(body.utf8)))
    }

    @Test @MainActor func theAPIRefusesThemWithASpanish400() async throws {
        try await withClassroom { running, host, anyone in
            let join = try await anyone.post("/api/classroom/join", #"{"name":"Ana\u0000x"}"#)
            #expect(join.status == 400)
            #expect(join.error == Self.message)
            let title = try await host.post("/api/classroom/sets/import?title=a%00b", #"[{"id":1,"question":"q","answer":"a"}]"#)
            #expect(title.status == 400)
            #expect(title.error == Self.message)
            let set = try await host.post("/api/classroom/sets", #"{"title":"T","quizzes":[{"question":"Q\u0000x","answer":"a"}]}"#)
            #expect(set.status == 400)
            #expect(set.error == Self.message)
            let fine = try await host.post("/api/classroom/sets", #"{"title":"T","quizzes":[{"question":"Línea 1\nlínea\t2","answer":"a"}]}"#)
            #expect(fine.status == 201, "\(fine.error ?? "")")
        }
    }
}
