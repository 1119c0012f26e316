// The playing card of a quiz, shared by the play screen and the one-at-a-time screen: the
// attachment (double click / double tap fills in the right answer, animated), the question, the
// author with a context menu on the photo (right click, long press, or Enter) and the answer
// field with "Comprobar". The page supplies where the answers come from (`api`).
import { act } from "./events.js";
import { el, sym, imageBox, setImage, showAlert } from "./ui.js";
import { showContextMenu, onLongPress } from "./context-menu.js";

const DOUBLE_TAP_MS = 320;
const DOUBLE_TAP_SLOP_PX = 30;
const finePointer = matchMedia("(pointer: fine)").matches;

export class QuizCard {
  /** @param {string} api the base of the actions, "/api/quizzes" or "/api/quiz" */
  constructor(api) {
    this.api = api;
    this.quiz = null;
    this.fillRun = 0;
    this.lastFill = 0;
    /** Called with the server's answer after the result alert closes. */
    this.onChecked = null;

    this.media = imageBox("play-media", "photo");
    this.media.id = "attachment";
    this.mediaWrap = el("div", { className: "play-media-wrap" }, this.media,
      el("p", {
        className: "play-hint",
        id: "attachment-hint",
        text: finePointer
          ? "Doble clic en la imagen para ver la respuesta"
          : "Doble toque en la imagen para ver la respuesta",
      }));
    this.question = el("h2", { className: "play-question", id: "question" });

    this.photo = imageBox("avatar", "person-circle-fill");
    this.photoButton = el("button", {
      type: "button",
      className: "photo-button",
      id: "author-photo",
      "aria-haspopup": "menu",
      "aria-expanded": "false",
      "aria-label": "Foto del autor: abre el menú de la respuesta",
    }, this.photo);
    this.authorName = el("span", { className: "author-name", id: "author-name" });
    this.author = el("div", { className: "play-author" }, this.photoButton,
      el("div", { className: "row-main" }, this.authorName,
        this.authorCaption = el("span", {
          className: "author-caption",
          text: finePointer ? "Clic derecho en la foto para más opciones" : "Mantén pulsada la foto para más opciones",
        })));

    this.input = el("input", {
      className: "field",
      id: "answer",
      name: "answer",
      type: "text",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      enterkeyhint: "done",
      placeholder: "Tu respuesta",
    });
    this.checkButton = el("button", { type: "submit", className: "btn btn-block", id: "check", text: "Comprobar", disabled: true });
    this.form = el("form", { className: "answer-form", id: "answer-form", "aria-label": "Responder" },
      el("label", { className: "visually-hidden", for: "answer", text: "Respuesta" }),
      this.input, this.checkButton);

    this.input.addEventListener("input", () => this.updateCheckButton());
    this.form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.check();
    });
    this.setUpMediaGestures();
    this.setUpPhotoMenu();
  }

  /** Shows `quiz` (an item of a snapshot). Keeps what the user typed unless the quiz changed. */
  update(quiz) {
    const changed = !this.quiz || this.quiz.id !== quiz.id;
    this.quiz = quiz;
    this.question.textContent = quiz.question ?? "";
    setImage(this.media, quiz.attachment, quiz.attachment ? `Imagen adjunta: ${quiz.question ?? ""}` : "Quiz sin imagen adjunta");
    const name = quiz.authorName || "Anónimo";
    this.authorName.textContent = name;
    setImage(this.photo, quiz.authorPhoto, `Foto de ${name}`);
    if (changed) {
      this.fillRun++;
      this.input.value = "";
      this.input.classList.remove("filling");
      delete this.input.dataset.filling;
      this.updateCheckButton();
    }
  }

  updateCheckButton() {
    this.checkButton.disabled = this.input.value.trim() === "" || this.checking === true;
  }

  /** Sends the answer; resolves to the server's {quizId, answer, result} or null. */
  async check() {
    if (!this.quiz || this.input.value.trim() === "" || this.checking) return null;
    this.checking = true;
    this.updateCheckButton();
    const answer = this.input.value;
    const result = await act("POST", `${this.api}/${this.quiz.id}/check`, { answer });
    this.checking = false;
    this.updateCheckButton();
    if (!result) return null;
    const shown = typeof result.answer === "string" ? result.answer : answer;
    await showAlert(result.result
      ? { title: "¡Correcto!", message: `«${shown}» es la respuesta correcta.`, icon: { name: "checkmark-circle-fill", tone: "good" } }
      : { title: "Incorrecto", message: `«${shown}» no es la respuesta. Inténtalo otra vez.`, icon: { name: "xmark-circle-fill", tone: "bad" } });
    this.input.focus();
    if (!result.result) this.input.select();
    this.onChecked?.(result);
    return result;
  }

  /** Asks the server for the right answer and types it into the field. */
  async fillWithAnswer() {
    if (!this.quiz) return;
    const id = this.quiz.id;
    const data = await act("GET", `${this.api}/${id}/answer`);
    if (!data || !this.quiz || this.quiz.id !== id) return;
    if (typeof data.answer !== "string") {
      await showAlert({ title: "Sin respuesta", message: "El servidor no ha dado la respuesta de este quiz." });
      return;
    }
    this.typeIn(data.answer);
  }

  /**
   * Types `text` into the field letter by letter, with a glow while it runs. Short answers go
   * at a typing pace; long ones speed up so that it never takes more than a second. With
   * `prefers-reduced-motion` the answer is simply there, without the typing and the glow.
   */
  typeIn(text) {
    const run = ++this.fillRun;
    const input = this.input;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) {
      input.value = text;
      this.updateCheckButton();
      input.focus({ preventScroll: true });
      return;
    }
    const letters = [...text];
    const duration = Math.min(1000, Math.max(250, letters.length * 55));
    input.value = "";
    input.classList.add("filling");
    input.dataset.filling = "true";
    this.updateCheckButton();
    const started = performance.now();
    const tick = (now) => {
      if (run !== this.fillRun) return;
      const progress = Math.min(1, (now - started) / duration);
      const count = Math.max(1, Math.ceil(progress * letters.length));
      input.value = letters.slice(0, count).join("");
      this.updateCheckButton();
      if (count < letters.length) {
        requestAnimationFrame(tick);
      } else {
        setTimeout(() => {
          if (run !== this.fillRun) return;
          input.classList.remove("filling");
          delete input.dataset.filling;
        }, 450);
        input.focus({ preventScroll: true });
      }
    };
    requestAnimationFrame(tick);
  }

  clearAnswer() {
    this.fillRun++;
    this.input.value = "";
    this.input.classList.remove("filling");
    delete this.input.dataset.filling;
    this.updateCheckButton();
    this.input.focus();
  }

  flashAt(clientX, clientY) {
    const rect = this.media.getBoundingClientRect();
    this.media.style.setProperty("--x", `${clientX - rect.left}px`);
    this.media.style.setProperty("--y", `${clientY - rect.top}px`);
    this.media.classList.remove("flash");
    void this.media.offsetWidth;
    this.media.classList.add("flash");
  }

  fillFromGesture(clientX, clientY) {
    const now = Date.now();
    if (now - this.lastFill < 600) return; // one gesture, reported as both a tap pair and dblclick
    this.lastFill = now;
    this.flashAt(clientX, clientY);
    this.fillWithAnswer();
  }

  setUpMediaGestures() {
    this.media.addEventListener("dblclick", (event) => {
      event.preventDefault();
      this.fillFromGesture(event.clientX, event.clientY);
    });
    let lastTap = null;
    this.media.addEventListener("pointerup", (event) => {
      if (event.pointerType === "mouse") return;
      const now = performance.now();
      if (lastTap && now - lastTap.time < DOUBLE_TAP_MS &&
          Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < DOUBLE_TAP_SLOP_PX) {
        lastTap = null;
        this.fillFromGesture(event.clientX, event.clientY);
      } else {
        lastTap = { time: now, x: event.clientX, y: event.clientY };
      }
    });
  }

  openPhotoMenu() {
    showContextMenu(this.photoButton, [
      { label: "Limpiar", symbol: "eraser", onSelect: () => this.clearAnswer() },
      { label: "Rellenar con la respuesta correcta", symbol: "wand", onSelect: () => this.fillWithAnswer() },
    ], { id: "context-menu", label: "Respuesta" });
  }

  setUpPhotoMenu() {
    // A long press also makes some browsers send "contextmenu" and a click: it opens once.
    const justLongPressed = () => Date.now() - Number(this.photoButton.dataset.longPressed ?? 0) < 700;
    this.photoButton.addEventListener("contextmenu", (event) => {
      event.preventDefault();
      if (!justLongPressed()) this.openPhotoMenu();
    });
    onLongPress(this.photoButton, () => this.openPhotoMenu());
    // Keyboard users (Enter/Space) and a plain click open it too.
    this.photoButton.addEventListener("click", () => {
      if (!justLongPressed()) this.openPhotoMenu();
    });
  }

  /** The star button's look for `favourite`. */
  static paintStar(button, favourite) {
    button.setAttribute("aria-pressed", favourite ? "true" : "false");
    button.setAttribute("aria-label", favourite ? "Quitar de favoritos" : "Marcar como favorito");
    button.title = favourite ? "Quitar de favoritos" : "Marcar como favorito";
  }

  /** A star button: outline, or filled yellow when favourite. */
  static starButton(className, id) {
    return el("button", { type: "button", className: `${className} star`, id, "aria-pressed": "false" }, sym("star"));
  }
}

/** Toggles a favourite on the server; the snapshot that follows over SSE paints the star. */
export async function toggleFavourite(api, quiz, button) {
  button.disabled = true;
  await act(quiz.favourite ? "DELETE" : "PUT", `${api}/${quiz.id}/favourite`);
  button.disabled = false;
}
