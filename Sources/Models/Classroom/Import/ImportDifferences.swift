/// The notes of what a bank loses on its way into a set, the same from every format: the
/// documented differences from Moodle (docs/api.md, «Lo que difiere de Moodle»).
enum ImportDifferences {
    /// A multiple choice whose weights say more than «the right ones share 100 %, a wrong one
    /// costs it all», which is how Adivina judges it.
    static let weights = "Adivina la puntúa todo o nada (hay que marcar todas las correctas y ninguna más): se han quitado sus pesos"
    /// Feedback of answers a written, numeric or true-or-false question cannot show.
    static let answerFeedback = "se han quitado los comentarios de sus respuestas incorrectas (solo se muestra el de la correcta)"
    /// A Markdown text shown as plain text.
    static let markdown = "su Markdown se muestra como texto, sin negritas, cursivas ni código"

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
