/// An image a host uploaded for a quiz of their sets: its bytes, and its type as its first bytes
/// say (PNG, JPEG, GIF or WebP; the name or type the browser gave is not trusted). Kept by
/// `QuizSetStore` under a random name and served from the app's own origin.
public struct SetImage: Hashable, Sendable {
    /// The largest image accepted.
    public static let maxSize = 1_048_576

    /// The image's MIME type, from its magic bytes.
    public let mime: String
    /// The image file's bytes.
    public let bytes: [UInt8]

    /// Checks `bytes`: not empty, at most `maxSize`, and a PNG, JPEG, GIF or WebP by its magic
    /// bytes; refused in Spanish otherwise.
    public init(bytes: [UInt8]) throws(QuestionSetError) {
        guard !bytes.isEmpty else { throw .invalid("La imagen está vacía.") }
        guard bytes.count <= Self.maxSize else {
            throw .invalid("La imagen ocupa más de \(Self.maxSize / 1_048_576) MB.")
        }
        guard let mime = Self.mime(of: bytes) else {
            throw .invalid("La imagen debe ser PNG, JPEG, GIF o WebP.")
        }
        self.mime = mime
        self.bytes = bytes
    }

    /// Makes an image of bytes already checked (read back from the store).
    package init(mime: String, checkedBytes: [UInt8]) {
        self.mime = mime
        bytes = checkedBytes
    }

    /// The type `bytes` start with, or nil when none of the four.
    static func mime(of bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "image/gif" }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return "image/webp" }
        return nil
    }

    /// Whether `name` could be an upload's name (32 lowercase hex digits), so nothing else is
    /// looked up or linked to.
    public static func isName(_ name: some StringProtocol) -> Bool {
        name.utf8.count == 32 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
