import Foundation
import Testing

@testable import AdivinaApp

@Suite("ServerAddress: the app's URLs for every kind of --host")
struct ServerAddressTests {
    @Test func aNameOrIPv4IsShownAsGiven() throws {
        let address = ServerAddress(host: "127.0.0.1", port: 8080)
        #expect(try address.pagesURL().absoluteString == "http://127.0.0.1:8080/")
        #expect(try address.localBase().absoluteString == "http://127.0.0.1:8080/")
        #expect(try address.joinURL().absoluteString == "http://127.0.0.1:8080/clase/")
        #expect(try ServerAddress(host: "aula.local", port: 80).joinURL().absoluteString == "http://aula.local:80/clase/")
    }

    @Test func everyAddressIsReachedOnLoopback() throws {
        #expect(try ServerAddress(host: "0.0.0.0", port: 9).localBase().absoluteString == "http://127.0.0.1:9/")
        #expect(try ServerAddress(host: "::", port: 9).localBase().absoluteString == "http://[::1]:9/")
        let join = try ServerAddress(host: "0.0.0.0", port: 9).joinURL()
        #expect(join.absoluteString.hasSuffix(":9/clase/") && join.host != "0.0.0.0")
    }

    @Test func behindAProxyTheJoinURLIsAtThePublicURL() throws {
        let address = ServerAddress(host: "127.0.0.1", port: 8080, publicURL: URL(string: "https://aula.local/"))
        #expect(try address.joinURL().absoluteString == "https://aula.local/clase/")
        #expect(try address.pagesURL().absoluteString == "http://127.0.0.1:8080/", "the app's own address is unchanged")
        let withPort = ServerAddress(host: "0.0.0.0", port: 8080, publicURL: URL(string: "https://10.0.0.5:8443/"))
        #expect(try withPort.joinURL().absoluteString == "https://10.0.0.5:8443/clase/")
    }

    @Test func anIPv6AddressIsBracketedWithItsZoneEscaped() throws {
        #expect(try ServerAddress(host: "::1", port: 8080).pagesURL().absoluteString == "http://[::1]:8080/")
        #expect(try ServerAddress(host: "[::1]", port: 8080).pagesURL().absoluteString == "http://[::1]:8080/")
        #expect(try ServerAddress(host: "fe80::1%eth0", port: 8080).pagesURL().absoluteString == "http://[fe80::1%25eth0]:8080/")
    }

    @Test func aHostNoURLCanHoldIsAnErrorNotACrash() {
        #expect(throws: ConfigurationError.invalidValue("--host", "«a b» cannot be written in a URL")) {
            try ServerAddress(host: "a b", port: 8080).pagesURL()
        }
    }
}
