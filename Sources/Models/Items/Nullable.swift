/// An optional that synthesized `Encodable` writes as `null` when empty, instead of leaving the
/// key out: the pages' snapshots always carry every field. Every snapshot marks its optional
/// fields with it rather than writing `encode(to:)` by hand; an absent key still reads as nil.
@propertyWrapper
public struct Nullable<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    /// The value, or nil.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Reads `null` or a value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    /// Writes the value or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension KeyedDecodingContainer {
    /// A `@Nullable` member that is absent reads as nil, as a plain optional does (used by
    /// synthesized `Decodable`).
    public func decode<Value>(_ type: Nullable<Value>.Type, forKey key: Key) throws -> Nullable<Value> {
        try decodeIfPresent(type, forKey: key) ?? Nullable(wrappedValue: nil)
    }
}
