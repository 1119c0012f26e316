// The Trivia game: the question with its four answers and the progress "3 / 10" while playing,
// then the final score with a name field, "Guardar" and "Reiniciar". Renders only the `trivia`
// snapshots that arrive over SSE; the tab that answers holds the next one back for a moment to
// show which answer was right.
import { subscribe, act } from "../js/events.js";
import { el, sym, loadingRow, showLoading, announce, renderErrorBanner, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { API, ensureGame, hits } from "./trivia-common.js";

const FEEDBACK_MS = matchMedia("(prefers-reduced-motion: reduce)").matches ? 350 : 650;
const KEYS = ["A", "B", "C", "D"];
const NAME_KEY = "adivina.trivia.name";
const coarsePointer = matchMedia("(pointer: coarse)").matches;

const navbar = document.getElementById("navbar");
const screen = document.getElementById("screen");
const bannerSlot = document.getElementById("banner-slot");

let latest = null;       // the newest snapshot
let shown = null;        // the snapshot on screen
let holding = false;     // showing this tab's answer before moving on
let focusIndex = null;   // the answer button that gets the keyboard focus once the question shows
const asked = new Map(); // question number -> question, to name the right answer afterwards
let savedDate = null;    // when this tab saved the finished game's score (marked in the ranking)

setupNavBar(navbar);
screen.replaceChildren(loadingRow("Conectando…"));

// ---------- the question screen ----------

const progressText = el("b", { id: "progress", className: "tnum" });
const scoreText = el("span", { id: "score", className: "tnum" });
const progressFill = el("span");
const progressBar = el("div", {
  className: "progress-bar",
  role: "progressbar",
  "aria-label": "Preguntas respondidas",
  "aria-valuemin": "0",
}, progressFill);
const question = el("h2", { className: "trivia-card", id: "question" });
const answerButtons = KEYS.map((key, index) => {
  const text = el("span", { className: "answer-text" });
  const button = el("button", {
    type: "button",
    className: "answer",
    dataset: { index: String(index) },
    "aria-keyshortcuts": String(index + 1),
  }, el("span", { className: "answer-key", "aria-hidden": "true", text: key }), text, el("span", { className: "sym answer-mark", "aria-hidden": "true" }));
  button.addEventListener("click", () => choose(index));
  return { button, text };
});
const answers = el("div", { className: "answers", id: "answers", role: "group", "aria-labelledby": "question" },
  ...answerButtons.map((a) => a.button));
const feedback = el("p", { className: "result-line trivia-feedback", id: "feedback", role: "status" });
const playing = el("div", { className: "trivia-play", id: "playing" },
  el("div", { className: "trivia-progress" },
    el("div", { className: "trivia-progress-top" },
      el("span", {}, el("span", { className: "visually-hidden", text: "Pregunta " }), progressText),
      scoreText),
    progressBar),
  question, answers, feedback,
  coarsePointer ? null : el("p", { className: "play-hint", text: "También puedes responder con las teclas 1 a 4." }));

/** Sends the answer at `index`, shows whether it was right, then lets the next snapshot in. */
async function choose(index) {
  if (holding || !shown || shown.phase !== "playing") return;
  holding = true;
  const chosen = answerButtons[index].button;
  const hadFocus = answers.contains(document.activeElement);
  for (const { button } of answerButtons) button.disabled = true;
  chosen.classList.add("chosen");
  // The question's number goes with the answer: one the game has left since (another tab
  // answered) is refused, not counted for a question this page has not shown.
  const result = await act("POST", `${API}/answer`, { index, question: shown.number });
  if (result && typeof result.right === "boolean") {
    const known = Number.isInteger(result.correctIndex);
    chosen.classList.remove("chosen");
    if (known) answerButtons[result.correctIndex]?.button.classList.add("correct");
    chosen.classList.add(result.right ? "correct" : "wrong");
    showFeedback({ right: result.right, text: verdictLine(result, known ? answerButtons[result.correctIndex]?.text.textContent : undefined) });
    await new Promise((resolve) => setTimeout(resolve, FEEDBACK_MS));
  }
  holding = false;
  // Disabling the buttons took the focus away: give it back where it was.
  if (hadFocus) focusIndex = index;
  if (latest) render(latest);
}

addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || !playing.isConnected) return;
  if (event.target instanceof HTMLInputElement || document.querySelector("dialog[open]")) return;
  const index = ["1", "2", "3", "4"].indexOf(event.key);
  if (index >= 0) {
    event.preventDefault();
    answerButtons[index].button.focus();
    choose(index);
  }
});

/** "¡Correcto! Era «Swift»." / "Incorrecto. Era «Swift»." (just the verdict without the text). */
function verdictLine(answer, rightText) {
  const verdict = answer.right ? "¡Correcto!" : "Incorrecto.";
  return rightText === undefined ? verdict : `${verdict} Era «${rightText}».`;
}

function showFeedback(result) {
  // The line is a live region: the same verdict again (every snapshot brings it) is not redrawn.
  const key = result ? `${result.right} ${result.text}` : "";
  if (feedback.dataset.shown === key) return;
  feedback.dataset.shown = key;
  if (!result) {
    feedback.replaceChildren();
    return;
  }
  feedback.className = `result-line trivia-feedback ${result.right ? "good" : "bad"}`;
  feedback.replaceChildren(sym(result.right ? "checkmark-circle-fill" : "xmark-circle-fill"), el("span", { text: result.text }));
}

function feedbackFor(state) {
  const last = state.lastAnswer;
  if (!last) return null;
  const rightText = asked.get(last.number)?.answers?.[last.correctIndex];
  return { right: Boolean(last.right), text: verdictLine(last, rightText === undefined ? undefined : String(rightText)) };
}

function renderPlaying(state) {
  savedDate = null;
  const total = state.total ?? 0;
  const number = state.number ?? 1;
  const changed = !shown || shown.phase !== "playing" || shown.number !== number || shown.question?.text !== state.question.text;
  progressText.textContent = `${number} / ${total}`;
  if (shown?.phase === "playing" && shown.score !== state.score) announce(hits(state.score ?? 0));
  scoreText.textContent = hits(state.score ?? 0);
  progressBar.setAttribute("aria-valuemax", String(total));
  progressBar.setAttribute("aria-valuenow", String(number - 1));
  progressBar.setAttribute("aria-valuetext", `${number - 1} de ${total} respondidas`);
  progressFill.style.setProperty("--progress", total ? String((number - 1) / total) : "0");
  question.textContent = state.question.text ?? "";
  state.question.answers.forEach((answer, index) => {
    const slot = answerButtons[index];
    if (!slot) return;
    slot.text.textContent = String(answer ?? "");
    slot.button.classList.remove("chosen", "correct", "wrong");
    slot.button.disabled = Boolean(state.loading);
  });
  if (changed && shown) announce(`Pregunta ${number} de ${total}: ${state.question.text ?? ""}`);
  if (changed) {
    question.classList.remove("enter");
    void question.offsetWidth;
    question.classList.add("enter");
  }
  showFeedback(feedbackFor(state));
  document.title = `${number} / ${total} · Trivia · Adivina`;
  if (!playing.isConnected) screen.replaceChildren(playing);
  if (focusIndex !== null && !state.loading) {
    answerButtons[focusIndex]?.button.focus({ preventScroll: true });
    focusIndex = null;
  }
}

// ---------- the result screen ----------

const ring = el("div", { className: "score-ring", role: "img" },
  el("b", { id: "final-score", className: "tnum" }), el("span", { id: "final-total" }));
const resultTitle = el("h2", { className: "result-title", id: "result-title" });
const resultMessage = el("p", { className: "result-message", id: "result-message" });
const nameField = el("input", {
  className: "field",
  id: "name",
  name: "name",
  type: "text",
  maxlength: "30",
  autocomplete: "nickname",
  enterkeyhint: "done",
  placeholder: "Tu nombre",
});
const saveButton = el("button", { type: "submit", className: "btn btn-block", id: "save", text: "Guardar" });
const saveForm = el("form", { className: "save-form", id: "save-form", "aria-label": "Guardar en el ranking" },
  el("label", { className: "field-label", for: "name", text: "Nombre para el ranking" }), nameField, saveButton);
const savedLine = el("p", { className: "result-line good", id: "saved", role: "status", hidden: true },
  sym("checkmark-circle-fill"), el("span", { text: "Puntuación guardada en el ranking." }));
const restartButton = el("button", { type: "button", className: "btn btn-gray", id: "restart" },
  sym("arrow-counterclockwise"), el("span", { text: "Reiniciar" }));
const rankingLink = el("a", { className: "btn btn-tinted", id: "see-ranking", href: "ranking.html" },
  sym("trophy"), el("span", { text: "Ranking" }));
const finished = el("div", { className: "result-screen", id: "result" },
  ring, resultTitle, resultMessage, saveForm, savedLine, el("div", { className: "btn-row" }, restartButton, rankingLink));
let saving = false;

nameField.value = localStorage.getItem(NAME_KEY) ?? "";
saveForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  if (saving) return;
  saving = true;
  saveButton.disabled = true;
  const saved = await act("POST", "/api/ranking", { name: nameField.value });
  saving = false;
  if (saved) {
    localStorage.setItem(NAME_KEY, saved.name ?? nameField.value.trim());
    savedDate = typeof saved.date === "string" ? saved.date : null;
    rankingLink.focus();
  } else {
    nameField.focus();
    nameField.select();
  }
  redraw();
});
restartButton.addEventListener("click", async () => {
  restartButton.disabled = true;
  focusIndex = 0;
  if ((await act("POST", `${API}/restart`, undefined, { alert: false })) === null) focusIndex = null;
  restartButton.disabled = false;
});

function verdict(score, total) {
  const ratio = total ? score / total : 0;
  if (ratio === 1) return "¡Perfecto!";
  if (ratio >= 0.7) return "¡Muy bien!";
  if (ratio >= 0.4) return "¡Bien jugado!";
  return "¡A la próxima!";
}

function renderFinished(state) {
  const score = state.score ?? 0;
  const total = state.total ?? 0;
  const arriving = !finished.isConnected;
  ring.querySelector("b").textContent = String(score);
  ring.querySelector("span").textContent = `de ${total}`;
  ring.setAttribute("aria-label", `${score} de ${total}`);
  ring.style.setProperty("--p", total ? String(score / total) : "0");
  ring.style.setProperty("--ring", score / (total || 1) >= 0.5 ? "var(--green)" : "var(--orange)");
  resultTitle.textContent = verdict(score, total);
  resultMessage.textContent = `Has acertado ${score} de ${total} preguntas.`;
  saveForm.hidden = Boolean(state.saved);
  saveButton.disabled = saving;
  savedLine.hidden = !state.saved;
  rankingLink.className = state.saved ? "btn" : "btn btn-tinted";
  rankingLink.href = savedDate ? `ranking.html?saved=${encodeURIComponent(savedDate)}` : "ranking.html";
  restartButton.disabled = Boolean(state.loading);
  document.title = `Resultado: ${score} / ${total} · Trivia · Adivina`;
  if (arriving) {
    screen.replaceChildren(finished);
    if (!state.saved && !coarsePointer) nameField.focus({ preventScroll: true });
  }
}

function redraw() {
  if (latest && !holding) render(latest);
}

function render(state) {
  renderErrorBanner(bannerSlot, state.error, "No se pudieron descargar las preguntas",
    () => act("POST", `${API}/start`, undefined, { alert: false }));
  if (state.phase === "playing" && state.question && Array.isArray(state.question.answers)) {
    renderPlaying(state);
  } else if (state.phase === "finished") {
    renderFinished(state);
  } else if (state.loading) {
    showLoading(screen, "Preparando las preguntas…");
    document.title = "Trivia · Adivina";
  } else {
    document.title = "Trivia · Adivina";
    if (!screen.querySelector("#idle")) screen.replaceChildren(emptyState("idle", "questionmark", "Ninguna partida en marcha",
      "Empieza una partida de diez preguntas.",
      { text: "Empezar", onclick: () => ensureGame(state) }));
  }
  shown = state;
}

subscribe("trivia", (state) => {
  latest = state;
  if (state.phase === "playing" && state.question) asked.set(state.number, state.question);
  if (!holding) render(state);
});
