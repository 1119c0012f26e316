// What the class answered to a question that just closed, drawn by the page as an SVG bar chart
// (no library): one bar an answer, most given first, right ones green; above it the right
// answer and the counts. The SVG is an image whose text alternative is the list beside it, so a
// screen reader reads the same numbers.
import { el, sym, svg } from "./ui.js";
import { withMath } from "./tex-math.js";

const ROW = 34;
const WIDTH = 320;
const LABEL = 120;

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The chart of `chart` (`{question,right,wrong,unanswered,answers,correctAnswer}`) with id `id`. */
export function answerChart(chart, id = "chart") {
  const answers = Array.isArray(chart.answers) ? chart.answers : [];
  const most = Math.max(1, ...answers.map((answer) => answer.count));
  const summary = `${plural(chart.right ?? 0, "acierto", "aciertos")} · ${plural(chart.wrong ?? 0, "fallo", "fallos")} · ${chart.unanswered ?? 0} sin responder`;
  const listId = `${id}-list`;
  const image = svg("svg", {
    class: "answer-chart-bars", viewBox: `0 0 ${WIDTH} ${Math.max(1, answers.length) * ROW}`,
    role: "img", "aria-labelledby": listId, preserveAspectRatio: "xMinYMin meet",
  });
  answers.forEach((answer, index) => {
    const y = index * ROW;
    const width = Math.max(4, ((WIDTH - LABEL - 40) * answer.count) / most);
    const shown = answer.text.length > 16 ? `${answer.text.slice(0, 15)}…` : answer.text;
    image.append(
      svg("text", { class: "answer-chart-label", x: 0, y: y + 21 }, shown),
      svg("rect", { class: `answer-chart-bar ${answer.right ? "right" : "wrong"}`, x: LABEL, y: y + 6, width, height: ROW - 12, rx: 6 }),
      svg("text", { class: "answer-chart-count", x: LABEL + width + 8, y: y + 21 }, String(answer.count)));
  });
  const list = el("ul", { className: "visually-hidden", id: listId },
    ...answers.map((answer) => el("li", {
      text: `«${answer.text}»: ${plural(answer.count, "vez", "veces")}${answer.right ? ", correcta" : ""}`,
    })));
  return el("figure", { className: "answer-chart", id },
    el("figcaption", { className: "answer-chart-caption" },
      el("span", { className: "answer-chart-title", text: `Pregunta ${chart.question}` }),
      typeof chart.correctAnswer === "string"
        ? el("span", { className: "answer-chart-correct" }, sym("checkmark-circle-fill"), withMath(el("span"), `Respuesta correcta: «${chart.correctAnswer}»`))
        : null,
      el("span", { className: "answer-chart-summary", text: summary })),
    answers.length ? image : el("p", { className: "answer-chart-empty", text: "Nadie respondió." }),
    list);
}
