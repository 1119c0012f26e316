// One question of a set in the host's editor ("Mis preguntas"), of any kind: text (an answer and
// other valid ones), multiple choice (2–6 options, at least one right; one tap answers it, or,
// with "Varias respuestas correctas" checked, the player marks every right one), true/false, a number (with a tolerance) or a poll (2–6 options, no right
// answer). Every kind may have an image and a feedback shown once the question closes.
import { el, announce } from "../js/ui.js";

export const KINDS = [
  ["text", "Respuesta escrita"],
  ["choice", "Opción múltiple"],
  ["truefalse", "Verdadero o falso"],
  ["number", "Número"],
  ["poll", "Encuesta (sin respuesta correcta)"],
];
const MAX_OPTIONS = 6;
const MIN_OPTIONS = 2;
let nextField = 0;

/** A labelled field: `<label>` + `<input>` (or `<textarea>`, `<select>`), ids unique in the page. */
export function field(label, props, tag = "input") {
  const id = `set-field-${nextField++}`;
  const input = el(tag, { className: tag === "select" ? "round-set set-kind" : "field", id, autocomplete: "off", ...props });
  return [el("label", { className: "set-label", for: id, text: label }), input];
}

/** A number as the editor writes it ("3,5"), or "". */
function numberText(value) {
  return Number.isFinite(value) ? String(value).replace(".", ",") : "";
}

/** The number in `text` ("3,5" or "3.5"), or NaN. */
function numberFrom(text) {
  const cleaned = text.trim().replace(",", ".");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

/** The list of options of a choice or poll question, with "Añadir opción". */
function optionsEditor(options, withRight) {
  const list = el("ol", { className: "set-options" });
  const add = el("button", { type: "button", className: "btn btn-small btn-gray set-add-option", text: "Añadir opción" });
  const renumber = () => {
    const rows = [...list.children];
    rows.forEach((row, index) => {
      const letter = String.fromCharCode(65 + index);
      row.querySelector("label").textContent = `Opción ${letter}`;
      row.querySelector(".set-remove-option").setAttribute("aria-label", `Quitar la opción ${letter}`);
      row.querySelector(".set-remove-option").disabled = rows.length <= MIN_OPTIONS;
      const right = row.querySelector("input[type=checkbox]");
      if (right) right.setAttribute("aria-label", `La opción ${letter} es correcta`);
    });
    add.disabled = rows.length >= MAX_OPTIONS;
  };
  const addOption = (option = {}) => {
    const [label, text] = field("Opción", { maxlength: "200", value: option.text ?? "", dataset: { role: "option" } });
    const right = withRight ? el("input", { type: "checkbox", className: "set-right", checked: option.right === true, dataset: { role: "right" } }) : null;
    // An option's own feedback (from a Moodle bank) is kept through an edit of the set.
    const row = el("li", { className: "set-option", dataset: typeof option.feedback === "string" && option.feedback ? { feedback: option.feedback } : {} }, label,
      el("div", { className: "set-option-line" }, text,
        right ? el("label", { className: "set-right-label" }, right, el("span", { text: "Correcta" })) : null,
        el("button", {
          type: "button", className: "btn btn-small btn-gray set-remove-option", text: "Quitar",
          onclick: () => {
            row.remove();
            renumber();
            list.querySelector("input")?.focus();
          },
        })));
    list.append(row);
    renumber();
    return text;
  };
  const start = Array.isArray(options) && options.length ? options : [{}, {}];
  for (const option of start) addOption(typeof option === "string" ? { text: option } : option);
  add.addEventListener("click", () => {
    addOption().focus();
    announce("Opción añadida.");
  });
  return el("div", { className: "set-options-box" }, list, add);
}

/** The fields of a `kind` question, filled from `quiz`. */
function kindFields(kind, quiz) {
  if (kind === "choice" || kind === "poll") {
    const fields = [el("p", { className: "set-label", text: kind === "choice" ? "Opciones (marca las correctas)" : "Opciones" }),
      optionsEditor(quiz.options, kind === "choice")];
    if (kind === "poll") return fields;
    // Single or multiple is the teacher's: one tap (any right option is right), or mark them all.
    const multiple = el("input", { type: "checkbox", checked: quiz.multiple === true, dataset: { role: "multiple" } });
    return [...fields, el("label", { className: "set-right-label set-multiple" }, multiple,
      el("span", { text: "Varias respuestas correctas: el alumno marca todas y pulsa Enviar" }))];
  }
  if (kind === "truefalse") {
    const name = `set-truth-${nextField++}`;
    const radio = (value, text) => el("label", { className: "set-truth" },
      el("input", { type: "radio", name, value: String(value), checked: quiz.answer === value || (value === true && quiz.answer !== false), dataset: { role: "truth" } }),
      el("span", { text }));
    return [el("fieldset", { className: "set-truth-group" }, el("legend", { className: "set-label", text: "Respuesta correcta" }),
      radio(true, "Verdadero"), radio(false, "Falso"))];
  }
  if (kind === "number") {
    const [valueLabel, value] = field("Respuesta (número)", { inputMode: "decimal", value: numberText(quiz.value), dataset: { role: "value" } });
    const [toleranceLabel, tolerance] = field("Margen admitido (±, opcional)", { inputMode: "decimal", value: numberText(quiz.tolerance ?? 0), dataset: { role: "tolerance" } });
    return [valueLabel, value, toleranceLabel, tolerance];
  }
  const [answerLabel, answer] = field("Respuesta", { maxlength: "200", value: typeof quiz.answer === "string" ? quiz.answer : "", dataset: { role: "answer" } });
  const [alternativesLabel, alternatives] = field("Otras respuestas válidas (una por línea, opcional)", { rows: "2", dataset: { role: "alternatives" } }, "textarea");
  alternatives.value = (quiz.alternatives ?? []).join("\n");
  return [answerLabel, answer, alternativesLabel, alternatives];
}

/**
 * The editor's fields of `quiz` (a set's quiz as the server sends it): the kind, the question,
 * the kind's own fields, the feedback. Changing the kind keeps the question and the feedback.
 */
export function quizFields(quiz) {
  const kind = KINDS.some(([value]) => value === quiz.kind) ? quiz.kind : "text";
  const [kindLabel, kindSelect] = field("Tipo", { dataset: { role: "kind" } }, "select");
  kindSelect.append(...KINDS.map(([value, text]) => el("option", { value, text })));
  kindSelect.value = kind;
  // A Markdown question (from a Moodle bank) is edited as Markdown; the label says so.
  const label = quiz.markdown === true ? "Pregunta (en Markdown: **negrita**, *cursiva*, `código`)" : "Pregunta";
  // A textarea: a bank's question may have several lines (a Markdown list, code), kept by an edit.
  const [questionLabel, question] = field(label, { maxlength: "500", rows: "2", dataset: { role: "question" } }, "textarea");
  question.value = quiz.question ?? "";
  const slot = el("div", { className: "set-kind-fields" }, ...kindFields(kind, quiz));
  kindSelect.addEventListener("change", () => slot.replaceChildren(...kindFields(kindSelect.value, {})));
  const [feedbackLabel, feedback] = field("Comentario al cerrar la pregunta (opcional)", { rows: "2", maxlength: "1000", dataset: { role: "feedback" } }, "textarea");
  feedback.value = quiz.feedback ?? "";
  return [kindLabel, kindSelect, questionLabel, question, slot, feedbackLabel, feedback];
}

/**
 * What an edit keeps of `quiz` that has no field of its own (its Moodle name and category, and
 * whether its text is Markdown), as the dataset of the quiz's item: `readQuiz` gives it back.
 */
export function keptFields(quiz) {
  const kept = {};
  if (typeof quiz.name === "string") kept.name = quiz.name;
  if (typeof quiz.category === "string") kept.category = quiz.category;
  if (quiz.markdown === true) kept.markdown = "true";
  return kept;
}

/** The quiz the fields in `item` describe, as the server takes it. */
export function readQuiz(item) {
  const value = (role) => item.querySelector(`[data-role="${role}"]`)?.value ?? "";
  const kind = value("kind") || "text";
  const quiz = { kind, question: value("question") };
  if (kind === "text") {
    quiz.answer = value("answer");
    quiz.alternatives = value("alternatives").split("\n").map((line) => line.trim()).filter(Boolean);
  } else if (kind === "choice" || kind === "poll") {
    quiz.options = [...item.querySelectorAll(".set-option")].map((row) => {
      const option = { text: row.querySelector('[data-role="option"]').value };
      if (kind === "choice") option.right = row.querySelector('[data-role="right"]').checked;
      if (kind === "choice" && row.dataset.feedback) option.feedback = row.dataset.feedback;
      return option;
    });
    if (kind === "choice") quiz.multiple = item.querySelector('[data-role="multiple"]')?.checked === true;
  } else if (kind === "truefalse") {
    quiz.answer = item.querySelector('[data-role="truth"]:checked')?.value === "true";
  } else if (kind === "number") {
    quiz.value = numberFrom(value("value"));
    const tolerance = numberFrom(value("tolerance"));
    quiz.tolerance = Number.isNaN(tolerance) ? 0 : tolerance;
  }
  const feedback = value("feedback").trim();
  if (feedback) quiz.feedback = feedback;
  const image = value("image").trim();
  if (image) quiz.image = image;
  if (item.dataset.name !== undefined) quiz.name = item.dataset.name;
  if (item.dataset.category !== undefined) quiz.category = item.dataset.category;
  if (item.dataset.markdown === "true") quiz.markdown = true;
  return quiz;
}
