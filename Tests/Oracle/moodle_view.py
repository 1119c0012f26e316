"""What Adivina must hold for a question Moodle's parser read: the rules that turn Moodle's parse
(oracle.php's JSON) into a set's quiz, each one a decision written in docs/api.md's import
section ("What differs from Moodle"). Texts are compared as a reader sees them: HTML drawn as
text, Moodle's auto-format line ends as breaks, runs of spaces as one."""

import re
from html.parser import HTMLParser

FORMAT_MOODLE, FORMAT_HTML, FORMAT_PLAIN, FORMAT_MARKDOWN = 0, 1, 2, 4

# Moodle's question types Adivina cannot play (skipped with a note that names them).
UNPLAYABLE = {"essay", "match", "description", "multianswer", "calculated", "calculatedsimple",
              "calculatedmulti", "ddwtos", "ddimageortext", "ddmarker", "gapselect", "randomsamatch", "ordering"}

BREAKING = {"br", "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "blockquote", "pre"}


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines, self.line, self.skipping, self.pre = [], "", None, 0

    def end_line(self, always):
        if always or self.line.strip():
            self.lines.append(self.line)
        self.line = ""

    def handle_starttag(self, tag, attrs):
        if tag == "pre":
            self.pre += 1
        if tag in ("script", "style"):
            self.skipping = tag
        elif tag == "br":
            self.end_line(True)
        elif tag in ("p", "li"):
            self.end_line(False)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag):
        if tag == "pre":
            self.pre = max(0, self.pre - 1)
        if tag == self.skipping:
            self.skipping = None
        elif tag in BREAKING and tag != "br":
            self.end_line(False)

    def handle_data(self, data):
        if self.skipping:
            return
        if not self.pre:
            self.line += " ".join(data.split("\n"))
            return
        parts = data.split("\n")  # A <pre> keeps its line ends.
        for part in parts[:-1]:
            self.line += part
            self.end_line(True)
        self.line += parts[-1]


def squash(text):
    """Each line's runs of spaces made one and trimmed, runs of blank lines made one, no blank
    line at either end: how a page shows the text."""
    lines = [" ".join(line.replace("\u00a0", " ").split()) for line in text.split("\n")]
    out = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)


def html_text(html):
    """HTML as the text it draws."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    parser.end_line(False)
    return squash("\n".join(parser.lines))


def markdown_text(text):
    """Markdown as the plain text Adivina keeps of it (MoodleTextFormat.markdownText): emphasis
    and code marks dropped, a list item's mark as «• », a heading's # dropped."""
    out = []
    for line in text.split("\n"):
        line = re.sub(r"^\s*#{1,6}\s+", "", line)
        line = re.sub(r"^\s*[-*+]\s+", "• ", line)
        line = re.sub(r"`([^`]*)`", r"\1", line)
        line = re.sub(r"\*\*(\S(?:.*?\S)?)\*\*", r"\1", line)
        line = re.sub(r"__(\S(?:.*?\S)?)__", r"\1", line)
        line = re.sub(r"(^|[^\w*])\*(\S(?:[^*]*?\S)?)\*(?=$|[^\w*])", r"\1\2", line)
        line = re.sub(r"(^|[^\w_])_(\S(?:[^_]*?\S)?)_(?=$|[^\w_])", r"\1\2", line)
        out.append(line)
    return squash("\n".join(out))


def shown(text, text_format):
    """`text` in Moodle's `text_format` as the plain text a reader sees."""
    text = text or ""
    if text_format == FORMAT_HTML:
        return html_text(text)
    if text_format == FORMAT_MOODLE:
        return html_text(text.replace("\r\n", "\n").replace("\n", "<br>"))
    if text_format == FORMAT_MARKDOWN:
        return markdown_text(text)
    return squash(text)


def one_line(text):
    return " ".join(text.split())


def expected(question, parts_format=None):
    """The quiz Adivina must make of Moodle's `question`, as the set's JSON shows it, or a
    ("skipped", why) pair for a question Adivina leaves out with a note. `parts_format` is the
    format of its feedback and options when the file gives them one of their own that Moodle's
    parse does not report (Adivina's XML export writes them as HTML); else the question's."""
    qtype = question["qtype"]
    if qtype in UNPLAYABLE:
        return ("skipped", qtype)
    fmt = question.get("questiontextformat", FORMAT_MOODLE)
    # A Markdown question keeps its text as written, for the pages to draw (SetQuiz.markdown).
    if fmt == FORMAT_MARKDOWN:
        quiz = {"question": squash(question["questiontext"]), "markdown": True}
    else:
        quiz = {"question": shown(question["questiontext"], fmt)}
    parts = parts_format if parts_format is not None else fmt
    general = shown(question.get("generalfeedback") or "", parts)
    answers = question.get("answers", [])

    def answer_text(answer):
        # A choice's option is a text in its format; a written answer is compared as typed.
        return one_line(shown(answer["text"], answer.get("format", parts)) if qtype == "multichoice" else answer["text"])

    def feedback(answer):
        return shown(answer.get("feedback") or "", parts) or None

    right_feedback = None
    if qtype == "multichoice":
        single = question.get("single", 1) == 1
        options = []
        for answer in answers:
            right = answer["fraction"] >= 0.9999 if single else answer["fraction"] > 0
            option = {"text": answer_text(answer), "right": right}
            if feedback(answer):
                option["feedback"] = feedback(answer)
            options.append(option)
        if not any(o["right"] for o in options):
            return ("skipped", "ninguna opción")
        quiz.update(kind="choice", options=options, multiple=not single)
    elif qtype == "truefalse":
        truth = question["correctanswer"] == 1
        quiz.update(kind="truefalse", answer=truth)
        right_feedback = shown(question.get("feedbacktrue" if truth else "feedbackfalse") or "", parts) or None
    elif qtype == "shortanswer":
        # `*` is Moodle's wildcard, `\*` a literal star; a wildcard answer is dropped.
        accepted = [dict(a, text=a["text"].replace("\\*", "*")) for a in answers
                    if a["fraction"] >= 0.9999 and "*" not in a["text"].replace("\\*", "")]
        if not accepted:
            return ("skipped", "ninguna respuesta")
        texts = []
        for answer in accepted:
            text = answer_text(answer)
            if text.lower() not in [t.lower() for t in texts]:
                texts.append(text)
        quiz.update(kind="text", answer=texts[0], alternatives=texts[1:])
        right_feedback = feedback(accepted[0])
    elif qtype == "numerical":
        right = [a for a in answers if a["fraction"] >= 0.9999 and _number(a["text"]) is not None]
        if not right:
            return ("skipped", "ninguna respuesta numérica")
        tolerance = _number(str(right[0].get("tolerance") or 0))
        quiz.update(kind="number", value=_number(right[0]["text"]), tolerance=abs(tolerance or 0))
        right_feedback = feedback(right[0])
    else:
        return ("skipped", qtype)
    # The question's feedback: Moodle's general feedback; for a kind without options, the right
    # answer's own feedback when there is no general one.
    chosen = general or right_feedback
    if chosen:
        quiz["feedback"] = chosen
    return quiz


def _number(text):
    try:
        value = float(str(text).strip().replace(",", "."))
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def adivina_view(quiz):
    """A quiz of Adivina's set reduced to what Moodle can say (the fields `expected` gives),
    its texts squashed as a page shows them."""
    view = {"question": squash(quiz["question"]), "kind": quiz["kind"]}
    if quiz.get("markdown"):
        view["markdown"] = True
    if quiz.get("feedback"):
        view["feedback"] = squash(quiz["feedback"])
    kind = quiz["kind"]
    if kind == "choice":
        view["options"] = [dict({"text": one_line(o["text"]), "right": o["right"]},
                                **({"feedback": squash(o["feedback"])} if o.get("feedback") else {}))
                           for o in quiz["options"]]
        view["multiple"] = quiz["multiple"]
    elif kind == "truefalse":
        view["answer"] = quiz["answer"]
    elif kind == "text":
        view["answer"] = one_line(quiz["answer"])
        view["alternatives"] = [one_line(a) for a in quiz.get("alternatives", [])]
    elif kind == "number":
        view["value"] = quiz["value"]
        view["tolerance"] = quiz["tolerance"]
    return view


def comparable(quiz):
    """A quiz view with numbers rounded, for an equality that forgives float noise."""
    result = dict(quiz)
    for key in ("value", "tolerance"):
        if key in result and result[key] is not None:
            result[key] = round(float(result[key]), 9)
    return result
