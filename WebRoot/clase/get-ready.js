// The 3-2-1 "¡Prepárate!" before each question, the same on every screen of the class: it counts
// down to the moment the server opens the question (`opensAt`, server clock), so the phones and
// the projector show the same number at the same time.
import { el, announce } from "../js/ui.js";
import { serverNow } from "../js/countdown.js";

/**
 * A get-ready panel (`id` for tests and styles). `show(opensAt, line, done)` counts down to
 * `opensAt` with `line` under the number ("Pregunta 2 de 5") and calls `done` at zero;
 * `hide()` stops it.
 */
export function createGetReady(id) {
  const number = el("span", { className: "get-ready-number tnum", "aria-hidden": "true" });
  const line = el("p", { className: "get-ready-line" });
  const label = el("p", { className: "get-ready-title", text: "¡Prepárate!" });
  // Not a live region (its number changes every second): the count is said once, when it starts.
  const element = el("div", { className: "get-ready", id }, label, number, line);
  let timer = 0;
  let key = "";

  function stop() {
    clearInterval(timer);
    timer = 0;
  }

  return {
    element,
    /** Whether a count is running. */
    get running() {
      return timer !== 0;
    },
    show(opensAt, text, done) {
      const next = `${opensAt} ${text}`;
      if (next === key && timer !== 0) return;
      key = next;
      stop();
      line.textContent = text;
      announce(`¡Prepárate! ${text}.`);
      const paint = () => {
        const left = opensAt - serverNow();
        if (left <= 0) {
          stop();
          done();
          return;
        }
        const shown = String(Math.ceil(left / 1000));
        if (number.textContent !== shown) number.textContent = shown;
      };
      paint();
      if (opensAt > serverNow()) timer = setInterval(paint, 100);
    },
    hide() {
      stop();
      key = "";
    },
  };
}
