import CEventLoop
import MarkupText

/// The part of nginx's server-side includes (SSI) the pages use, expanded by `StaticFiles` when it
/// loads an HTML file: what every page's `<head>` shares is written once in a partial, and there
/// is still no build step.
///
/// - `<!--#include virtual="/partials/head.html" -->` is replaced by that file of the webroot
///   (its last newline dropped). The path is absolute inside the webroot and obeys the rules of a
///   request's path (no `.`/`..`, no encoded slash; symbolic links must stay inside). One level
///   deep: a partial that includes is refused.
/// - `<!--#set var="theme_light" value="#2a5298" -->` sets a variable (it writes nothing);
///   `<!--#echo var="theme_light" default="#f2f2f7" -->` writes its value, or the default,
///   escaped (`MarkupText`, like nginx's default `encoding="entity"`). A page sets what its
///   partial echoes.
///
/// Anything else written `<!--#…-->` (another command, an attribute missing, a path that breaks a
/// rule, a partial that cannot be read) is a `Failure`: the page is answered 500 and the failure
/// said in the server's log, never sent half-expanded.
struct ServerSideIncludes {
    /// Why a page's directives could not be expanded.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case malformed(String)
        case unknownCommand(String)
        case refusedPath(String)
        case missingPartial(String)
        case nestedInclude(String)
        case undefinedVariable(String)

        var description: String {
            switch self {
            case .malformed(let text): "malformed directive <!--#\(text)-->"
            case .unknownCommand(let command): "unknown command \"\(command)\" (include, set and echo are known)"
            case .refusedPath(let path): "include of \"\(path)\": not a path inside the webroot"
            case .missingPartial(let path): "include of \"\(path)\": no such regular file in the webroot"
            case .nestedInclude(let path): "include of \"\(path)\" inside a partial (one level only)"
            case .undefinedVariable(let name): "echo of \"\(name)\": not set and no default"
            }
        }
    }

    /// A partial a page included, as it was read.
    struct Partial {
        /// The absolute path under the webroot (what revalidation stats).
        var path: String
        var info: cel_file_info
        var body: [UInt8]
    }

    /// Reads the partial at a virtual path's decoded segments; nil when there is none.
    let readPartial: ([String]) -> Partial?
    private var variables: [String: String] = [:]
    /// The partials included so far, each once, by the path the page wrote.
    private(set) var partials: [String: Partial] = [:]

    init(readPartial: @escaping ([String]) -> Partial?) {
        self.readPartial = readPartial
    }

    private static let opening = Array("<!--#".utf8)
    private static let closing = Array("-->".utf8)

    /// Whether `body` holds any directive (a page without one is served byte for byte).
    static func hasDirectives(_ body: [UInt8]) -> Bool {
        body.firstRange(of: opening) != nil
    }

    /// `page` with its directives expanded.
    mutating func expand(_ page: [UInt8]) throws(Failure) -> [UInt8] {
        try expand(page, inPartial: false)
    }

    private mutating func expand(_ text: [UInt8], inPartial: Bool) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var rest = text[...]
        while let open = rest.firstRange(of: Self.opening) {
            output += rest[..<open.lowerBound]
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.firstRange(of: Self.closing) else {
                throw .malformed(String(decoding: afterOpen.prefix(60), as: UTF8.self))
            }
            let directive = String(decoding: afterOpen[..<close.lowerBound], as: UTF8.self)
            output += try run(directive, inPartial: inPartial)
            rest = afterOpen[close.upperBound...]
        }
        output += rest
        return output
    }

    /// What one directive writes.
    private mutating func run(_ directive: String, inPartial: Bool) throws(Failure) -> [UInt8] {
        let (command, attributes) = try Self.parse(directive)
        switch command {
        case "include":
            guard let path = attributes["virtual"], attributes.count == 1 else { throw .malformed(directive) }
            if inPartial { throw .nestedInclude(path) }
            guard path.hasPrefix("/"), !path.contains("?"), let segments = StaticFiles.safeSegments(of: path),
                !segments.isEmpty
            else { throw .refusedPath(path) }
            // A partial included again (a home screen's tiles) is read once.
            let partial: Partial
            if let known = partials[path] {
                partial = known
            } else {
                guard let read = readPartial(segments) else { throw .missingPartial(path) }
                partials[path] = read
                partial = read
            }
            var body = partial.body
            if body.last == UInt8(ascii: "\n") { body.removeLast() }
            return try expand(body, inPartial: true)
        case "set":
            guard let name = attributes["var"], let value = attributes["value"], attributes.count == 2
            else { throw .malformed(directive) }
            variables[name] = value
            return []
        case "echo":
            guard let name = attributes["var"], attributes.count == (attributes["default"] == nil ? 1 : 2)
            else { throw .malformed(directive) }
            guard let value = variables[name] ?? attributes["default"] else { throw .undefinedVariable(name) }
            return Array(MarkupText.escaped(value).utf8)
        default:
            throw .unknownCommand(command)
        }
    }

    /// A directive's command and its `name="value"` attributes.
    static func parse(_ directive: String) throws(Failure) -> (command: String, attributes: [String: String]) {
        var rest = directive[...]
        let command = rest.prefix { $0.isLetter }
        rest = rest.dropFirst(command.count)
        var attributes: [String: String] = [:]
        while true {
            let spaces = rest.prefix { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            rest = rest.dropFirst(spaces.count)
            if rest.isEmpty { break }
            let name = rest.prefix { $0.isLetter || $0 == "_" || $0.isNumber }
            guard !spaces.isEmpty, !name.isEmpty, rest.dropFirst(name.count).hasPrefix("=\"") else {
                throw .malformed(directive)
            }
            rest = rest.dropFirst(name.count + 2)
            guard let quote = rest.firstIndex(of: "\""), attributes[String(name)] == nil else { throw .malformed(directive) }
            attributes[String(name)] = String(rest[..<quote])
            rest = rest[rest.index(after: quote)...]
        }
        guard !command.isEmpty else { throw .malformed(directive) }
        return (String(command), attributes)
    }
}
