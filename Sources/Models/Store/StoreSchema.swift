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
            summary: """
                News: foreign keys between posts, authors and categories (a post's author and each \
                of its categories is a row, its name null until known, `missing` when the site says \
                it is gone, `checked_at` for the daily refresh); posts get their full-size image, \
                whether they are password-protected and whether they are still on the site (a \
                favourite the site unpublished stays with on_site = 0); categories and favourites \
                go with their post.
                """,
            statements: [
                // SQLite adds foreign keys only by making the table again: the old tables are
                // renamed, the new ones made under the old names, the rows copied, the old dropped.
                "ALTER TABLE news_favourites RENAME TO news_favourites_v3",
                "ALTER TABLE news_post_categories RENAME TO news_post_categories_v3",
                "ALTER TABLE news_posts RENAME TO news_posts_v3",
                "ALTER TABLE news_authors RENAME TO news_authors_v3",
                "ALTER TABLE news_categories RENAME TO news_categories_v3",
                "DROP INDEX news_posts_order",
                newsNamesTable("news_authors"),
                newsNamesTable("news_categories"),
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
                    full_image TEXT,
                    protected INTEGER NOT NULL DEFAULT 0 CHECK (protected IN (0, 1)),
                    on_site INTEGER NOT NULL DEFAULT 1 CHECK (on_site IN (0, 1)),
                    author_id INTEGER NOT NULL,
                    PRIMARY KEY (site, id),
                    FOREIGN KEY (site, author_id) REFERENCES news_authors (site, id)
                )
                """,
                "CREATE INDEX news_posts_order ON news_posts (site, published_at DESC, id DESC)",
                "CREATE INDEX news_posts_author ON news_posts (site, author_id)",
                """
                CREATE TABLE news_post_categories (
                    site TEXT NOT NULL,
                    post_id INTEGER NOT NULL,
                    category_id INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    PRIMARY KEY (site, post_id, category_id),
                    FOREIGN KEY (site, post_id) REFERENCES news_posts (site, id) ON DELETE CASCADE,
                    FOREIGN KEY (site, category_id) REFERENCES news_categories (site, id)
                ) WITHOUT ROWID
                """,
                "CREATE INDEX news_post_categories_category ON news_post_categories (site, category_id)",
                """
                CREATE TABLE news_favourites (
                    site TEXT NOT NULL,
                    post_id INTEGER NOT NULL,
                    marked_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
                    PRIMARY KEY (site, post_id),
                    FOREIGN KEY (site, post_id) REFERENCES news_posts (site, id) ON DELETE CASCADE
                ) WITHOUT ROWID
                """,
                "INSERT INTO news_authors (site, id, name) SELECT site, id, name FROM news_authors_v3",
                "INSERT OR IGNORE INTO news_authors (site, id) SELECT DISTINCT site, author_id FROM news_posts_v3",
                "INSERT INTO news_categories (site, id, name) SELECT site, id, name FROM news_categories_v3",
                """
                INSERT OR IGNORE INTO news_categories (site, id)
                SELECT DISTINCT site, category_id FROM news_post_categories_v3
                """,
                """
                INSERT INTO news_posts
                    (site, id, published_at, link, title_html, excerpt_html, content_html, image, full_image, author_id)
                SELECT site, id, published_at, link, title_html, excerpt_html, content_html, image, image, author_id
                FROM news_posts_v3
                """,
                """
                INSERT INTO news_post_categories (site, post_id, category_id, position)
                SELECT c.site, c.post_id, c.category_id, c.position FROM news_post_categories_v3 c
                JOIN news_posts p ON p.site = c.site AND p.id = c.post_id
                """,
                """
                INSERT INTO news_favourites (site, post_id, marked_at)
                SELECT f.site, f.post_id, f.marked_at FROM news_favourites_v3 f
                JOIN news_posts p ON p.site = f.site AND p.id = f.post_id
                """,
                "DROP TABLE news_favourites_v3",
                "DROP TABLE news_post_categories_v3",
                "DROP TABLE news_posts_v3",
                "DROP TABLE news_authors_v3",
                "DROP TABLE news_categories_v3",
            ]),
        Migration(
            version: 5,
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
        Migration(
            version: 6,
            summary: """
                Classroom: the host's quiz sets (title, quizzes in order with their accepted \
                alternatives as a JSON array and an optional image URL) and the images uploaded for \
                them (random name, type, bytes).
                """,
            statements: [
                """
                CREATE TABLE classroom_sets (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                    updated_at REAL NOT NULL
                )
                """,
                """
                CREATE TABLE classroom_set_quizzes (
                    set_id INTEGER NOT NULL REFERENCES classroom_sets (id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    question TEXT NOT NULL,
                    answer TEXT NOT NULL,
                    alternatives TEXT NOT NULL DEFAULT '[]',
                    image TEXT,
                    PRIMARY KEY (set_id, position)
                ) WITHOUT ROWID
                """,
                "CREATE INDEX classroom_set_quizzes_image ON classroom_set_quizzes (image) WHERE image IS NOT NULL",
                """
                CREATE TABLE classroom_images (
                    name TEXT PRIMARY KEY,
                    mime TEXT NOT NULL,
                    bytes BLOB NOT NULL,
                    uploaded_at REAL NOT NULL
                ) WITHOUT ROWID
                """,
            ]),
        Migration(
            version: 7,
            summary: """
                Classroom: the results of every round (game, set id without a foreign key so a \
                deleted set leaves its rounds, timer, start and end), its questions' texts, its \
                players (name, score at the end) and each player's answer to each question (text, \
                right, seconds, points); a round's rows go with it.
                """,
            statements: [
                """
                CREATE TABLE classroom_rounds (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    game TEXT NOT NULL,
                    set_id INTEGER,
                    seconds INTEGER,
                    speed_points INTEGER NOT NULL DEFAULT 0 CHECK (speed_points IN (0, 1)),
                    started_at REAL NOT NULL,
                    ended_at REAL
                )
                """,
                """
                CREATE TABLE classroom_round_questions (
                    round_id INTEGER NOT NULL REFERENCES classroom_rounds (id) ON DELETE CASCADE,
                    number INTEGER NOT NULL,
                    text TEXT NOT NULL,
                    PRIMARY KEY (round_id, number)
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE classroom_round_players (
                    round_id INTEGER NOT NULL REFERENCES classroom_rounds (id) ON DELETE CASCADE,
                    player_id INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    score INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (round_id, player_id)
                ) WITHOUT ROWID
                """,
                """
                CREATE TABLE classroom_round_answers (
                    round_id INTEGER NOT NULL,
                    player_id INTEGER NOT NULL,
                    question INTEGER NOT NULL,
                    answer TEXT NOT NULL,
                    right INTEGER NOT NULL CHECK (right IN (0, 1)),
                    seconds REAL NOT NULL,
                    points INTEGER NOT NULL,
                    PRIMARY KEY (round_id, player_id, question),
                    FOREIGN KEY (round_id, player_id) REFERENCES classroom_round_players (round_id, player_id)
                        ON DELETE CASCADE
                ) WITHOUT ROWID
                """,
            ]),
        Migration(
            version: 8,
            summary: """
                Classroom: a set's quiz of any kind (choice, true or false, number, poll) is kept                 whole as its JSON in `details` (the text columns stay for older readers; null: a                 text quiz of the older columns); a round keeps its set's title as it was when \
                it started (`set_title`, null without a set).
                """,
            statements: [
                "ALTER TABLE classroom_set_quizzes ADD COLUMN details TEXT",
                "ALTER TABLE classroom_rounds ADD COLUMN set_title TEXT",
            ]),
        Migration(
            version: 9,
            summary: """
                Classroom: a round's question keeps how it was asked when the round took it: its \
                kind, its options' texts and its right answers (JSON arrays of text), so the \
                results say what was asked after the set is edited or deleted. Older rounds of \
                trivia are choices and of the quiz server typed; an older round of a host's set \
                keeps a null kind (unknown).
                """,
            statements: [
                "ALTER TABLE classroom_round_questions ADD COLUMN kind TEXT",
                "ALTER TABLE classroom_round_questions ADD COLUMN options TEXT NOT NULL DEFAULT '[]'",
                "ALTER TABLE classroom_round_questions ADD COLUMN right_answers TEXT NOT NULL DEFAULT '[]'",
                """
                UPDATE classroom_round_questions SET kind = (
                    SELECT CASE WHEN r.game = 'trivia' THEN 'choice' WHEN r.set_id IS NULL THEN 'text' END
                    FROM classroom_rounds r WHERE r.id = classroom_round_questions.round_id)
                """,
            ]),
        Migration(
            version: 10,
            summary: """
                Classroom: a round's player keeps how many questions were asked while they were in \
                the class (`asked`, their "n de m"'s m; null: not known, every question).
                """,
            statements: ["ALTER TABLE classroom_round_players ADD COLUMN asked INTEGER"]),
        Migration(
            version: 11,
            summary: """
                Classroom: the room's players (id, name, session token, rejoin code, client \
                address, released, when saved) so that the room survives a restart; a round the \
                process never ended is closed at the next start and marked `interrupted`.
                """,
            statements: [
                """
                CREATE TABLE classroom_players (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    token TEXT NOT NULL,
                    rejoin_code TEXT NOT NULL,
                    address TEXT NOT NULL DEFAULT '',
                    released INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
                    saved_at REAL NOT NULL
                )
                """,
                "ALTER TABLE classroom_rounds ADD COLUMN interrupted INTEGER NOT NULL DEFAULT 0 CHECK (interrupted IN (0, 1))",
            ]),
        Migration(
            version: 12,
            summary: """
                Classroom: a round in play goes on after a restart. What it needs is kept as it \
                changes: its checkpoint (`classroom_round_resume`: its plan, question, pace, lock, \
                timer and extra time as JSON, and when), each player's progress in it \
                (`classroom_round_progress`: openings, missed and asked questions as JSON), the \
                options each answer picked (`picks`, a JSON array; the chart of a question that \
                closes after the restart counts them), and the addresses the host banned until \
                the round ends (`classroom_bans`). A round's rows go with it and with its end.
                """,
            statements: [
                """
                CREATE TABLE classroom_round_resume (
                    round_id INTEGER PRIMARY KEY REFERENCES classroom_rounds (id) ON DELETE CASCADE,
                    state TEXT NOT NULL,
                    saved_at REAL NOT NULL
                )
                """,
                """
                CREATE TABLE classroom_round_progress (
                    round_id INTEGER NOT NULL REFERENCES classroom_rounds (id) ON DELETE CASCADE,
                    player_id INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    saved_at REAL NOT NULL,
                    PRIMARY KEY (round_id, player_id)
                ) WITHOUT ROWID
                """,
                "CREATE TABLE classroom_bans (address TEXT PRIMARY KEY) WITHOUT ROWID",
                "ALTER TABLE classroom_round_answers ADD COLUMN picks TEXT NOT NULL DEFAULT '[]'",
            ]),
    ]

    /// Schema 4's table of authors or of categories: a row per id the posts refer to, its name
    /// null until known, `missing` when the site says it is gone, `checked_at` for the daily refresh.
    private static func newsNamesTable(_ table: String) -> String {
        """
        CREATE TABLE \(table) (
            site TEXT NOT NULL,
            id INTEGER NOT NULL,
            name TEXT,
            missing INTEGER NOT NULL DEFAULT 0 CHECK (missing IN (0, 1)),
            checked_at REAL,
            PRIMARY KEY (site, id)
        ) WITHOUT ROWID
        """
    }
}
