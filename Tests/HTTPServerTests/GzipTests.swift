import Testing
@testable import HTTPServer

/// `Gzip` against zlib's own inflate: what goes in comes out, and the bytes are a gzip member.
@Suite struct GzipTests {
    @Test(arguments: [0, 1, 1000, 100_000])
    func roundTripsThroughInflate(size: Int) throws {
        let text = (0..<size).map { UInt8(ascii: "a") + UInt8(($0 * 7 + $0 / 13) % 26) }
        let compressed = try #require(Gzip.compress(text))
        #expect(compressed.starts(with: [0x1F, 0x8B, 0x08]), "the gzip magic and deflate method")
        #expect(Gunzip.decompress(compressed) == text)
        if size >= 1000 { #expect(compressed.count < text.count / 2) }
    }

    @Test func bothLevelsDecodeToTheSameBytes() throws {
        let page = Array(String(repeating: "<li class=\"fila\">Hola, clase</li>\n", count: 300).utf8)
        for level: Int32 in [1, 6, 9] {
            #expect(Gunzip.decompress(try #require(Gzip.compress(page, level: level))) == page)
        }
    }

    @Test func randomBytesDoNotShrink() throws {
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let compressed = try #require(Gzip.compress(noise))
        #expect(compressed.count >= noise.count)
        #expect(Gunzip.decompress(compressed) == noise)
    }

    @Test func gunzipRefusesBytesThatAreNotGzip() {
        #expect(Gunzip.decompress(Array("no es gzip".utf8)) == nil)
    }
}
