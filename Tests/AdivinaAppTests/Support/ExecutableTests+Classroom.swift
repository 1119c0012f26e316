import Foundation
import Testing
import TestSupport

extension ExecutableTests.Child {
    /// The address and host key an `adivina --classroom` child printed, once it printed them.
    func classroomAddress() async throws -> (base: URL, key: String) {
        _ = try #require(await wait(for: "anfitrión: "))
        let (text, started) = await eventually({ self.text }, until: { $0.split(separator: "\n").count >= 3 })
        try #require(started, "\(text)")
        let lines = text.split(separator: "\n").map(String.init)
        let base = try #require(URL(string: String(lines[0].dropFirst("Adivina: ".count))))
        return (base, String(lines[2].dropFirst("Clave de anfitrión: ".count)))
    }

    /// The host of an `adivina --classroom` child, with the key it printed.
    func classroomHost() async throws -> ClassroomClient {
        let (base, key) = try await classroomAddress()
        return ClassroomClient(base: base, headers: ["X-Host-Key": key])
    }
}
