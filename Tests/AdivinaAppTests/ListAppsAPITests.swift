import Foundation
import Testing
@testable import AdivinaApp

/// What Books, Matches and Movies share through the real server: the bundled data, live
/// updates, the stand-in's outage switch, and the flag that points the model at another server.
@MainActor
struct ListAppsAPITests {
    @Test(arguments: ListAppChecks.all, ListAppChecks.Check.allCases)
    func everyListAppPasses(_ checks: ListAppChecks, _ check: ListAppChecks.Check) async throws {
        try await checks.run(check)
    }
}
