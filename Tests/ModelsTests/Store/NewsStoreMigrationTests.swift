import Foundation
import Testing
import TestSupport

@testable import Models

/// Schema version 4: the news tables get their foreign keys; a file of version 3 is migrated
/// with every post, name and favourite it had.
@Suite("Store migration 3 → 4: news foreign keys, from the old schema")
struct NewsStoreMigrationTests {
    private let database = ScratchDatabase("adivina-migration")
    private var path: String { database.path }

    /// A version-3 file: two posts (one by an author whose name was never looked up, one in a
    /// category never named), names, a favourite, and a second site.
    private func makeVersion3File() throws {
        let old = try Store(path: path, migrations: Array(StoreSchema.migrations.prefix(3)))
        #expect(try old.schemaVersion() == 3)
        try old.write { connection throws(StoreError) in
            for sql in [
                """
                INSERT INTO news_posts (site, id, published_at, link, title_html, excerpt_html, content_html, image, author_id)
                VALUES ('s', 1, 100, 'https://s/1', 'Uno', '<p>u</p>', '<p>U</p>', 'https://s/1.jpg', 7),
                       ('s', 2, 200, NULL, 'Dos', '', '', NULL, 8),
                       ('t', 1, 50, NULL, 'Otro sitio', '', '', NULL, 7)
                """,
                "INSERT INTO news_authors (site, id, name) VALUES ('s', 8, 'Bea')",
                "INSERT INTO news_categories (site, id, name) VALUES ('s', 30, 'Swift')",
                "INSERT INTO news_post_categories (site, post_id, category_id, position) VALUES ('s', 1, 30, 0), ('s', 1, 31, 1)",
                "INSERT INTO news_favourites (site, post_id) VALUES ('s', 1)",
            ] {
                try connection.execute(sql)
            }
        }
    }

    @Test func aVersion3FileKeepsEverythingAndGainsItsForeignKeys() throws {
        try makeVersion3File()
        let store = try Store(path: path)
        #expect(try store.schemaVersion() == StoreSchema.migrations.count)
        #expect(try store.integrityCheck() == "ok")
        let contents = try NewsStore(store: store, site: "s").contents()
        #expect(contents.posts.map(\.id) == [2, 1])
        let first = try #require(contents.posts.last)
        #expect(first.categories == [30, 31])
        #expect(first.featuredImage == URL(string: "https://s/1.jpg"))
        #expect(first.fullImage == URL(string: "https://s/1.jpg"))
        #expect(contents.favourites == [1])
        #expect(contents.gone.isEmpty)
        #expect(contents.authors[8]?.name == "Bea")
        #expect(contents.authors[7] == NewsStore.NameRecord(name: nil, checkedAt: nil), "a row for the author, name unknown")
        #expect(contents.categories[31] == NewsStore.NameRecord(name: nil, checkedAt: nil))
        #expect(try NewsStore(store: store, site: "t").contents().posts.map(\.title) == ["Otro sitio"])

        let foreignKeys = try store.read { connection throws(StoreError) in
            var references: [String] = []
            for table in ["news_posts", "news_post_categories", "news_favourites"] {
                try connection.run("PRAGMA foreign_key_list(\(table))") { references.append("\(table)→\($0.text(2) ?? "")") }
            }
            return references.sorted()
        }
        #expect(
            foreignKeys == [
                "news_favourites→news_posts", "news_favourites→news_posts", "news_post_categories→news_categories",
                "news_post_categories→news_categories", "news_post_categories→news_posts", "news_post_categories→news_posts",
                "news_posts→news_authors", "news_posts→news_authors",
            ], "one row per column of each composite key")
    }

    @Test func theForeignKeysHold() throws {
        try makeVersion3File()
        let store = try Store(path: path)
        #expect(throws: StoreError.self, "a category of a post that is not there") {
            try store.write { connection throws(StoreError) in
                try connection.execute("INSERT INTO news_post_categories (site, post_id, category_id, position) VALUES ('s', 99, 30, 0)")
            }
        }
        #expect(throws: StoreError.self, "a post by an author who is not there") {
            try store.write { connection throws(StoreError) in
                try connection.execute(
                    "INSERT INTO news_posts (site, id, published_at, title_html, excerpt_html, content_html, author_id) VALUES ('s', 5, 1, '', '', '', 99)")
            }
        }
        let news = NewsStore(store: store, site: "s")
        try news.remove(postIDs: [1, 2])
        var contents = try news.contents()
        #expect(contents.posts.map(\.id) == [1], "the favourite stays")
        #expect(contents.gone == [1])
        try news.setFavourite(false, postID: 1)
        contents = try news.contents()
        #expect(contents.posts.isEmpty)
        let leftovers = try store.read { connection throws(StoreError) in
            var count = 0
            try connection.run("SELECT count(*) FROM news_post_categories WHERE site = 's'") { count = Int($0.integer(0)) }
            return count
        }
        #expect(leftovers == 0, "a post's categories go with it")
    }
}
