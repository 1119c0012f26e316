import Foundation
import QuestionSets

/// A question bank imported into a new set: a course `quizzes.json`, GIFT, Aiken or Moodle XML
/// (`SetImportFormat`, recognised from the content when not given). Every question that cannot
/// be played, or does not pass the set's checks (`SetQuiz.validated`), or is beyond
/// `QuizSet.maxQuizzes`, is skipped with a note; what was changed on the way in (partial credit
/// dropped, an image left out…) is noted too. A file with no playable question is refused with
/// the reasons. Nothing of a file's markup reaches a page: every text is plain text.
public enum SetImport {
    /// The largest file read.
    public static let maxSize = 2 * 1_048_576
    /// The most notes an import gives (the last one then says how many more there were).
    public static let maxNotes = 50
    /// The title of a set whose file names none and whose import gives none.
    public static let defaultTitle = "Preguntas importadas"
    /// How an embedded image is named in a prepared set until it is kept.
    static let filePrefix = "@@PLUGINFILE@@/"

    /// An import read and checked, its images not kept yet.
    public struct Prepared: Sendable {
        /// The set, its embedded images still named `@@PLUGINFILE@@/…` (see `images`).
        public var set: QuizSet
        /// How many questions were skipped.
        public var skipped: Int
        /// What was skipped and why, and what was changed, in Spanish.
        public var notes: [ImportNote]
        /// The embedded images the set uses, checked as uploads, by the name the set gives them.
        public var images: [String: SetImage]

        /// The set with each embedded image kept by `keep` (which returns its URL; its error,
        /// the keeper's own, is thrown as it is).
        public func set<Failure: Error>(keepingImages keep: (SetImage) throws(Failure) -> String) throws(Failure) -> QuizSet {
            var urls: [String: String] = [:]
            for (name, image) in images.sorted(by: { $0.key < $1.key }) { urls[name] = try keep(image) }
            var result = set
            for index in result.quizzes.indices {
                if let image = result.quizzes[index].image, let url = urls[image] { result.quizzes[index].image = url }
            }
            return result
        }
    }

    /// Reads `data` in `format` (recognised when nil) into a set called `title` (when empty, the
    /// bank's category, or `defaultTitle`).
    public static func read(_ data: Data, title: String, format: SetImportFormat?) throws(QuestionSetError) -> Prepared {
        guard data.count <= maxSize else { throw .invalid("El fichero ocupa más de \(maxSize / 1_048_576) MB.") }
        let text = try ImportText.decode(data)
        let format = format ?? SetImportFormat.detect(text)
        let reading: ImportReading
        switch format {
        case .quizzesJSON: reading = try QuizzesJSONReader.read(text)
        case .gift: reading = GIFTReader.read(text)
        case .aiken: reading = AikenReader.read(text)
        case .moodleXML: reading = try MoodleXMLReader.read(text)
        }
        let given = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let chosen = given.isEmpty ? (reading.title.map(ImportControlCharacters.cleaned).flatMap { $0.isEmpty ? nil : String($0.prefix(QuizSet.maxTitleLength)) } ?? defaultTitle) : given
        return try prepare(reading, title: chosen, format: format)
    }

    private static func prepare(_ reading: ImportReading, title: String, format: SetImportFormat) throws(QuestionSetError) -> Prepared {
        var quizzes: [SetQuiz] = []
        var notes: [ImportNote] = []
        var skipped: [ImportNote] = []
        var uncounted = 0
        var images: [String: SetImage] = [:]
        for read in reading.drafts {
            // The set is full and the notes too: what is left is only counted, not read.
            guard quizzes.count < QuizSet.maxQuizzes || skipped.count + notes.count < maxNotes else {
                uncounted += 1
                continue
            }
            let draft = read()
            // The name as every note shows it: cleaned once (a name from XML may hold `&#x1B;`).
            let name = ImportControlCharacters.cleaned(draft.name)
            guard let read = draft.quiz else {
                skipped.append(ImportNote(name: name, reason: draft.notes.first ?? "no se puede jugar"))
                continue
            }
            guard quizzes.count < QuizSet.maxQuizzes else {
                skipped.append(ImportNote(name: name, reason: "no cabe: un conjunto tiene como mucho \(QuizSet.maxQuizzes) preguntas"))
                continue
            }
            let (quiz, hadControl) = ImportControlCharacters.cleaned(read)
            var imageNote: String?
            let checked: SetQuiz
            do throws(QuestionSetError) {
                (checked, imageNote) = try validated(quiz, files: reading.files, images: &images)
            } catch {
                skipped.append(ImportNote(name: name, reason: error.userMessage))
                continue
            }
            quizzes.append(checked)
            let control = hadControl ? ImportControlCharacters.note : nil
            notes += (draft.notes + [imageNote, control].compactMap { $0 }).map { ImportNote(name: name, reason: $0) }
        }
        guard !quizzes.isEmpty else { throw .invalid(refusal(skipped, format: format)) }
        // Each quiz is checked already (an embedded image by its bytes): the set's own check is its title's.
        let titled = try QuizSet(title: title, quizzes: quizzes.map { SetQuiz(question: $0.question, answer: $0.answer) }).validated()
        let set = QuizSet(title: titled.title, quizzes: quizzes)
        var all = skipped + notes
        if all.count + uncounted > maxNotes {
            let more = all.count + uncounted - (maxNotes - 1)
            all = Array(all.prefix(maxNotes - 1)) + [ImportNote(name: "…", reason: "y \(more) avisos más")]
        }
        return Prepared(set: set, skipped: skipped.count + uncounted, notes: all, images: images)
    }

    /// `title`, or when one of `used` already, `title (2)`, `(3)`…: two imports of a bank are
    /// told apart.
    public static func unusedTitle(_ title: String, among used: Set<String>) -> String {
        guard used.contains(title) else { return title }
        for number in 2... {
            let suffix = " (\(number))"
            let candidate = String(title.prefix(QuizSet.maxTitleLength - suffix.count)) + suffix
            if !used.contains(candidate) { return candidate }
        }
        return title
    }

    /// `quiz` checked; an image that does not pass is dropped with a note instead of the quiz.
    private static func validated(
        _ quiz: SetQuiz, files: [String: [UInt8]], images: inout [String: SetImage]
    ) throws(QuestionSetError) -> (SetQuiz, String?) {
        var plain = quiz
        plain.image = nil
        guard let image = quiz.image else { return (try quiz.validated(), nil) }
        if image.hasPrefix(filePrefix) {
            var checked = try plain.validated()
            guard let bytes = files[String(image.dropFirst(filePrefix.count))] else { return (checked, "se ha quitado una imagen que no está en el fichero") }
            do throws(QuestionSetError) {
                images[image] = try SetImage(bytes: bytes)
                checked.image = image
                return (checked, nil)
            } catch {
                return (checked, "se ha quitado su imagen: \(error.userMessage)")
            }
        }
        do throws(QuestionSetError) {
            return (try quiz.validated(), nil)
        } catch {
            let checked = try plain.validated()
            return (checked, "se ha quitado su imagen: \(error.userMessage)")
        }
    }

    /// Why a file gives no set: nothing found, or every question's reason (the first few).
    private static func refusal(_ skipped: [ImportNote], format: SetImportFormat) -> String {
        let names = [
            SetImportFormat.quizzesJSON: "quizzes.json", .gift: "GIFT", .aiken: "Aiken", .moodleXML: "XML de Moodle",
        ]
        guard !skipped.isEmpty else {
            return "El fichero no tiene ninguna pregunta en formato \(names[format] ?? format.rawValue)."
        }
        let reasons = skipped.prefix(3).map { "«\($0.name)»: \($0.reason)" }.joined(separator: "; ")
        let more = skipped.count > 3 ? " (y \(skipped.count - 3) más)" : ""
        return "El fichero no tiene ninguna pregunta que se pueda jugar. \(reasons)\(more)."
    }
}
