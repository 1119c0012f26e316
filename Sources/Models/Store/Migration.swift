/// One step of the database schema: the SQL that takes `user_version` from `version - 1` to
/// `version`. Steps are never edited once shipped; a change is a new step.
public struct Migration: Sendable {
    /// The schema version this step produces (1, 2, 3… without gaps).
    public var version: Int
    /// What the step adds, for people reading the list.
    public var summary: String
    /// The statements, run in order inside the migration's transaction.
    public var statements: [String]

    /// Makes a step.
    public init(version: Int, summary: String, statements: [String]) {
        self.version = version
        self.summary = summary
        self.statements = statements
    }
}
