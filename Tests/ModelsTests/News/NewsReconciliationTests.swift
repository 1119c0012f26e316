import Foundation
import Testing

@testable import Models

/// Which kept posts a page shows to be gone: the span of dates a page covers.
@Suite("NewsReconciliation: a page's span of dates")
struct NewsReconciliationTests {
    /// A post at hour `hour` (ids and hours match in these tests).
    private func post(_ hour: Int) -> Post {
        Post(
            id: hour, date: Date(timeIntervalSince1970: Double(hour) * 3600), link: nil, titleHTML: "", excerptHTML: "",
            contentHTML: "", featuredImage: nil, author: 1, categories: [])
    }

    private func gone(kept: [Int], listed: [Int], unreadable: Set<Int> = [], first: Bool, last: Bool) -> Set<Int> {
        NewsReconciliation.gone(
            kept: kept.map(post), listed: listed.map(post), unreadable: unreadable, isFirstPage: first, isLastPage: last)
    }

    @Test func theFirstPageIsOpenAtTheTop() {
        #expect(gone(kept: [12, 10, 9, 8, 5], listed: [10, 8, 6], first: true, last: false) == [12, 9])
    }

    @Test func theLastPageIsOpenAtTheBottom() {
        #expect(gone(kept: [12, 9, 4, 1], listed: [10, 8, 6], first: false, last: true) == [9, 4, 1])
    }

    @Test func aMiddlePageJudgesOnlyStrictlyInsideItsSpan() {
        #expect(gone(kept: [12, 10, 9, 7, 6, 5], listed: [10, 8, 6], first: false, last: false) == [9, 7])
    }

    @Test func aPostAtTheSameMomentAsAnEdgeIsLeftAlone() {
        let twin = Post(
            id: 99, date: Date(timeIntervalSince1970: 6 * 3600), link: nil, titleHTML: "", excerptHTML: "", contentHTML: "",
            featuredImage: nil, author: 1, categories: [])
        let result = NewsReconciliation.gone(
            kept: [twin], listed: [10, 8, 6].map(post), isFirstPage: true, isLastPage: false)
        #expect(result.isEmpty, "the site's order among equal dates is not known")
    }

    @Test func anUnreadablePostIsStillOnTheSite() {
        #expect(gone(kept: [9, 8], listed: [10, 6], unreadable: [9], first: true, last: true) == [8])
    }

    @Test func anEmptySiteTakesEverythingAndAnEmptyLaterPageNothing() {
        #expect(gone(kept: [3, 2, 1], listed: [], first: true, last: true) == [3, 2, 1])
        #expect(gone(kept: [3, 2, 1], listed: [], first: false, last: true).isEmpty)
    }
}
