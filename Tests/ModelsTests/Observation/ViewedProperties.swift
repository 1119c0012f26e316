import Foundation

@testable import Models

// Every observed property of every model, read as a view reads it. A property added to a model
// without a line here fails `ObservedPropertyCoverageTests`.

extension QuizzesModel: ViewedModel {
    static var viewedProperties: [String: (QuizzesModel) -> AnyHashable] {
        [
            "quizzes": { $0.quizzes }, "visibleQuizzes": { $0.visibleQuizzes }, "score": { $0.score },
            "record": { $0.record }, "answeredRightIDs": { $0.answeredRightIDs },
            "onlyUnanswered": { $0.onlyUnanswered }, "loading": { $0.loading }, "error": { $0.error },
            "skipped": { $0.skipped },
        ]
    }
}

extension QuizModel: ViewedModel {
    static var viewedProperties: [String: (QuizModel) -> AnyHashable] {
        [
            "quiz": { $0.quiz }, "score": { $0.score }, "noMore": { $0.noMore }, "lastResult": { $0.lastResult },
            "loading": { $0.loading }, "error": { $0.error },
        ]
    }
}

extension TriviaGame: ViewedModel {
    static var viewedProperties: [String: (TriviaGame) -> AnyHashable] {
        [
            "phase": { $0.phase }, "currentQuestion": { $0.currentQuestion }, "questions": { $0.questions },
            "score": { $0.score }, "lastAnswer": { $0.lastAnswer }, "saved": { $0.saved },
            "loading": { $0.loading }, "error": { $0.error },
        ]
    }
}

extension Ranking: ViewedModel {
    static var viewedProperties: [String: (Ranking) -> AnyHashable] {
        ["entries": { $0.entries }, "error": { $0.error }]
    }
}

extension ListGame: ViewedModel {
    static var viewedProperties: [String: (ListGame) -> AnyHashable] {
        [
            "items": { $0.items.map { String(reflecting: $0) } }, "score": { $0.score }, "skipped": { $0.skipped },
            "loading": { $0.loading }, "error": { $0.error }, "lastResult": { $0.lastResult },
            "answeredRightIDs": { $0.answeredRightIDs },
        ]
    }
}

extension MatchesModel: ViewedModel {
    static var viewedProperties: [String: (MatchesModel) -> AnyHashable] {
        ["current": { $0.current }, "rightResponse": { $0.rightResponse }]
    }
}

extension NewsModel: ViewedModel {
    /// The author and category ids the news scenarios use (their names are private state, read
    /// through `authorName(id:)` and `categoryName(id:)`).
    static let namedIDs = 1...3

    static var viewedProperties: [String: (NewsModel) -> AnyHashable] {
        [
            "posts": { $0.posts }, "gone": { $0.gone }, "favourites": { $0.favourites },
            "authorRecords": { model in namedIDs.map { model.authorName(id: $0) } },
            "categoryRecords": { model in namedIDs.map { model.categoryName(id: $0) } },
            "loading": { $0.loading }, "progress": { $0.progress }, "error": { $0.error }, "total": { $0.total },
            "hasMore": { $0.hasMore }, "loadingMore": { $0.loadingMore }, "moreError": { $0.moreError },
            "skipped": { $0.skipped }, "retryAt": { $0.retryAt },
        ]
    }
}

extension Classroom: ViewedModel {
    static var viewedProperties: [String: (Classroom) -> AnyHashable] {
        [
            "players": { $0.players }, "phase": { $0.phase }, "game": { $0.game },
            "currentQuestion": { $0.currentQuestion }, "questionCount": { $0.questionCount },
            "selfPaced": { $0.selfPaced }, "locked": { $0.locked }, "timing": { $0.timing },
            "deadline": { $0.deadline }, "chart": { $0.chart }, "openQuestion": { $0.openQuestion },
            "chosenSet": { $0.chosenSet }, "round": { $0.round },
        ]
    }
}
