import Synchronization

/// The bundled data parsed once per process and shared by every stand-in made from it.
///
/// A stand-in's state (favourites, outages) is its own, but the data it serves never changes:
/// parsing it again for each app a process starts (the test suite starts dozens) only burned
/// CPU on whatever thread started the app.
enum BundledData {
    private static let parsed = Mutex<[String: any Sendable]>([:])

    /// The value stored under `key`, made with `parse` the first time it is asked for.
    static func shared<Value: Sendable>(_ key: String, _ parse: () throws -> Value) throws -> Value {
        if let value = parsed.withLock({ $0[key] }) as? Value { return value }
        let value = try parse()
        parsed.withLock { $0[key] = value }
        return value
    }
}
