// The field of a text or number question on the player's phone: text up to 200 characters (the
// most a class answer may have), a number with a decimal point or a decimal comma ("3,5").
import { el } from "../js/ui.js";

export const MAX_ANSWER = 200;

/** The number written in `text` ("3,5", "-2", "1.000,5" is refused), or null. */
export function parseNumber(text) {
  const cleaned = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** The form of a `kind` ("text" or "number") question; `onAnswer(answer)` gets what to send. */
export function answerForm(kind, onAnswer) {
  const number = kind === "number";
  const note = el("p", { className: "answer-note", id: "answer-note",
    text: number ? "Un número; puedes usar coma decimal (3,5)." : `Hasta ${MAX_ANSWER} caracteres.` });
  const field = el("input", {
    className: "field answer-field", id: "answer", name: "answer", type: "text",
    maxLength: MAX_ANSWER, autocomplete: "off", spellcheck: "false", enterkeyhint: "send",
    inputMode: number ? "decimal" : "text", "aria-label": "Tu respuesta", "aria-describedby": "answer-note",
  });
  const form = el("form", { className: "answer-form", id: "answer-form", novalidate: true },
    field, note, el("button", { type: "submit", className: "btn btn-block", id: "send-answer", text: "Enviar" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = field.value.trim();
    if (!text) {
      note.textContent = "Escribe tu respuesta antes de enviarla.";
      field.setAttribute("aria-invalid", "true");
      field.focus();
      return;
    }
    if (number) {
      const value = parseNumber(text);
      if (value === null) {
        note.textContent = "Eso no es un número: escribe solo cifras, con coma o punto decimal.";
        field.setAttribute("aria-invalid", "true");
        field.focus();
        return;
      }
      onAnswer(value);
    } else {
      onAnswer(text.slice(0, MAX_ANSWER));
    }
  });
  return form;
}
