import Foundation

/// An image the quiz server links to: a quiz's attachment or an author's photo.
///
/// The server sends `{"url", "mime", "filename"?}`; the June 2022 exam sends just the URL as a
/// string. Both decode, and encoding gives back the shape that was read.
public struct QuizMedia: Codable, Hashable, Sendable {
    /// Where the image is.
    public var url: URL
    /// Its MIME type, when the server knows it (`null` for OAuth avatars).
    public var mime: String?
    /// The uploaded file's name, when the server sends one.
    public var filename: String?
    /// True when the service sent a plain URL string instead of an object.
    public var isPlainURL: Bool

    /// Makes a media reference; `isPlainURL` picks the shape used when encoding.
    public init(url: URL, mime: String? = nil, filename: String? = nil, isPlainURL: Bool = false) {
        self.url = url
        self.mime = mime
        self.filename = filename
        self.isPlainURL = isPlainURL
    }

    private enum CodingKeys: String, CodingKey {
        case url, mime, filename
    }

    /// Reads either form; an empty or unparseable URL is a decoding error.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            url = try Self.url(from: text, codingPath: decoder.codingPath)
            mime = nil
            filename = nil
            isPlainURL = true
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .url)
        url = try Self.url(from: text, codingPath: container.codingPath + [CodingKeys.url])
        mime = try container.decodeIfPresent(String.self, forKey: .mime)
        filename = try container.decodeIfPresent(String.self, forKey: .filename)
        isPlainURL = false
    }

    /// Writes a plain string or `{"url","mime","filename"}` (nulls when unknown), as it was read.
    public func encode(to encoder: any Encoder) throws {
        if isPlainURL {
            var single = encoder.singleValueContainer()
            try single.encode(url.absoluteString)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url.absoluteString, forKey: .url)
        try container.encode(mime, forKey: .mime)
        try container.encode(filename, forKey: .filename)
    }

    /// Reads a media field that may be absent, `null`, an empty string, a URL string or an object.
    static func decodeIfPresent<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>, forKey key: Key
    ) throws -> QuizMedia? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        if let text = try? container.decode(String.self, forKey: key),
            text.trimmingCharacters(in: .whitespaces).isEmpty
        {
            return nil
        }
        return try container.decode(QuizMedia.self, forKey: key)
    }

    private static func url(from text: String, codingPath: [any CodingKey]) throws -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let url = URL(string: trimmed) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "URL no válida: \"\(text)\""))
        }
        return url
    }
}
