import Foundation
import Testing

@testable import Models

@Suite("Snapshots encode to the web contract's JSON")
struct SnapshotJSONTests {
    private let item = QuizItem(
        id: 3, question: "¿<b>Capital</b> de Francia?", answer: "París",
        author: QuizAuthor(username: nil, profileName: "Ana", photo: QuizMedia(url: URL(string: "/standin/quiz/images/ana.svg")!)),
        attachment: nil, favourite: true)

    @Test func quizzesSnapshotHasEveryFieldWithNulls() throws {
        let snapshot = QuizzesSnapshot(
            quizzes: [QuizRow(item, answeredRight: false), QuizRow(QuizItem(id: 4, question: "Q"), answeredRight: true)],
            score: 1, record: 7, onlyUnanswered: false, loading: true, error: nil)
        let expected = #"{"error":null,"file":null,"loading":true,"onlyUnanswered":false,"quizzes":["#
            + #"{"answeredRight":false,"attachment":null,"authorName":"Ana","authorPhoto":"/standin/quiz/images/ana.svg","#
            + #""favourite":true,"id":3,"question":"¿<b>Capital</b> de Francia?"},"#
            + #"{"answeredRight":true,"attachment":null,"authorName":null,"authorPhoto":null,"favourite":false,"id":4,"question":"Q"}"#
            + #"],"record":7,"score":1,"skipped":0}"#
        #expect(String(decoding: snapshot.json(), as: UTF8.self) == expected)
        #expect(try JSONDecoder().decode(QuizzesSnapshot.self, from: snapshot.json()) == snapshot)
    }

    @Test func quizSnapshotHasEveryFieldWithNulls() throws {
        let empty = QuizSnapshot(quiz: nil, nomore: true, lastResult: nil, score: 0, loading: false, error: "Sin conexión")
        #expect(
            String(decoding: empty.json(), as: UTF8.self)
                == #"{"error":"Sin conexión","lastResult":null,"loading":false,"nomore":true,"number":0,"quiz":null,"score":0}"#)
        let playing = QuizSnapshot(
            quiz: QuizRow(item, answeredRight: true), nomore: false,
            lastResult: QuizCheckResult(quizId: 3, answer: "parís", result: true), score: 1, loading: false, error: nil)
        let object = try #require(JSONSerialization.jsonObject(with: playing.json()) as? [String: Any])
        #expect((object["lastResult"] as? [String: Any])?["answer"] as? String == "parís")
        #expect((object["quiz"] as? [String: Any])?["answeredRight"] as? Bool == true)
        #expect(try JSONDecoder().decode(QuizSnapshot.self, from: playing.json()) == playing)
    }

    @Test func rowNeverCarriesTheAnswer() {
        #expect(!String(decoding: SnapshotEncoding.encode(QuizRow(item, answeredRight: false)), as: UTF8.self).contains("París"))
    }
}
