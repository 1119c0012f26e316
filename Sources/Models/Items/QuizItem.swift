import Foundation

/// One quiz as the course's quiz server sends it (`/api/quizzes/random10`, `random`, the course's
/// `quizzes.json` files of 2021, 2023 and 2024, and the June 2022 exam's simpler shape).
///
/// Field names are the service's, and encoding writes the same shape back: `answer` only when
/// known, `author` and `attachment` as null when absent.
public struct QuizItem: Codable, Identifiable, Hashable, Sendable {
    /// The server's quiz id.
    public var id: Int
    /// The question text (plain text, never HTML).
    public var question: String
    /// The right answer; absent in `random10` and `random`.
    public var answer: String?
    /// Who wrote it; `null` for quizzes of deleted users.
    @Nullable public var author: QuizAuthor?
    /// An image that illustrates the question, if any.
    @Nullable public var attachment: QuizMedia?
    /// Whether the token's owner marked it as a favourite.
    public var favourite: Bool

    /// Makes a quiz.
    public init(
        id: Int, question: String, answer: String? = nil, author: QuizAuthor? = nil,
        attachment: QuizMedia? = nil, favourite: Bool = false
    ) {
        self.id = id
        self.question = question
        self.answer = answer
        self.author = author
        self.attachment = attachment
        self.favourite = favourite
    }

    private enum CodingKeys: String, CodingKey {
        case id, question, answer, author, attachment, favourite
    }

    /// Reads any published shape: `author`, `attachment` may be absent or null, media may be
    /// plain URL strings, and a missing `favourite` means false. Only what a quiz needs to be
    /// played (`id`, `question`, `answer`) can cost it: an `author`, `attachment` or `favourite`
    /// of another type (`"favourite":"maybe"`) reads as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        question = try container.decode(String.self, forKey: .question)
        answer = try container.decodeIfPresent(String.self, forKey: .answer)
        author = (try? container.decodeIfPresent(QuizAuthor.self, forKey: .author)) ?? nil
        attachment = (try? QuizMedia.decodeIfPresent(from: container, forKey: .attachment)) ?? nil
        favourite = (try? container.decodeIfPresent(Bool.self, forKey: .favourite)) ?? false
    }
}
