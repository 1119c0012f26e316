import Testing
@testable import HTTPServer

@Suite struct HTTPBytesTests {
    @Test func theByteClassMasksHoldExactlyTheirCharacters() {
        #expect(ASCIISet.token == ASCIISet(lettersAndDigitsAnd: "!#$%&'*+-.^_`|~"))
        #expect(ASCIISet.host == ASCIISet(lettersAndDigitsAnd: "-._~:[]%!$&'()*+,;="))
    }

    @Test func tokenAndHostBytes() {
        #expect("GET".utf8.allSatisfy(HTTPBytes.isTokenByte))
        #expect("X-Custom_Header~1".utf8.allSatisfy(HTTPBytes.isTokenByte))
        #expect(!" :\"(),/;<=>?@[\\]{}\u{7F}\u{80}".utf8.contains(where: HTTPBytes.isTokenByte))
        #expect("[::1]:8080".utf8.allSatisfy(HTTPBytes.isHostByte))
        #expect("ejemplo.es:80".utf8.allSatisfy(HTTPBytes.isHostByte))
        #expect(!" /?#@\"<>\\^`{|}\u{0}\u{FF}".utf8.contains(where: HTTPBytes.isHostByte))
    }

    @Test func hexValues() {
        #expect("09afAF".utf8.map(HTTPBytes.hexValue) == [0, 9, 10, 15, 10, 15])
        #expect(HTTPBytes.hexValue(UInt8(ascii: "g")) == nil)
    }
}
