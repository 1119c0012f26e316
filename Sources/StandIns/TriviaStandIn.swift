import Foundation

/// The trivia questions service, answered from the bundled `Data/trivia/questions.json`: the
/// HTTP-free core of the trivia stand-in, mounted at `/standin/trivia`.
///
/// Contract served:
/// - `GET /questions?amount=N` → a JSON array of N distinct questions drawn at random
///   (`{"question","answers":[4 strings],"correct":0…3}`), all of them when N is larger than
///   the bank; `amount` defaults to 10 and must be a whole number from 1 to `maxAmount`, else
///   `400 {"error":"…"}`;
/// - `PUT`/`DELETE /control/outage` (see `StandInOutage`) makes `/questions` fail;
/// - anything else → `404 {"error":"Not found"}`.
public final class TriviaStandIn: MountableStandIn {
    /// The largest `amount` accepted.
    public static let maxAmount = 50
    /// The `amount` when none is given.
    public static let defaultAmount = 10

    /// Where the stand-in is mounted, without a trailing slash.
    public let mountPath: String
    /// The number of questions in the bank.
    public var questionCount: Int { questions.count }

    /// Each question encoded once, as sent.
    private let questions: [Data]
    private let outage = StandInOutage()

    /// A stand-in serving the questions of `jsonData` (a JSON array of question objects, each
    /// with a string `question`, an array `answers` of 4 strings and an integer `correct` 0…3).
    public convenience init(jsonData: Data, mountPath: String) throws {
        self.init(questions: try Self.questions(jsonData), mountPath: mountPath)
    }

    private init(questions: [Data], mountPath: String) {
        self.mountPath = Self.normalizedMountPath(mountPath)
        self.questions = questions
    }

    /// The stand-in with the bundled questions (read once per process).
    public static func bundled(mountPath: String) throws -> TriviaStandIn {
        let questions = try BundledData.shared("trivia/questions.json") {
            let file = try StandInImages.bundledDataDirectory("trivia").appendingPathComponent("questions.json")
            return try Self.questions(try Data(contentsOf: file))
        }
        return TriviaStandIn(questions: questions, mountPath: mountPath)
    }

    /// Each playable question of `jsonData`, encoded as sent; throws at the first that is not.
    private static func questions(_ jsonData: Data) throws -> [Data] {
        guard let items = try JSONSerialization.jsonObject(with: jsonData) as? [[String: Any]] else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "trivia data must be an array of questions"])
        }
        return try items.enumerated().map { index, item in
            guard item["question"] is String, let answers = item["answers"] as? [String], answers.count == 4,
                  let correct = item["correct"].flatMap(ListCatalog.integer), (0..<4).contains(correct)
            else {
                throw CocoaError(
                    .coderReadCorrupt, userInfo: [NSLocalizedDescriptionKey: "trivia question #\(index) is not playable"])
            }
            return try JSONSerialization.data(withJSONObject: item, options: ListCatalog.writingOptions)
        }
    }

    /// Answers one request; `request.path` is below the mount point.
    public func respond(to request: StandInRequest) -> StandInResponse {
        switch (request.method, request.path) {
        case (_, "/control/outage"):
            return outage.control(method: request.method, query: request.query)
        case ("GET", "/questions"):
            if let failure = outage.failure(of: "trivia") { return failure }
            return drawQuestions(amountText: request.query["amount"])
        default:
            return .error(404, "Not found")
        }
    }

    private func drawQuestions(amountText: String?) -> StandInResponse {
        let amount: Int
        if let amountText {
            guard let number = Int(amountText), (1...Self.maxAmount).contains(number) else {
                return .error(400, "amount must be a whole number from 1 to \(Self.maxAmount)")
            }
            amount = number
        } else {
            amount = Self.defaultAmount
        }
        var body = Data("[".utf8)
        for (position, question) in questions.shuffled().prefix(amount).enumerated() {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            body.append(question)
        }
        body.append(UInt8(ascii: "]"))
        return .json(200, body)
    }
}
