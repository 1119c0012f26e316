import Foundation

/// The classroom host's quiz sets kept in the `Store` (tables `classroom_sets`,
/// `classroom_set_quizzes`) and the images uploaded for them (`classroom_images`). Every set
/// written is validated first (`QuizSet.validated`); each change is one transaction.
public struct QuizSetStore: Sendable {
    /// A set as the list shows it.
    public struct Summary: Codable, Hashable, Sendable {
        /// The set's id.
        public var id: Int
        /// Its title.
        public var title: String
        /// How many quizzes it has.
        public var count: Int
    }

    /// The most sets kept.
    public static let maxSets = 500
    /// How long an uploaded image no set uses is kept (it may belong to a set being edited).
    public static let unusedImageLifetime: TimeInterval = 24 * 60 * 60

    /// The database.
    public let store: Store
    /// What time it is (for tests).
    private let now: @Sendable () -> Date

    /// A view of the sets in `store`.
    public init(store: Store, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    // MARK: Sets

    /// Every set, the most recently changed first.
    public func list() throws(StoreError) -> [Summary] {
        try store.read { connection throws(StoreError) in
            var sets: [Summary] = []
            try connection.run(
                """
                SELECT s.id, s.title, (SELECT count(*) FROM classroom_set_quizzes q WHERE q.set_id = s.id)
                FROM classroom_sets s ORDER BY s.updated_at DESC, s.id DESC
                """
            ) { sets.append(Summary(id: Int($0.integer(0)), title: $0.text(1) ?? "", count: Int($0.integer(2)))) }
            return sets
        }
    }

    /// The set `id`, or `unknownItem`.
    public func get(_ id: Int) throws(ModelError) -> QuizSet {
        let found = try storing { () throws(StoreError) in
            try store.read { connection throws(StoreError) in try Self.read(id, connection) }
        }
        guard let found else { throw .unknownItem(.set, id: id) }
        return found
    }

    /// Keeps `set` (validated) as a new set and returns its id.
    public func create(_ set: QuizSet) throws(ModelError) -> Int {
        let valid = try ModelError.checking { () throws(QuestionSetError) in try set.validated() }
        let date = now().timeIntervalSince1970
        let made = try storing { () throws(StoreError) in
            try store.write { connection throws(StoreError) -> Int? in
                var count = 0
                try connection.run("SELECT count(*) FROM classroom_sets") { count = Int($0.integer(0)) }
                guard count < Self.maxSets else { return nil }
                try connection.run("INSERT INTO classroom_sets (title, updated_at) VALUES (?1, ?2)", [.text(valid.title), .real(date)])
                let id = Int(connection.lastInsertedRowID)
                try Self.insertQuizzes(valid.quizzes, setID: id, connection)
                return id
            }
        }
        guard let made else { throw .conflict("Ya hay \(Self.maxSets) conjuntos: borra alguno antes de crear otro.") }
        return made
    }

    /// Replaces the title and quizzes of set `id` with `set`'s (validated).
    public func update(_ id: Int, with set: QuizSet) throws(ModelError) {
        let valid = try ModelError.checking { () throws(QuestionSetError) in try set.validated() }
        let date = now().timeIntervalSince1970
        let found = try storing { () throws(StoreError) in
            try store.write { connection throws(StoreError) -> Bool in
                try connection.run(
                    "UPDATE classroom_sets SET title = ?2, updated_at = ?3 WHERE id = ?1",
                    [.integer(Int64(id)), .text(valid.title), .real(date)])
                guard connection.changes == 1 else { return false }
                try connection.run("DELETE FROM classroom_set_quizzes WHERE set_id = ?1", [.integer(Int64(id))])
                try Self.insertQuizzes(valid.quizzes, setID: id, connection)
                try Self.dropUnusedImages(before: date - Self.unusedImageLifetime, connection)
                return true
            }
        }
        guard found else { throw .unknownItem(.set, id: id) }
    }

    /// Copies set `id` as a new set titled «… (copia)»; returns the copy's id.
    public func duplicate(_ id: Int) throws(ModelError) -> Int {
        var copy = try get(id)
        let suffix = " (copia)"
        copy.title = String(copy.title.prefix(QuizSet.maxTitleLength - suffix.count)) + suffix
        return try create(copy)
    }

    /// Deletes set `id` and its quizzes (and the uploads no set uses any more).
    public func delete(_ id: Int) throws(ModelError) {
        let date = now().timeIntervalSince1970
        let found = try storing { () throws(StoreError) in
            try store.write { connection throws(StoreError) -> Bool in
                try connection.run("DELETE FROM classroom_sets WHERE id = ?1", [.integer(Int64(id))])
                let found = connection.changes == 1
                try Self.dropUnusedImages(before: date - Self.unusedImageLifetime, connection)
                return found
            }
        }
        guard found else { throw .unknownItem(.set, id: id) }
    }

    // MARK: Images

    /// Keeps an uploaded image and returns the path it is served at (`SetQuiz.uploadedImagePrefix` + name).
    public func addImage(_ image: SetImage) throws(ModelError) -> String {
        let name = Self.newImageName()
        let date = now().timeIntervalSince1970
        try storing { () throws(StoreError) in
            try store.write { connection throws(StoreError) in
                try connection.run(
                    "INSERT INTO classroom_images (name, mime, bytes, uploaded_at) VALUES (?1, ?2, ?3, ?4)",
                    [.text(name), .text(image.mime), .blob(image.bytes), .real(date)])
            }
        }
        return SetQuiz.uploadedImagePrefix + name
    }

    /// The uploaded image called `name`, or nil.
    public func image(named name: String) throws(StoreError) -> SetImage? {
        guard SetImage.isName(name) else { return nil }
        return try store.read { connection throws(StoreError) in
            var image: SetImage?
            try connection.run("SELECT mime, bytes FROM classroom_images WHERE name = ?1", [.text(name)]) {
                image = SetImage(mime: $0.text(0) ?? "application/octet-stream", checkedBytes: $0.blob(1))
            }
            return image
        }
    }

    // MARK: Helpers

    private func storing<Value>(_ body: () throws(StoreError) -> Value) throws(ModelError) -> Value {
        do throws(StoreError) { return try body() } catch { throw .store(error) }
    }

    private static func read(_ id: Int, _ connection: SQLiteConnection) throws(StoreError) -> QuizSet? {
        var title: String?
        try connection.run("SELECT title FROM classroom_sets WHERE id = ?1", [.integer(Int64(id))]) { title = $0.text(0) }
        guard let title else { return nil }
        var quizzes: [SetQuiz] = []
        try connection.run(
            "SELECT question, answer, alternatives, image, details FROM classroom_set_quizzes WHERE set_id = ?1 ORDER BY position",
            [.integer(Int64(id))]
        ) { row in
            if let details = row.text(4), let quiz = try? JSONDecoder().decode(SetQuiz.self, from: Data(details.utf8)) {
                quizzes.append(quiz)
                return
            }
            let alternatives = (try? JSONDecoder().decode([String].self, from: Data((row.text(2) ?? "[]").utf8))) ?? []
            quizzes.append(SetQuiz(question: row.text(0) ?? "", answer: row.text(1) ?? "", alternatives: alternatives, image: row.text(3)))
        }
        return QuizSet(id: id, title: title, quizzes: quizzes)
    }

    private static func insertQuizzes(_ quizzes: [SetQuiz], setID: Int, _ connection: SQLiteConnection) throws(StoreError) {
        for (position, quiz) in quizzes.enumerated() {
            let (answer, alternatives): (String, [String]) =
                if case .text(let answer, let alternatives) = quiz.answer { (answer, alternatives) } else { (quiz.rightAnswerText ?? "", []) }
            let list = (try? JSONEncoder().encode(alternatives)).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
            let details = (try? JSONEncoder().encode(quiz)).flatMap { String(data: $0, encoding: .utf8) }
            try connection.run(
                """
                INSERT INTO classroom_set_quizzes (set_id, position, question, answer, alternatives, image, details)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """,
                [
                    .integer(Int64(setID)), .integer(Int64(position)), .text(quiz.question), .text(answer),
                    .text(list), quiz.image.map { .text($0) } ?? .null, details.map { .text($0) } ?? .null,
                ])
        }
    }

    /// Deletes the uploads uploaded before `date` that no quiz links to.
    private static func dropUnusedImages(before date: Double, _ connection: SQLiteConnection) throws(StoreError) {
        try connection.run(
            """
            DELETE FROM classroom_images WHERE uploaded_at < ?1 AND NOT EXISTS (
                SELECT 1 FROM classroom_set_quizzes WHERE image = ?2 || classroom_images.name)
            """, [.real(date), .text(SetQuiz.uploadedImagePrefix)])
    }

    /// A new random name for an upload (`SetImage.isName` holds for it).
    static func newImageName() -> String { SecretToken.random(bytes: 16) }
}
