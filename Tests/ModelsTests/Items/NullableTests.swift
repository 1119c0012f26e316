import Foundation
import Testing

@testable import Models

@Suite("@Nullable: every snapshot writes an absent field as null and reads an absent key as nil")
struct NullableTests {
    private static func text(_ value: some Encodable) -> String {
        String(decoding: SnapshotEncoding.encode(value), as: UTF8.self)
    }

    @Test func snapshotsWriteEveryAbsentFieldAsNull() {
        #expect(Self.text(RankingSnapshot(entries: [], total: 0, error: nil)) == #"{"entries":[],"error":null,"total":0}"#)
        #expect(
            Self.text(
                TriviaSnapshot(
                    phase: .idle, question: nil, number: 0, total: 10, score: 0, lastAnswer: nil, saved: false,
                    loading: false, error: nil))
                == #"{"error":null,"lastAnswer":null,"loading":false,"number":0,"phase":"idle","question":null,"saved":false,"score":0,"total":10}"#)
        #expect(
            Self.text(ClassroomSnapshot(phase: .lobby, game: nil, question: 0, total: 0, selfPaced: false, players: [], podium: []))
                == #"{"answeredCount":0,"awayCount":0,"chart":null,"deadline":null,"game":null,"locked":false,"open":null,"phase":"lobby","playerCount":0,"players":[],"podium":[],"question":0,"resultsProblem":null,"round":0,"selfPaced":false,"set":null,"timer":null,"total":0}"#)
        #expect(
            Self.text(NewsSnapshot(posts: [], site: "https://s.test", loading: false, progress: nil, skipped: 0, error: nil))
                == #"{"error":null,"hasMore":false,"loading":false,"loadingMore":false,"moreError":null,"posts":[],"progress":null,"retryAt":null,"site":"https://s.test","skipped":0,"total":null}"#)
        #expect(Self.text(TriviaAnswer(number: 1, index: 2, correctIndex: nil, right: false))
                == #"{"correctIndex":null,"index":2,"number":1,"right":false}"#)
        #expect(Self.text(NewsCategory(id: 3, name: nil)) == #"{"id":3,"name":null}"#)
        #expect(
            Self.text(QuizRow(id: 1, question: "Q", authorName: nil, authorPhoto: nil, attachment: nil, favourite: false, answeredRight: false))
                == #"{"answeredRight":false,"attachment":null,"authorName":null,"authorPhoto":null,"favourite":false,"id":1,"question":"Q"}"#)
    }

    @Test func anAbsentKeyReadsAsNilAndAPresentValueAsItself() throws {
        #expect(try JSONDecoder().decode(NewsCategory.self, from: Data(#"{"id":3}"#.utf8)) == NewsCategory(id: 3, name: nil))
        #expect(try JSONDecoder().decode(NewsCategory.self, from: Data(#"{"id":3,"name":null}"#.utf8)) == NewsCategory(id: 3, name: nil))
        #expect(try JSONDecoder().decode(NewsCategory.self, from: Data(#"{"id":3,"name":"Swift"}"#.utf8)) == NewsCategory(id: 3, name: "Swift"))
    }
}
