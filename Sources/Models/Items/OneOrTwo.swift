/// A choice between two options, numbered as the exams number them: 1 or 2. Any other number is
/// a decoding error that names the field, so the one item carrying it is skipped and reported.
@propertyWrapper
public struct OneOrTwo: Codable, Hashable, Sendable {
    /// The options a value may take.
    public static let choices: ClosedRange<Int> = 1...2

    /// 1 or 2.
    public var wrappedValue: Int

    /// `choice` itself when it is 1 or 2, else `ModelError.invalid` with a Spanish message.
    public static func validated(_ choice: Int) throws(ModelError) -> Int {
        guard choices.contains(choice) else { throw .invalid("La opción \(choice) no existe: elige 1 o 2.") }
        return choice
    }

    /// Wraps `wrappedValue` (trusted: only decoding checks the range).
    public init(wrappedValue: Int) {
        self.wrappedValue = wrappedValue
    }

    /// Reads an integer and refuses anything but 1 and 2.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decode(Int.self)
        guard Self.choices.contains(value) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "debe ser 1 o 2 y es \(value)")
        }
        wrappedValue = value
    }

    /// Writes the number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}
