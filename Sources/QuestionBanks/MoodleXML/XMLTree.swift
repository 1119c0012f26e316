import MarkupText

/// A small XML reader for question banks: elements, attributes, text, CDATA, comments,
/// processing instructions, the five named entities and numeric ones. A `<!DOCTYPE` is refused
/// (no bank needs one, and it is how entity bombs and external entities get in), as is anything
/// malformed; the tree is at most `maxDepth` deep.
struct XMLTree {
    /// One element: its name, attributes and children (elements and text, in order).
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// The child elements called `name`.
        func all(_ name: String) -> [Element] {
            children.compactMap { if case .element(let element) = $0, element.name == name { element } else { nil } }
        }

        /// The first child element called `name`.
        func first(_ name: String) -> Element? { all(name).first }

        /// Every text inside, joined.
        var text: String {
            children.map { node in
                switch node {
                case .text(let text): text
                case .element(let element): element.text
                }
            }.joined()
        }
    }

    /// A child: an element or text.
    enum Node {
        case element(Element)
        case text(String)
    }

    /// Why a file could not be read, in Spanish.
    struct Malformed: Error {
        let reason: String
    }

    static let maxDepth = 64

    /// The root element of `text`.
    static func parse(_ text: String) throws(Malformed) -> Element {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        return try reader.document()
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var at = 0

        func starts(_ prefix: String) -> Bool {
            var index = at
            for scalar in prefix.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else { return false }
                index += 1
            }
            return true
        }

        mutating func skip(past end: String, what: String) throws(Malformed) {
            while at < scalars.count {
                if starts(end) {
                    at += end.unicodeScalars.count
                    return
                }
                at += 1
            }
            throw Malformed(reason: "\(what) sin cerrar")
        }

        mutating func skipSpaces() {
            while at < scalars.count, scalars[at].properties.isWhitespace { at += 1 }
        }

        /// Skips the prolog's declaration, comments and processing instructions.
        mutating func skipMisc() throws(Malformed) {
            while true {
                skipSpaces()
                if starts("<?") {
                    try skip(past: "?>", what: "una instrucción <?")
                } else if starts("<!--") {
                    try skip(past: "-->", what: "un comentario")
                } else if starts("<!") {
                    throw Malformed(reason: "tiene una declaración <!DOCTYPE o similar, que no se admite")
                } else {
                    return
                }
            }
        }

        mutating func document() throws(Malformed) -> Element {
            try skipMisc()
            guard starts("<") else { throw Malformed(reason: "no empieza por un elemento") }
            let root = try element(depth: 0)
            try skipMisc()
            guard at == scalars.count else { throw Malformed(reason: "hay algo después del elemento raíz") }
            return root
        }

        mutating func name() throws(Malformed) -> String {
            var result = ""
            while at < scalars.count {
                let scalar = scalars[at]
                guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "_-.:".unicodeScalars.contains(scalar)
                else { break }
                result.unicodeScalars.append(scalar)
                at += 1
            }
            guard !result.isEmpty else { throw Malformed(reason: "falta un nombre de elemento o atributo") }
            return result
        }

        /// An element starting at `<`.
        mutating func element(depth: Int) throws(Malformed) -> Element {
            guard depth < XMLTree.maxDepth else { throw Malformed(reason: "está anidado demasiado hondo") }
            at += 1
            let tag = try name()
            var attributes: [String: String] = [:]
            while true {
                skipSpaces()
                if starts("/>") {
                    at += 2
                    return Element(name: tag, attributes: attributes)
                }
                if starts(">") {
                    at += 1
                    break
                }
                let key = try name()
                skipSpaces()
                guard starts("=") else { throw Malformed(reason: "al atributo «\(key)» le falta el valor") }
                at += 1
                skipSpaces()
                guard at < scalars.count, scalars[at] == "\"" || scalars[at] == "'" else {
                    throw Malformed(reason: "el valor del atributo «\(key)» no va entre comillas")
                }
                let quote = scalars[at]
                at += 1
                var value = ""
                while at < scalars.count, scalars[at] != quote {
                    if scalars[at] == "<" { throw Malformed(reason: "hay un < dentro de un atributo") }
                    value += try character()
                }
                guard at < scalars.count else { throw Malformed(reason: "un atributo sin cerrar") }
                at += 1
                attributes[key] = value
            }
            let element = Element(name: tag, attributes: attributes)
            var text = ""
            func flush() {
                if !text.isEmpty { element.children.append(.text(text)) }
                text = ""
            }
            while true {
                guard at < scalars.count else { throw Malformed(reason: "el elemento <\(tag)> no se cierra") }
                if starts("</") {
                    at += 2
                    let closing = try name()
                    guard closing == tag else { throw Malformed(reason: "<\(tag)> se cierra con </\(closing)>") }
                    skipSpaces()
                    guard starts(">") else { throw Malformed(reason: "</\(tag)> sin su >") }
                    at += 1
                    flush()
                    return element
                } else if starts("<![CDATA[") {
                    at += 9
                    let start = at
                    try skip(past: "]]>", what: "una sección CDATA")
                    text.unicodeScalars.append(contentsOf: scalars[start..<at - 3])
                } else if starts("<!--") {
                    try skip(past: "-->", what: "un comentario")
                } else if starts("<?") {
                    try skip(past: "?>", what: "una instrucción <?")
                } else if starts("<!") {
                    throw Malformed(reason: "tiene una declaración <!DOCTYPE o similar, que no se admite")
                } else if starts("<") {
                    flush()
                    element.children.append(.element(try self.element(depth: depth + 1)))
                } else {
                    text += try character()
                }
            }
        }

        /// One character of text or of an attribute, an entity decoded.
        mutating func character() throws(Malformed) -> String {
            let scalar = scalars[at]
            guard scalar == "&" else {
                at += 1
                return String(scalar)
            }
            let start = at + 1
            var end = start
            while end < scalars.count, end - start < 12, scalars[end] != ";" { end += 1 }
            guard end < scalars.count, scalars[end] == ";" else { throw Malformed(reason: "hay un & que no es una entidad") }
            var entity = ""
            entity.unicodeScalars.append(contentsOf: scalars[start..<end])
            at = end + 1
            guard entity.hasPrefix("#") || ["amp", "lt", "gt", "quot", "apos"].contains(entity),
                  let decoded = MarkupText.character(forReference: entity[...]).map(String.init)
            else {
                throw Malformed(reason: "la entidad &\(entity); no existe en XML")
            }
            return decoded
        }
    }
}
