import Foundation

/// A JSON array of items as a stand-in serves it, each kept as a raw JSON object so it goes out
/// with its original shape.
///
/// Rules: the data is a JSON array of objects, each with an integer `id` and whatever else the
/// `validate` check asks for (an item that cannot be served makes loading fail and names it);
/// an id that appears more than once is served once, the **first** item wins and the later ones
/// are listed in `droppedDuplicateIDs`.
public struct ListCatalog: Sendable {
    /// One item: its id and the object, re-encoded with sorted keys.
    public struct Entry: Sendable {
        /// The item's `id`.
        public let id: Int
        /// The whole item as loaded.
        public let json: Data
    }

    /// Why data could not be read as a catalog.
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// The bytes are not JSON.
        case malformedJSON(String)
        /// The JSON is not an array of items.
        case notAnArray
        /// The item at `index` (0-based) cannot be served, and why.
        case invalidItem(index: Int, reason: String)

        /// A one-line explanation for logs and error messages.
        public var description: String {
            switch self {
            case .malformedJSON(let detail): "the data is not valid JSON: \(detail)"
            case .notAnArray: "the data must be a JSON array of items"
            case .invalidItem(let index, let reason): "item #\(index) cannot be served: \(reason)"
            }
        }
    }

    /// The items in data order, one per id.
    public let entries: [Entry]
    /// Ids that appeared again after their first item and were dropped, in data order.
    public let droppedDuplicateIDs: [Int]

    /// Reads a catalog from JSON bytes. `validate` sees each item with its id and returns why it
    /// cannot be served, or nil.
    public init(jsonData: Data, validate: ([String: Any], Int) -> String? = { _, _ in nil }) throws(LoadError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: jsonData, options: [.fragmentsAllowed])
        } catch {
            throw .malformedJSON(String(describing: error))
        }
        guard let items = root as? [Any] else { throw .notAnArray }
        var entries: [Entry] = []
        var seen: Set<Int> = []
        var duplicates: [Int] = []
        for (index, element) in items.enumerated() {
            guard let item = element as? [String: Any] else {
                throw .invalidItem(index: index, reason: "not a JSON object")
            }
            guard let id = item["id"].flatMap(Self.integer) else {
                throw .invalidItem(index: index, reason: "no integer \"id\"")
            }
            if let reason = validate(item, id) { throw .invalidItem(index: index, reason: reason) }
            guard seen.insert(id).inserted else {
                duplicates.append(id)
                continue
            }
            entries.append(Entry(id: id, json: Self.encoded(item)))
        }
        self.entries = entries
        self.droppedDuplicateIDs = duplicates
    }

    /// Reads a catalog from a file.
    public init(contentsOf file: URL, validate: ([String: Any], Int) -> String? = { _, _ in nil }) throws {
        try self.init(jsonData: try Data(contentsOf: file), validate: validate)
    }

    /// An entry's item as a JSON object (entries are always encoded from one).
    func object(_ entry: Entry) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: entry.json)) as? [String: Any] ?? [:]
    }

    /// How the stand-ins write JSON: stable key order, slashes left alone.
    static let writingOptions: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]

    /// A JSON object or array as bytes, in the stand-ins' style.
    static func encoded(_ value: Any) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: value, options: writingOptions)
        } catch {
            preconditionFailure("only values JSONSerialization produced reach here, and they encode: \(error)")
        }
    }

    /// The value of a JSON integer; nil for booleans, fractions, strings and out-of-range numbers.
    static func integer(_ value: Any) -> Int? {
        // Foundation hands JSON booleans out as NSNumbers of C type `char`; no JSON number is one.
        guard let number = value as? NSNumber, !(number is NSDecimalNumber),
              String(cString: number.objCType) != "c" else { return nil }
        let double = number.doubleValue
        guard double.rounded() == double else { return nil }
        return Int(exactly: double)
    }
}
