import Testing

@testable import Models

@Suite("SecretToken: random hex secrets, constant-time comparison")
struct SecretTokenTests {
    @Test func tokensAreHexOfTheAskedLengthAndDiffer() {
        let tokens = (0..<100).map { _ in SecretToken.random() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        #expect(SecretToken.random(bytes: 4).count == 8)
    }

    @Test func matchesOnlyTheSameText() {
        #expect(SecretToken.matches("abc123", "abc123"))
        #expect(!SecretToken.matches("abc124", "abc123"))
        #expect(!SecretToken.matches("abc12", "abc123"))
        #expect(!SecretToken.matches("abc1234", "abc123"))
        #expect(!SecretToken.matches("", "abc123"))
        #expect(SecretToken.matches("", ""))
    }
}
