import Foundation
import QuestionSets
import MarkupText

/// A set as a Moodle XML question bank, shaped like Moodle's own exports (a `category`
/// question for each question's whole Moodle category, the set's title for one that came from
/// none; then each question with its `name`, `questiontext` in HTML, `generalfeedback`,
/// `defaultgrade`, `penalty`, `hidden`, `idnumber` and its type's fields), which Moodle imports
/// and `MoodleXMLReader` reads back as the same set. Kinds: `shortanswer` (written),
/// `multichoice` (`single` from the quiz's `multiple`: single, every right option 100 %;
/// multiple, the right ones sharing 100 % and a wrong one −100 %; each option's feedback), `truefalse`, `numerical` (with `tolerance`); a poll is a `multichoice` with every
/// option right tagged `adivina-encuesta`. An uploaded image travels inside the file, base64,
/// as `@@PLUGINFILE@@/…` the way Moodle writes it; another image is an `<img>` of its address.
public enum MoodleXMLWriter {
    /// The bank of `set`; `image` gives the bytes of an uploaded image by its name (nil when
    /// gone: its address is written instead, made absolute against `imageBase`).
    public static func write<Failure: Error>(
        _ set: QuizSet, imageBase: URL?, image: (String) throws(Failure) -> SetImage?
    ) throws(Failure) -> String {
        var images: [String: SetImage] = [:]
        for path in Set(set.quizzes.compactMap(\.image)) where path.hasPrefix(SetQuiz.uploadedImagePrefix) {
            images[path] = try image(String(path.dropFirst(SetQuiz.uploadedImagePrefix.count)))
        }
        return write(set, images: images, imageBase: imageBase)
    }

    /// The bank of `set`; `images` are the bytes of its uploaded images by their path
    /// (`/api/classroom/images/…`), `imageBase` the app's address for those it lacks.
    static func write(_ set: QuizSet, images: [String: SetImage], imageBase: URL?) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"
        var category: String?
        for (index, quiz) in set.quizzes.enumerated() {
            let path = quiz.category ?? MoodleCategory.path(set.title)
            if path != category {
                xml += categoryQuestion(path)
                category = path
            }
            xml += "<!-- question: \(index + 1)  -->\n"
            xml += question(quiz, number: index + 1, images: images, imageBase: imageBase)
        }
        return xml + "</quiz>\n"
    }

    private static func categoryQuestion(_ path: String) -> String {
        """
        <!-- question: 0  -->
          <question type="category">
            <category>
              <text>\(MarkupText.escaped(path))</text>
            </category>
            <info format="moodle_auto_format">
              <text></text>
            </info>
            <idnumber></idnumber>
          </question>

        """
    }

    private static func question(_ quiz: SetQuiz, number: Int, images: [String: SetImage], imageBase: URL?) -> String {
        var html = SetExport.html(quiz.question)
        var file = ""
        if let image = quiz.image {
            if let upload = images[image] {
                let name = "imagen\(number).\(upload.mime.split(separator: "/").last.map(String.init) ?? "png")"
                html += "<br><img src=\"@@PLUGINFILE@@/\(name)\" alt=\"\">"
                file = "\n      <file name=\"\(name)\" path=\"/\" encoding=\"base64\">\(Data(upload.bytes).base64EncodedString())</file>"
            } else {
                html += "<br><img src=\"\(MarkupText.escaped(SetExport.absolute(image, base: imageBase)))\" alt=\"\">"
            }
        }
        let type: String
        let penalty: String
        switch quiz.answer {
        case .text: (type, penalty) = ("shortanswer", "0.3333333")
        case .choice, .poll: (type, penalty) = ("multichoice", "0.3333333")
        case .truefalse: (type, penalty) = ("truefalse", "1.0000000")
        case .number: (type, penalty) = ("numerical", "0.3333333")
        }
        // A Markdown question with no image is written as Markdown; with one, as HTML like the others.
        let markdown = quiz.markdown && quiz.image == nil
        // The name is HTML-escaped twice: Moodle drops what looks like a tag from a name.
        return """
              <question type="\(type)">
                <name>
                  <text>\(MarkupText.escaped(MarkupText.escaped(quiz.bankName)))</text>
                </name>
                <questiontext format="\(markdown ? "markdown" : "html")">
                  <text>\(cdata(markdown ? quiz.question : "<p>" + html + "</p>"))</text>\(file)
                </questiontext>
                <generalfeedback format="html">
                  <text>\(quiz.feedback.map { cdata("<p>" + SetExport.html($0) + "</p>") } ?? "")</text>
                </generalfeedback>
                <defaultgrade>1.0000000</defaultgrade>
                <penalty>\(penalty)</penalty>
                <hidden>0</hidden>
                <idnumber></idnumber>
            \(fields(quiz))  </question>

            """
    }

    /// The type's own fields and answers, each line indented as Moodle does.
    private static func fields(_ quiz: SetQuiz) -> String {
        switch quiz.answer {
        case .text(let answer, let alternatives):
            // A star is Moodle's wildcard; `\*` is a star.
            return "    <usecase>0</usecase>\n" + ([answer] + alternatives).map { plainAnswer(100, $0.replacingOccurrences(of: "*", with: "\\*")) }.joined()
        case .choice(let options):
            // Single: every right option is worth 100 %. Multiple: the right ones share 100 %,
            // a wrong one costs it all (Adivina judges all or nothing).
            let right = options.filter(\.right).count
            let share = quiz.multiple ? SetExport.percent(100 / Double(max(1, right))) : "100"
            return choiceFields(single: !quiz.multiple) + options.map { option in
                htmlAnswer(option.right ? share : (quiz.multiple ? "-100" : "0"), option.text, feedback: option.feedback)
            }.joined()
        case .poll(let options):
            let share = SetExport.percent(100 / Double(max(1, options.count)))
            return choiceFields(single: false) + options.map { htmlAnswer(share, $0, feedback: nil) }.joined()
                + "    <tags>\n      <tag><text>\(MoodleXMLReader.pollTag)</text>\n      </tag>\n    </tags>\n"
        case .truefalse(let truth):
            return plainAnswer(truth ? 100 : 0, "true") + plainAnswer(truth ? 0 : 100, "false")
        case .number(let value, let tolerance):
            return """
                    <answer fraction="100" format="moodle_auto_format">
                      <text>\(SetExport.number(value))</text>
                      <feedback format="html">
                        <text></text>
                      </feedback>
                      <tolerance>\(SetExport.number(tolerance))</tolerance>
                    </answer>
                    <unitgradingtype>0</unitgradingtype>
                    <unitpenalty>0.1000000</unitpenalty>
                    <showunits>3</showunits>
                    <unitsleft>0</unitsleft>

                """
        }
    }

    private static func choiceFields(single: Bool) -> String {
        """
            <single>\(single)</single>
            <shuffleanswers>true</shuffleanswers>
            <answernumbering>abc</answernumbering>
            <showstandardinstruction>0</showstandardinstruction>
            <correctfeedback format="html">
              <text></text>
            </correctfeedback>
            <partiallycorrectfeedback format="html">
              <text></text>
            </partiallycorrectfeedback>
            <incorrectfeedback format="html">
              <text></text>
            </incorrectfeedback>

        """
    }

    private static func plainAnswer(_ fraction: Int, _ text: String) -> String {
        answer(String(fraction), format: "moodle_auto_format", text: MarkupText.escaped(text))
    }

    private static func htmlAnswer(_ fraction: String, _ text: String, feedback: String?) -> String {
        answer(fraction, format: "html", text: cdata("<p>" + SetExport.html(text) + "</p>"), feedback: feedback)
    }

    private static func answer(_ fraction: String, format: String, text: String, feedback: String? = nil) -> String {
        """
            <answer fraction="\(fraction)" format="\(format)">
              <text>\(text)</text>
              <feedback format="html">
                <text>\(feedback.map { cdata("<p>" + SetExport.html($0) + "</p>") } ?? "")</text>
              </feedback>
            </answer>

        """
    }

    /// `text` as CDATA (a `]]>` in it split across two sections).
    private static func cdata(_ text: String) -> String {
        "<![CDATA[" + text.replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>") + "]]>"
    }
}
