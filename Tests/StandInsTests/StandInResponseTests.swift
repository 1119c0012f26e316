import Foundation
import Testing
import HTTPServer
@testable import StandIns

@Suite struct StandInResponseTests {
    @Test(arguments: ["", "Moscow", "a\"b\\c", "line\nbreak\ttab\r", "\u{1}\u{1f}", "ñandú 🐢 / 50% off", "</script>"])
    func jsonStringRoundTrips(text: String) throws {
        let literal = JSONText.quoted(text)
        #expect(try jsonValue(Data(literal.utf8)) as? String == text)
    }

    @Test func errorHasTheQuizServerShape() throws {
        let response = StandInResponse.error(404, "There is no quiz with id=9")
        #expect(response.status == 404)
        #expect(response.contentType == "application/json; charset=utf-8")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"There is no quiz with id=9"}"#)
    }
}
