/// An item that carries its own right answer (a book question's `solution`, a film's yes/no
/// `answer`), so the model judges answers without asking the server.
public protocol JudgedItem: GameItem {
    /// What an answer is: 1 or 2, yes or no.
    associatedtype Answer: Codable & Hashable & Sendable
    /// The right answer.
    var solution: Answer { get }
    /// `answer` itself if it is one of the options, else `ModelError.invalid` saying why.
    static func validated(_ answer: Answer) throws(ModelError) -> Answer
}

extension BookItem: JudgedItem {
    /// 1 or 2; anything else is refused.
    public static func validated(_ answer: Int) throws(ModelError) -> Int {
        try OneOrTwo.validated(answer)
    }
}

extension MovieItem: JudgedItem {
    /// The film's yes/no answer.
    public var solution: Bool { answer }

    /// Yes and no are both options.
    public static func validated(_ answer: Bool) -> Bool {
        answer
    }
}
