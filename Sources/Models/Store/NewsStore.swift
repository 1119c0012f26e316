import Foundation

/// The news reader's data kept in the `Store` for one WordPress site: posts, their authors and
/// categories (rows the posts refer to by foreign key, their names null until known), which
/// categories each post has, and favourites.
///
/// A post the site no longer publishes is deleted (its categories and favourite go with it),
/// unless it is a favourite: then it stays with `on_site = 0` and its saved content.
public struct NewsStore: Sendable {
    /// What is known of an author or a category.
    public struct NameRecord: Sendable, Hashable {
        /// The name as the API sends it (HTML with references), or nil if not known.
        public var name: String?
        /// Whether the site said it does not exist (404) or may not be seen.
        public var missing: Bool
        /// When the site last told us, or nil if never.
        public var checkedAt: Date?

        /// Makes a record.
        public init(name: String?, missing: Bool = false, checkedAt: Date?) {
            self.name = name
            self.missing = missing
            self.checkedAt = checkedAt
        }
    }

    /// Everything kept for the site.
    public struct Contents: Sendable, Equatable {
        /// The posts, newest first (ties: the higher id first).
        public var posts: [Post]
        /// The ids of the posts the site no longer publishes (kept because they are favourites).
        public var gone: Set<Int>
        /// Authors by user id.
        public var authors: [Int: NameRecord]
        /// Categories by id.
        public var categories: [Int: NameRecord]
        /// The ids of the favourite posts.
        public var favourites: Set<Int>
    }

    /// Which kind of name.
    public enum NameKind: String, Sendable {
        case author = "news_authors"
        case category = "news_categories"
    }

    /// The database.
    public let store: Store
    /// The site's key (`QuizServerClient.serverKey(for:)` of its URL, or a fixed name for the stand-in).
    public let site: String

    /// A view of the data of `site` in `store`.
    public init(store: Store, site: String) {
        self.store = store
        self.site = site
    }

    /// Reads everything kept for the site.
    public func contents() throws(StoreError) -> Contents {
        let site = self.site
        return try store.read { connection throws(StoreError) in
            var categoriesByPost: [Int: [Int]] = [:]
            try connection.run(
                "SELECT post_id, category_id FROM news_post_categories WHERE site = ?1 ORDER BY post_id, position",
                [.text(site)]
            ) { categoriesByPost[Int($0.integer(0)), default: []].append(Int($0.integer(1))) }
            var posts: [Post] = []
            var gone = Set<Int>()
            try connection.run(
                """
                SELECT id, published_at, link, title_html, excerpt_html, content_html, image, full_image, protected,
                    author_id, on_site
                FROM news_posts WHERE site = ?1 ORDER BY published_at DESC, id DESC
                """, [.text(site)]
            ) { row in
                let id = Int(row.integer(0))
                posts.append(
                    Post(
                        id: id, date: Date(timeIntervalSince1970: row.real(1)), link: row.text(2).flatMap(URL.init(string:)),
                        titleHTML: row.text(3) ?? "", excerptHTML: row.text(4) ?? "", contentHTML: row.text(5) ?? "",
                        featuredImage: row.text(6).flatMap(URL.init(string:)), fullImage: row.text(7).flatMap(URL.init(string:)),
                        isProtected: row.integer(8) != 0, author: Int(row.integer(9)), categories: categoriesByPost[id] ?? []))
                if row.integer(10) == 0 { gone.insert(id) }
            }
            func names(_ kind: NameKind) throws(StoreError) -> [Int: NameRecord] {
                var records: [Int: NameRecord] = [:]
                try connection.run("SELECT id, name, missing, checked_at FROM \(kind.rawValue) WHERE site = ?1", [.text(site)]) {
                    records[Int($0.integer(0))] = NameRecord(
                        name: $0.text(1), missing: $0.integer(2) != 0,
                        checkedAt: $0.isNull(3) ? nil : Date(timeIntervalSince1970: $0.real(3)))
                }
                return records
            }
            var favourites = Set<Int>()
            try connection.run("SELECT post_id FROM news_favourites WHERE site = ?1", [.text(site)]) {
                favourites.insert(Int($0.integer(0)))
            }
            return Contents(
                posts: posts, gone: gone, authors: try names(.author), categories: try names(.category), favourites: favourites)
        }
    }

    /// Inserts new posts and updates the ones already kept (back on the site, if they had left),
    /// with their categories, in one transaction; an author or category not kept yet gets a row
    /// without a name.
    public func upsert(_ posts: [Post]) throws(StoreError) {
        let site = self.site
        try store.write { connection throws(StoreError) in
            for post in posts {
                let postID = SQLiteValue.integer(Int64(post.id))
                try connection.run(
                    "INSERT OR IGNORE INTO news_authors (site, id) VALUES (?1, ?2)", [.text(site), .integer(Int64(post.author))])
                try connection.run(
                    """
                    INSERT INTO news_posts (site, id, published_at, link, title_html, excerpt_html, content_html, image,
                        full_image, protected, on_site, author_id)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 1, ?11)
                    ON CONFLICT (site, id) DO UPDATE SET
                        published_at = excluded.published_at, link = excluded.link, title_html = excluded.title_html,
                        excerpt_html = excluded.excerpt_html, content_html = excluded.content_html,
                        image = excluded.image, full_image = excluded.full_image, protected = excluded.protected,
                        on_site = 1, author_id = excluded.author_id
                    """,
                    [
                        .text(site), postID, .real(post.date.timeIntervalSince1970),
                        post.link.map { .text($0.absoluteString) } ?? .null, .text(post.titleHTML), .text(post.excerptHTML),
                        .text(post.contentHTML), post.featuredImage.map { .text($0.absoluteString) } ?? .null,
                        post.fullImage.map { .text($0.absoluteString) } ?? .null, .integer(post.isProtected ? 1 : 0),
                        .integer(Int64(post.author)),
                    ])
                try connection.run("DELETE FROM news_post_categories WHERE site = ?1 AND post_id = ?2", [.text(site), postID])
                for (position, category) in post.categories.enumerated() {
                    try connection.run(
                        "INSERT OR IGNORE INTO news_categories (site, id) VALUES (?1, ?2)", [.text(site), .integer(Int64(category))])
                    try connection.run(
                        """
                        INSERT OR IGNORE INTO news_post_categories (site, post_id, category_id, position)
                        VALUES (?1, ?2, ?3, ?4)
                        """,
                        [.text(site), postID, .integer(Int64(category)), .integer(Int64(position))])
                }
            }
        }
    }

    /// Keeps what the site said about these authors or categories (nil name: missing), checked at `date`.
    public func setNames(_ records: [Int: String?], kind: NameKind, checkedAt date: Date) throws(StoreError) {
        let site = self.site
        try store.write { connection throws(StoreError) in
            for (id, name) in records {
                try connection.run(
                    """
                    INSERT INTO \(kind.rawValue) (site, id, name, missing, checked_at) VALUES (?1, ?2, ?3, ?4, ?5)
                    ON CONFLICT (site, id) DO UPDATE SET
                        name = coalesce(excluded.name, name), missing = excluded.missing, checked_at = excluded.checked_at
                    """,
                    [
                        .text(site), .integer(Int64(id)), name.map { .text($0) } ?? .null, .integer(name == nil ? 1 : 0),
                        .real(date.timeIntervalSince1970),
                    ])
            }
        }
    }

    /// Takes away the posts the site no longer publishes: each is deleted with its categories,
    /// except a favourite, which stays marked as gone (`on_site = 0`).
    public func remove(postIDs: some Sequence<Int>) throws(StoreError) {
        let site = self.site
        let ids = Array(postIDs)
        try store.write { connection throws(StoreError) in
            for id in ids {
                let values: [SQLiteValue] = [.text(site), .integer(Int64(id))]
                try connection.run(
                    """
                    UPDATE news_posts SET on_site = 0 WHERE site = ?1 AND id = ?2
                    AND EXISTS (SELECT 1 FROM news_favourites WHERE site = ?1 AND post_id = ?2)
                    """, values)
                try connection.run(
                    """
                    DELETE FROM news_posts WHERE site = ?1 AND id = ?2
                    AND NOT EXISTS (SELECT 1 FROM news_favourites WHERE site = ?1 AND post_id = ?2)
                    """, values)
            }
        }
    }

    /// Marks or unmarks a post as favourite (the post must be kept already). Unmarking a post
    /// the site no longer publishes deletes it.
    public func setFavourite(_ favourite: Bool, postID: Int) throws(StoreError) {
        let site = self.site
        try store.write { connection throws(StoreError) in
            let values: [SQLiteValue] = [.text(site), .integer(Int64(postID))]
            if favourite {
                try connection.run("INSERT OR IGNORE INTO news_favourites (site, post_id) VALUES (?1, ?2)", values)
            } else {
                try connection.run("DELETE FROM news_favourites WHERE site = ?1 AND post_id = ?2", values)
                try connection.run("DELETE FROM news_posts WHERE site = ?1 AND id = ?2 AND on_site = 0", values)
            }
        }
    }
}
