import Foundation
import QuestionSets

/// The files a set can be imported from: a course `quizzes.json`, GIFT, Aiken or Moodle XML.
public enum SetImportFormat: String, Sendable, CaseIterable {
    case quizzesJSON = "quizzes-json"
    case gift
    case aiken
    case moodleXML = "moodle-xml"

    /// The format `text` looks like: JSON when it starts with `[` or `{`, Moodle XML with `<`,
    /// Aiken when a line is `ANSWER: X` and no `{` … `}` block is in it, GIFT otherwise.
    static func detect(_ text: String) -> SetImportFormat {
        let start = text.drop { $0.isWhitespace }
        if start.hasPrefix("[") || start.hasPrefix("{") { return .quizzesJSON }
        if start.hasPrefix("<") { return .moodleXML }
        let aikenAnswer = /(?m)^[ \t]*ANSWER[ \t]*:[ \t]*[A-Za-z][ \t]*$/
        if text.contains(aikenAnswer), !text.contains(/\{[^}]*\}/) { return .aiken }
        return .gift
    }
}

/// What an import says about one question: which (`name`: its title, or the start of its text)
/// and why it was skipped or what was changed on the way in (`reason`, Spanish).
public struct ImportNote: Codable, Hashable, Sendable {
    /// The question's title or the start of its text.
    public var name: String
    /// What happened to it.
    public var reason: String

    /// Makes a note.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }
}

/// One question as a reader found it, before the set's checks.
struct ImportDraft {
    /// The question's title, or the start of its text, for the notes.
    var name: String
    /// The quiz (its `image` may name a file of the bank, `@@PLUGINFILE@@/…`).
    var quiz: SetQuiz?
    /// Why it cannot be played (when `quiz` is nil), or what was changed on the way in.
    var notes: [String] = []

    /// A playable question.
    init(name: String, quiz: SetQuiz, notes: [String] = []) {
        self.name = name
        self.quiz = quiz
        self.notes = notes
    }

    /// A question left out, and why.
    init(name: String, skipped reason: String) {
        self.name = name
        quiz = nil
        notes = [reason]
    }

    /// A short name for `question`'s text: its first line, at most 60 characters.
    static func name(of question: String) -> String {
        let line = question.split(whereSeparator: \.isNewline).first.map(String.init) ?? question
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 60 ? String(trimmed.prefix(59)) + "…" : trimmed
    }
}

/// What a reader found in a file: the bank's title (a category), its questions in order (each
/// read already, or when asked: `SetImport` leaves unread what it would only count), and its
/// embedded files by name (Moodle XML's base64 `<file>`s).
struct ImportReading {
    var title: String?
    private(set) var drafts: [() -> ImportDraft] = []
    var files: [String: [UInt8]] = [:]

    /// Adds a question read already.
    mutating func add(_ draft: ImportDraft) {
        drafts.append { draft }
    }

    /// Adds a question to be read when asked.
    mutating func later(_ read: @escaping () -> ImportDraft) {
        drafts.append(read)
    }
}
