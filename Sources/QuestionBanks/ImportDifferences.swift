import QuestionSets

/// The notes of what a bank loses on its way into a set, the same from every format: the
/// documented differences from Moodle (docs/api.md, «Lo que difiere de Moodle»).
enum ImportDifferences {
    /// A multiple choice whose weights say more than «the right ones share 100 %, a wrong one
    /// costs it all», which is how Adivina judges it.
    static let weights = "Adivina la puntúa todo o nada (hay que marcar todas las correctas y ninguna más): se han quitado sus pesos"
    /// Feedback of answers a written, numeric or true-or-false question cannot show.
    static let answerFeedback = "se han quitado los comentarios de sus respuestas incorrectas (solo se muestra el de la correcta)"
    /// Markdown in a question's answers or feedback, kept as plain text (the question's own
    /// text keeps its Markdown, drawn by the pages).
    static let markdown = "el Markdown de sus respuestas y comentarios se muestra como texto, sin negritas, cursivas ni código"

    /// The most answers a question may have, in every format: past it the question is refused
    /// as soon as its answers are counted (a hostile file of 700,000 options costs one pass, no
    /// option is read).
    static let maxAnswers = 30
    /// The note of a question refused for having more than `maxAnswers` answers.
    static let tooManyAnswers = "tiene más de \(maxAnswers) respuestas"

    /// A GIFT `{#0}`, which Moodle's parser reads as no answer at all.
    static let zero = "Moodle no lee la respuesta «0» escrita así: escribe {#=0}"

    /// Moodle's list of grades (percent): a weight outside it makes Moodle refuse the question.
    static let moodleGrades: [Double] = [
        100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571, 12.5, 11.11111, 10, 5, 0,
    ]

    /// The note of weights (percent) Moodle's import would refuse, or nil.
    static func gradesNote(_ fractions: [Double]) -> String? {
        let odd = fractions.filter { fraction in !moodleGrades.contains { abs($0 - abs(fraction)) < 0.0001 } }
        guard let first = odd.first else { return nil }
        return "Moodle rechazaría esta pregunta: el peso \(SetExport.percent(first)) % no está en su lista de notas"
    }

    /// The weights note for a multiple choice of `fractions` (percent), or nil when they are
    /// the ones an export writes.
    static func weightsNote(_ fractions: [Double]) -> String? {
        let right = fractions.filter { $0 > 0 }
        let share = 100 / Double(max(1, right.count))
        let even = right.allSatisfy { abs($0 - share) < 0.01 }
        let wrongCostAll = fractions.filter { $0 <= 0 }.allSatisfy { $0 <= -100 }
        return even && wrongCostAll ? nil : weights
    }
}
