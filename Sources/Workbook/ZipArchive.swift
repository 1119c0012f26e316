import CZlib

/// A zip archive (PKWARE's APPNOTE) written in memory: each entry deflated through the system's
/// zlib (stored when deflating does not make it smaller), its CRC-32 from zlib too, every entry
/// dated 1980-01-01 00:00 so the same entries always give the same bytes. No zip64: an archive
/// is for files of a few megabytes at most (the entries must stay under 4 GiB and 65,535).
public struct ZipArchive: Sendable {
    private var body: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0

    /// An empty archive.
    public init() {}

    /// Adds a file called `name` (ASCII, `/` between folders) holding `bytes`.
    public mutating func add(_ name: String, _ bytes: [UInt8]) {
        let deflated = RawDeflate.compress(bytes).flatMap { $0.count < bytes.count ? $0 : nil }
        let data = deflated ?? bytes
        let checksum = Self.crc32(bytes)
        let nameBytes = Array(name.utf8)
        let offset = body.count
        // Both headers share the fields from "version needed" to the name's length.
        var shared: [UInt8] = []
        shared.appendLittleEndian(UInt16(20))  // version needed: 2.0 (deflate)
        shared.appendLittleEndian(UInt16(0x0800))  // flags: the name is UTF-8
        shared.appendLittleEndian(UInt16(deflated == nil ? 0 : 8))  // stored or deflated
        shared.appendLittleEndian(UInt16(0))  // time 00:00:00
        shared.appendLittleEndian(UInt16((0 << 9) | (1 << 5) | 1))  // date 1980-01-01
        shared.appendLittleEndian(checksum)
        shared.appendLittleEndian(UInt32(data.count))
        shared.appendLittleEndian(UInt32(bytes.count))
        shared.appendLittleEndian(UInt16(nameBytes.count))
        shared.appendLittleEndian(UInt16(0))  // no extra field

        body.appendLittleEndian(UInt32(0x0403_4B50))
        body += shared + nameBytes + data

        directory.appendLittleEndian(UInt32(0x0201_4B50))
        directory.appendLittleEndian(UInt16(20))  // made by: MS-DOS, 2.0
        directory += shared
        directory.appendLittleEndian(UInt16(0))  // no comment
        directory.appendLittleEndian(UInt16(0))  // disk 0
        directory.appendLittleEndian(UInt16(0))  // internal attributes
        directory.appendLittleEndian(UInt32(0))  // external attributes
        directory.appendLittleEndian(UInt32(offset))
        directory += nameBytes
        count += 1
    }

    /// The archive's bytes: the entries, the central directory, its end record.
    public var bytes: [UInt8] {
        var end: [UInt8] = []
        end.appendLittleEndian(UInt32(0x0605_4B50))
        end.appendLittleEndian(UInt16(0))  // this disk
        end.appendLittleEndian(UInt16(0))  // the directory's disk
        end.appendLittleEndian(UInt16(count))
        end.appendLittleEndian(UInt16(count))
        end.appendLittleEndian(UInt32(directory.count))
        end.appendLittleEndian(UInt32(body.count))
        end.appendLittleEndian(UInt16(0))  // no comment
        return body + directory + end
    }

    /// The CRC-32 (ISO 3309, as zip and gzip use it) of `bytes`, by zlib.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }
}

extension [UInt8] {
    /// Appends `value`'s bytes, least significant first.
    fileprivate mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) { append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}
