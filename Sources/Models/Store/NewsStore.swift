import Foundation

/// The news reader's data kept in the `Store` for one WordPress site: posts (never deleted,
/// upserted), author and category names, which categories each post has, and favourites.
public struct NewsStore: Sendable {
    /// Everything kept for the site.
    public struct Contents: Sendable, Equatable {
        /// The posts, newest first (ties: the higher id first).
        public var posts: [Post]
        /// Author names by user id.
        public var authorNames: [Int: String]
        /// Category names by id.
        public var categoryNames: [Int: String]
        /// The ids of the favourite posts.
        public var favourites: Set<Int>
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
            try connection.run(
                """
                SELECT id, published_at, link, title_html, excerpt_html, content_html, image, author_id
                FROM news_posts WHERE site = ?1 ORDER BY published_at DESC, id DESC
                """, [.text(site)]
            ) { row in
                let id = Int(row.integer(0))
                posts.append(
                    Post(
                        id: id, date: Date(timeIntervalSince1970: row.real(1)), link: row.text(2).flatMap(URL.init(string:)),
                        titleHTML: row.text(3) ?? "", excerptHTML: row.text(4) ?? "", contentHTML: row.text(5) ?? "",
                        featuredImage: row.text(6).flatMap(URL.init(string:)), author: Int(row.integer(7)),
                        categories: categoriesByPost[id] ?? []))
            }
            var authors: [Int: String] = [:]
            try connection.run("SELECT id, name FROM news_authors WHERE site = ?1", [.text(site)]) {
                authors[Int($0.integer(0))] = $0.text(1) ?? ""
            }
            var categories: [Int: String] = [:]
            try connection.run("SELECT id, name FROM news_categories WHERE site = ?1", [.text(site)]) {
                categories[Int($0.integer(0))] = $0.text(1) ?? ""
            }
            var favourites = Set<Int>()
            try connection.run("SELECT post_id FROM news_favourites WHERE site = ?1", [.text(site)]) {
                favourites.insert(Int($0.integer(0)))
            }
            return Contents(posts: posts, authorNames: authors, categoryNames: categories, favourites: favourites)
        }
    }

    /// Inserts new posts and updates the ones already kept, with their categories, in one transaction.
    public func upsert(_ posts: [Post]) throws(StoreError) {
        let site = self.site
        try store.write { connection throws(StoreError) in
            for post in posts {
                try connection.run(
                    """
                    INSERT INTO news_posts
                        (site, id, published_at, link, title_html, excerpt_html, content_html, image, author_id)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                    ON CONFLICT (site, id) DO UPDATE SET
                        published_at = excluded.published_at, link = excluded.link, title_html = excluded.title_html,
                        excerpt_html = excluded.excerpt_html, content_html = excluded.content_html,
                        image = excluded.image, author_id = excluded.author_id
                    """,
                    [
                        .text(site), .integer(Int64(post.id)), .real(post.date.timeIntervalSince1970),
                        post.link.map { .text($0.absoluteString) } ?? .null, .text(post.titleHTML), .text(post.excerptHTML),
                        .text(post.contentHTML), post.featuredImage.map { .text($0.absoluteString) } ?? .null,
                        .integer(Int64(post.author)),
                    ])
                try connection.run(
                    "DELETE FROM news_post_categories WHERE site = ?1 AND post_id = ?2", [.text(site), .integer(Int64(post.id))])
                for (position, category) in post.categories.enumerated() {
                    try connection.run(
                        """
                        INSERT OR IGNORE INTO news_post_categories (site, post_id, category_id, position)
                        VALUES (?1, ?2, ?3, ?4)
                        """,
                        [.text(site), .integer(Int64(post.id)), .integer(Int64(category)), .integer(Int64(position))])
                }
            }
        }
    }

    /// Keeps an author's name.
    public func setAuthorName(_ name: String, id: Int) throws(StoreError) {
        try setName(name, id: id, table: "news_authors")
    }

    /// Keeps a category's name.
    public func setCategoryName(_ name: String, id: Int) throws(StoreError) {
        try setName(name, id: id, table: "news_categories")
    }

    /// Marks or unmarks a post as favourite (the post must be kept already).
    public func setFavourite(_ favourite: Bool, postID: Int) throws(StoreError) {
        let site = self.site
        try store.write { connection throws(StoreError) in
            try connection.run(
                favourite
                    ? "INSERT OR IGNORE INTO news_favourites (site, post_id) VALUES (?1, ?2)"
                    : "DELETE FROM news_favourites WHERE site = ?1 AND post_id = ?2",
                [.text(site), .integer(Int64(postID))])
        }
    }

    private func setName(_ name: String, id: Int, table: String) throws(StoreError) {
        let site = self.site
        try store.write { connection throws(StoreError) in
            try connection.run(
                """
                INSERT INTO \(table) (site, id, name) VALUES (?1, ?2, ?3)
                ON CONFLICT (site, id) DO UPDATE SET name = excluded.name
                """, [.text(site), .integer(Int64(id)), .text(name)])
        }
    }
}
