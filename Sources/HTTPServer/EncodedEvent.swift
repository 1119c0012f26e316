/// One published server-sent event, encoded once into one immutable buffer: every loop and every
/// stream that gets the event holds a reference to this object and writes from `bytes` (an
/// `iovec` points into it), so a broadcast copies the event into no stream's memory.
///
/// `@unchecked Sendable`, proven safe: every stored property is a `let`; the buffer is filled in
/// `init`, before the object can be shared, and only read afterwards; it is freed in `deinit`,
/// when no reference (and so no write in progress, which holds one) is left.
final class EncodedEvent: @unchecked Sendable {
    /// The event's id (the hub's counter).
    let id: UInt64
    let topic: String
    /// The hub that published it (a loop may serve streams of several hubs).
    let hub: ObjectIdentifier
    /// Where the encoded event (`id:`, `event:`, `data:` lines and the blank line) starts.
    let base: UnsafeMutableRawPointer
    /// Its length in bytes.
    let count: Int

    init(id: UInt64, topic: String, hub: ObjectIdentifier, encoded: [UInt8]) {
        self.id = id
        self.topic = topic
        self.hub = hub
        count = encoded.count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 1)
        encoded.withUnsafeBytes { if let source = $0.baseAddress { base.copyMemory(from: source, byteCount: count) } }
    }

    deinit { base.deallocate() }

    /// The bytes as an array (a replay, a test).
    var array: [UInt8] { Array(UnsafeRawBufferPointer(start: base, count: count)) }
}
