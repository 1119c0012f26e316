import Testing
@testable import HTTPServer

/// The wire format of one server-sent event.
@Suite struct EventEncoderTests {
    func encode(_ data: String, event: String = "quizzes", id: UInt64 = 7) -> String {
        String(decoding: EventEncoder.encode(id: id, event: event, data: Array(data.utf8)), as: UTF8.self)
    }

    @Test func singleLine() {
        #expect(encode(#"{"a":1}"#) == "id: 7\nevent: quizzes\ndata: {\"a\":1}\n\n")
    }

    @Test func multiLineDataBecomesOneDataLinePerLine() {
        #expect(encode("uno\ndos\r\ntres\rcuatro") == "id: 7\nevent: quizzes\ndata: uno\ndata: dos\ndata: tres\ndata: cuatro\n\n")
        #expect(encode("fin\n") == "id: 7\nevent: quizzes\ndata: fin\ndata: \n\n")
    }

    @Test func emptyDataStillDispatches() {
        #expect(encode("") == "id: 7\nevent: quizzes\ndata: \n\n")
    }

    @Test func eventNamesCannotInjectFields() {
        #expect(encode("x", event: "a\nid: 99") == "id: 7\nevent: aid: 99\ndata: x\n\n")
    }

    @Test func retryField() {
        #expect(String(decoding: EventEncoder.retry(milliseconds: 2000), as: UTF8.self) == "retry: 2000\n\n")
    }
}
