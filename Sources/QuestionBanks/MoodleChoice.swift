import QuestionSets

/// A multiple-choice question's options as Moodle grades them (GIFT's `{=a ~b}` and `{~%50%a}`,
/// Moodle XML's `multichoice`) made a choice: single, its 100 % options are right (partial credit
/// dropped, with a note); multiple, every option worth something is right. Each option keeps its
/// feedback; each step that loses something says so in a note.
enum MoodleChoice {
    /// The choice (nil when no option is right: the caller says so in its own words) and the
    /// notes; `partialNote` is the format's own wording of the partial-credit note.
    static func read(
        _ options: [(text: String, fraction: Double, feedback: String?)], single: Bool, partialNote: String
    ) -> (SetQuizAnswer?, [String]) {
        var notes: [String] = []
        let fractions = options.map(\.fraction)
        if single, fractions.contains(where: { $0 > 0 && $0 < 100 }) { notes.append(partialNote) }
        if !single, let note = ImportDifferences.weightsNote(fractions) { notes.append(note) }
        if let note = ImportDifferences.gradesNote(fractions) { notes.append(note) }
        let choices = options.map {
            SetQuizOption(text: $0.text, right: single ? $0.fraction >= 100 : $0.fraction > 0, feedback: $0.feedback)
        }
        guard choices.contains(where: \.right) else { return (nil, notes) }
        return (.choice(choices), notes)
    }
}
