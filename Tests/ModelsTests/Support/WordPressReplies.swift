import Foundation

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
