import Foundation

/// A JSON array decoded element by element: an element that does not decode, or repeats an id
/// already seen, is reported in `skipped` and left out instead of failing the whole list.
///
/// The top level must still be an array; anything else is a decoding error.
public struct LenientList<Element: Decodable & Identifiable>: Decodable where Element.ID: Hashable {
    /// The elements that decoded, in order, first occurrence of each id.
    public var elements: [Element]
    /// The elements left out, in order.
    public var skipped: [SkippedElement]

    /// A list of elements already read (nothing skipped unless given).
    init(elements: [Element], skipped: [SkippedElement] = []) {
        self.elements = elements
        self.skipped = skipped
    }

    /// Decodes every element it can and reports the rest.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var skipped: [SkippedElement] = []
        var seen = Set<Element.ID>()
        while !container.isAtEnd {
            let index = container.currentIndex
            if try container.decodeNil() {
                skipped.append(SkippedElement(index: index, id: nil, reason: "elemento nulo"))
                continue
            }
            do {
                let element = try container.decode(Element.self)
                if seen.insert(element.id).inserted {
                    elements.append(element)
                } else {
                    skipped.append(SkippedElement(index: index, id: "\(element.id)", reason: "id repetido"))
                }
            } catch let error as DecodingError {
                // A failed decode does not move the container on; the probe always succeeds and does.
                let probe = try container.decode(IdentifierProbe.self)
                let reason = Self.explain(error, elementDepth: container.codingPath.count + 1)
                skipped.append(SkippedElement(index: index, id: probe.id, reason: reason))
            }
        }
        self.elements = elements
        self.skipped = skipped
    }

    /// Decodes `data` as a lenient list with a plain `JSONDecoder`.
    public static func decode(_ data: Data) throws -> LenientList<Element> {
        try JSONDecoder().decode(LenientList<Element>.self, from: data)
    }

    /// A short Spanish account of a decoding error, naming the field.
    /// `elementDepth` is how many leading coding-path keys lead to the element itself.
    static func explain(_ error: DecodingError, elementDepth: Int) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let names = context.codingPath.dropFirst(elementDepth).map { key in
                key.intValue.map { "[\($0)]" } ?? key.stringValue
            }
            return names.isEmpty ? "el elemento" : "«\(names.joined(separator: "."))»"
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.dropFirst(elementDepth).map(\.stringValue) + [key.stringValue]
            return "falta el campo «\(parent.joined(separator: "."))»"
        case .typeMismatch(let type, let context):
            return "tipo incorrecto en \(path(context)): se esperaba \(type)"
        case .valueNotFound(let type, let context):
            return "valor nulo en \(path(context)): se esperaba \(type)"
        case .dataCorrupted(let context):
            return "dato no válido en \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "no se puede leer: \(error)"
        }
    }
}

/// Reads whatever `id` an undecodable element has, and never fails, so the list can move past it.
private struct IdentifierProbe: Decodable {
    var id: String?

    private enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            id = nil
            return
        }
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = String(number)
        } else {
            id = try? container.decode(String.self, forKey: .id)
        }
    }
}

extension LenientList: Sendable where Element: Sendable {}
