/// Answers that break naive query building, with the exact bytes they must travel as.
enum AnswerEscapes {
    static let cases: [(answer: String, escaped: String)] = [
        ("a&b=c", "a%26b%3Dc"),
        ("50% off", "50%25%20off"),
        ("1+1", "1%2B1"),
        ("#1", "%231"),
        ("ñandú", "%C3%B1and%C3%BA"),
        (" Moscú  ", "%20Mosc%C3%BA%20%20"),
    ]
}
