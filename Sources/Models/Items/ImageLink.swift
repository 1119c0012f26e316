import Foundation

/// An image URL read tolerantly: a missing, `null`, empty, non-string or unusable value is no
/// image (the page shows a placeholder) instead of an error that would drop the whole item.
///
/// Usable means an absolute `http`/`https` URL or a reference without a scheme (`/img/a.svg`,
/// `images/a.svg`), so a `javascript:` or `file:` link never reaches a page. Encodes as the URL
/// string, or `null`.
@propertyWrapper
public struct ImageLink: Codable, Hashable, Sendable {
    /// The image, or nil for the placeholder.
    public var wrappedValue: URL?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: URL?) {
        self.wrappedValue = wrappedValue
    }

    /// Reads a URL string; anything else, or a URL that is not usable, is nil. Never throws.
    public init(from decoder: any Decoder) {
        let text = (try? decoder.singleValueContainer()).flatMap { try? $0.decode(String.self) }
        wrappedValue = text.flatMap(Self.url(from:))
    }

    /// Writes the URL string, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let url = wrappedValue {
            try container.encode(url.absoluteString)
        } else {
            try container.encodeNil()
        }
    }

    /// The usable URL `text` stands for, or nil.
    public static func url(from text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, let url = URL(string: trimmed) else { return nil }
        switch url.scheme?.lowercased() {
        case nil: return url
        case "http", "https": return url.host == nil ? nil : url
        default: return nil
        }
    }
}

extension KeyedDecodingContainer {
    /// An image member that is absent reads as no image (used by synthesized `Decodable`).
    public func decode(_ type: ImageLink.Type, forKey key: Key) throws -> ImageLink {
        try decodeIfPresent(type, forKey: key) ?? ImageLink(wrappedValue: nil)
    }
}
