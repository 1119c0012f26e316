// What the class answered to a closed question with options (choice, true/false, poll), on the
// projector: one bar per option, in the option's own tile (colour, shape, letter), with its count;
// the right ones have a green bar and a tick (and "correcta" in their accessible name), and the
// right answer is written out in big type above the chart. Text and number questions
// use the chart of the most given answers (js/answer-chart.js).
import { el, sym } from "../js/ui.js";
import { answerChart } from "../js/answer-chart.js";
import { hasTiles, letter, optionTexts, tile } from "./tiles.js";

/** How many chose each of `texts` (by index) in `chart`, and which are right. */
export function optionCounts(chart, texts) {
  const options = Array.isArray(chart.options) ? chart.options : null;
  const answers = Array.isArray(chart.answers) ? chart.answers : [];
  return texts.map((text, index) => {
    const own = options?.[index];
    if (own && typeof own === "object") return { text, count: Number(own.count) || 0, right: own.right === true };
    const found = answers.find((answer) => answer.text === text);
    return { text, count: found?.count ?? 0, right: found?.right === true || (chart.correctAnswer === text) };
  });
}

/** The chart of `chart` for the options `texts`, with id `id`. */
export function optionChart(chart, texts, id, poll = false) {
  const rows = optionCounts(chart, texts);
  const most = Math.max(1, ...rows.map((row) => row.count));
  return el("ol", { className: "option-chart", id, "aria-label": "Respuestas por opción" },
    ...rows.map((row, index) => {
      const bar = el("span", { className: "option-bar", "aria-hidden": "true" });
      bar.style.setProperty("--share", String(row.count / most));
      const words = `${letter(index)}: ${row.text}, ${row.count} ${row.count === 1 ? "respuesta" : "respuestas"}${!poll && row.right ? ", correcta" : ""}`;
      return el("li", { className: `option-row${!poll && row.right ? " right" : ""}`, "aria-label": words },
        tile("span", index, row.text),
        el("span", { className: "option-bar-track", "aria-hidden": "true" }, bar),
        el("span", { className: "option-count tnum", "aria-hidden": "true", text: String(row.count) }),
        !poll && row.right ? el("span", { className: "option-right", "aria-hidden": "true", title: "Correcta" }, sym("checkmark-circle-fill")) : el("span"));
    }));
}

/** The chart of a closed question `open` (`{kind, options}`, or null when not known): one bar per
 * option for a question with options, else the most given answers; with id `id`. */
export function closedChart(chart, open, id) {
  const kind = open?.kind;
  return hasTiles(kind)
    ? optionChart(chart, optionTexts(kind, open.options ?? []), id, kind === "poll")
    : answerChart(chart, id);
}
