import Foundation
import ModelsTesting

@testable import Models

/// Canned answers of a WordPress site for the news model tests.
enum WordPressReplies {
    /// A post in the REST API's shape; `image` nil leaves `jetpack_featured_media_url` out.
    static func postJSON(
        _ id: Int, gmt: String, author: Int = 1, categories: [Int] = [], title: String? = nil, image: String? = ""
    ) -> String {
        let imageMember = image.map { #","jetpack_featured_media_url":"\#($0)""# } ?? ""
        return #"{"id":\#(id),"date":"\#(gmt)","date_gmt":"\#(gmt)","link":"https://site.test/\#(id)/","#
            + #""title":{"rendered":"\#(title ?? "Entrada \(id)")"},"#
            + #""excerpt":{"rendered":"<p>Resumen \#(id) [&hellip;]</p>\n","protected":false},"#
            + #""content":{"rendered":"<p>Contenido \#(id)</p>","protected":false},"#
            + #""author":\#(author),"categories":[\#(categories.map(String.init).joined(separator: ","))]\#(imageMember)}"#
    }

    /// The posts list with these posts.
    static func posts(_ items: [String]) -> ScriptedTransport.Reply {
        .json("[" + items.joined(separator: ",") + "]")
    }

    /// One page of the posts list with WordPress's `X-WP-Total` and `X-WP-TotalPages`.
    static func page(_ items: [String], total: Int, totalPages: Int) -> ScriptedTransport.Reply {
        .response(
            status: 200,
            headers: ["Content-Type": "application/json; charset=UTF-8", "X-WP-Total": String(total), "X-WP-TotalPages": String(totalPages)],
            body: Data(("[" + items.joined(separator: ",") + "]").utf8))
    }

    /// A post as `_embed` sends it: its author (nil: WordPress's 404 object for a deleted user),
    /// its categories with names, and a featured image in `full`, `medium` and `thumbnail` sizes.
    static func embeddedPostJSON(
        _ id: Int, gmt: String, author: (id: Int, name: String?), categories: [(id: Int, name: String)], image: String? = nil,
        title: String? = nil
    ) -> String {
        let plain = postJSON(id, gmt: gmt, author: author.id, categories: categories.map(\.id), title: title, image: nil)
        let authorJSON = author.name.map { #"{"id":\#(author.id),"name":"\#($0)","slug":"a"}"# }
            ?? #"{"code":"rest_user_invalid_id","message":"Invalid user ID.","data":{"status":404}}"#
        let terms = categories.map { #"{"id":\#($0.id),"name":"\#($0.name)","taxonomy":"category"}"# }
        let media = image.map { url in
            #","wp:featuredmedia":[{"id":9\#(id),"source_url":"\#(url).jpg","media_details":{"sizes":{"#
                + #""thumbnail":{"source_url":"\#(url)-150x150.jpg"},"medium":{"source_url":"\#(url)-300x200.jpg"}}}}]"#
        } ?? ""
        let embedded = #","_embedded":{"author":[\#(authorJSON)],"wp:term":[[\#(terms.joined(separator: ","))],[{"id":70,"name":"etiqueta","taxonomy":"post_tag"}]]\#(media)}"#
        return String(plain.dropLast()) + embedded + "}"
    }

    /// A user or category with this name.
    static func name(_ id: Int, _ name: String) -> ScriptedTransport.Reply {
        .json(#"{"id":\#(id),"name":"\#(name)","slug":"x"}"#)
    }

    /// WordPress's error body.
    static func error(_ status: Int, _ code: String, _ message: String) -> ScriptedTransport.Reply {
        .json(#"{"code":"\#(code)","message":"\#(message)","data":{"status":\#(status)}}"#, status: status)
    }

    static let postsPath = "/wp-json/wp/v2/posts"
    static func userPath(_ id: Int) -> String { "/wp-json/wp/v2/users/\(id)" }
    static func categoryPath(_ id: Int) -> String { "/wp-json/wp/v2/categories/\(id)" }
}
