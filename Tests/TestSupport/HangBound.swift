/// The one bound against a hang for every wait of the tests that has no reason for another.
///
/// Every wait is for an event (a response, a stream's event, a child's line); this bound only
/// ends a wait that will never be met. It is long because it must never end a wait that is only
/// slow: Swift Testing starts every test at once, on a cooperative pool as wide as the CPU count,
/// and on a machine whose cores are busy elsewhere (`scripts/test-under-load`) a server's handler
/// waited over a minute behind the suite's own work for its turn. A passing test never waits it out.
public let hangBound: Duration = .seconds(180)
