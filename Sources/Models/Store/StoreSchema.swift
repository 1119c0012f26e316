/// The schema of Adivina's database, as the ordered list of its migrations.
///
/// Each app adds its tables by appending a step here (trivia ranking, news posts, authors,
/// categories and favourites…); a database file is brought up to date when it is opened.
public enum StoreSchema {
    /// Every step, in version order.
    public static let migrations: [Migration] = [
        Migration(
            version: 1,
            summary: "Quizzes: the ids of the quizzes ever answered right, per quiz server.",
            statements: [
                """
                CREATE TABLE quiz_record (
                    server TEXT NOT NULL,
                    quiz_id INTEGER NOT NULL,
                    answered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                    PRIMARY KEY (server, quiz_id)
                ) WITHOUT ROWID
                """
            ]),
        Migration(
            version: 2,
            summary: "Trivia: the ranking of saved scores (name, score, when), shared by every player.",
            statements: [
                """
                CREATE TABLE trivia_ranking (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
                    score INTEGER NOT NULL CHECK (score >= 0),
                    saved_at REAL NOT NULL
                )
                """,
                "CREATE INDEX trivia_ranking_order ON trivia_ranking (score DESC, saved_at ASC, id ASC)",
            ]),
    ]
}
