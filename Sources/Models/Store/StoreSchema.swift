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
        Migration(
            version: 3,
            summary: "News: posts, authors, categories, which categories each post has, favourites; per site.",
            statements: [
                """
                CREATE TABLE news_posts (
                    site TEXT NOT NULL,
                    id INTEGER NOT NULL,
                    published_at REAL NOT NULL,
                    link TEXT,
                    title_html TEXT NOT NULL,
                    excerpt_html TEXT NOT NULL,
                    content_html TEXT NOT NULL,
                    image TEXT,
                    author_id INTEGER NOT NULL,
                    PRIMARY KEY (site, id)
                )
                """,
                "CREATE INDEX news_posts_order ON news_posts (site, published_at DESC, id DESC)",
                """
                CREATE TABLE news_authors (
                    site TEXT NOT NULL,
                    id INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    PRIMARY KEY (site, id)
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE news_categories (
                    site TEXT NOT NULL,
                    id INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    PRIMARY KEY (site, id)
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE news_post_categories (
                    site TEXT NOT NULL,
                    post_id INTEGER NOT NULL,
                    category_id INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (site, post_id, category_id),
                    FOREIGN KEY (site, post_id) REFERENCES news_posts (site, id)
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE news_favourites (
                    site TEXT NOT NULL,
                    post_id INTEGER NOT NULL,
                    marked_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                    PRIMARY KEY (site, post_id),
                    FOREIGN KEY (site, post_id) REFERENCES news_posts (site, id)
                ) WITHOUT ROWID
                """,
            ]),
        Migration(
            version: 4,
            summary: "Quizzes from a local file (practice 4.1): the favourites, per file, kept here instead of on a server.",
            statements: [
                """
                CREATE TABLE quiz_local_favourites (
                    source TEXT NOT NULL,
                    quiz_id INTEGER NOT NULL,
                    PRIMARY KEY (source, quiz_id)
                ) WITHOUT ROWID
                """
            ]),
    ]
}
