// The Trivia game: the question with its four answers and the progress "3 / 10" while playing,
// then the final score with a name field, "Guardar" and "Reiniciar". Renders only the `trivia`
// snapshots that arrive over SSE; the tab that answers holds the next one back for a moment to
// show which answer was right.
// In classroom mode (see ../js/classroom-player.js for how the page knows) the page also
// follows the room (topic `classroom`): host-paced, a player ahead of the room waits for the host
// instead of seeing the next question, and when the host ends the round the page shows the
// player's result.
import { subscribe, act } from "../js/events.js";
import { el, sym, loadingRow, showLoading, announce, renderErrorBanner, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { API, ensureGame, hits } from "./trivia-common.js";
import { classroomModule } from "../js/classroom-door.js";

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
let classroom = undefined; // undefined until known; null single-player; the player's seat in a classroom
let inClass = null; // the classroom's module (../js/classroom-player.js), loaded only in a classroom
let deadlineAsked = null; // self-paced timed round: the question whose own deadline was asked

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
  // The question's number goes with the answer: one the game has left since (the host moved on,
  // another tab answered) is refused, not counted for a question this page has not shown.
  const result = await act("POST", `${API}/answer`, { index, question: shown.number });
  if (result && typeof result.right === "boolean") {
    if (classroom && Number.isInteger(result.number)) {
      // The reply carries the points and, self-paced and timed, the next question's deadline.
      classroom.markAnswered(result.number, result.points);
      if ("nextDeadline" in result) {
        classroom.noteDeadline(result.nextDeadline);
        deadlineAsked = result.number + 1;
      }
    }
    // In a classroom round the right answer stays hidden until the question closes.
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

/**
 * "¡Correcto! Era «Swift»." / "Incorrecto. Era «Swift»."; while a classroom question is open
 * (its right answer not sent yet) "Incorrecto. La respuesta se verá al cerrar la pregunta.".
 */
function verdictLine(answer, rightText) {
  const verdict = answer.right ? "¡Correcto!" : "Incorrecto.";
  if (rightText !== undefined) return `${verdict} Era «${rightText}».`;
  if (!Number.isInteger(answer.correctIndex) && !answer.right) return `${verdict} La respuesta se verá al cerrar la pregunta.`;
  return verdict;
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
  const points = classroom ? inClass.earned(classroom, last.number) : "";
  return { right: Boolean(last.right), text: verdictLine(last, rightText === undefined ? undefined : String(rightText)) + points };
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
  if (changed && (shown || classroom)) announce(`Pregunta ${number} de ${total}: ${state.question.text ?? ""}`);
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

// ---------- classroom mode ----------

/** Draws the classroom's own screens; false when the ordinary game screen is the right one. */
function renderClassroom(state) {
  const room = classroom.room;
  if (classroom.removed || room.game !== "trivia" || room.phase === "lobby") {
    inClass.playerCountdown.hide();
    inClass.showNoRound(screen, classroom, "Trivia");
    return true;
  }
  if (room.phase === "finished") {
    inClass.playerCountdown.hide();
    inClass.showRoundEnd(screen, classroom, { app: "Trivia", score: state.score ?? 0, total: state.total ?? 0 });
    return true;
  }
  if (room.selfPaced && room.timer && state.phase === "playing" && deadlineAsked !== state.number) {
    // Self-paced and timed: the player's own deadline for this question, read once.
    deadlineAsked = state.number;
    classroom.refresh();
  }
  const ownEnd = room.selfPaced ? classroom.me.deadline : null;
  inClass.showCountdown(classroom, state.waiting || state.phase !== "playing" ? -1 : state.number, ownEnd);
  if (state.phase === "playing" && !state.waiting && inClass.questionClosed(classroom, state.number)) {
    inClass.showWaiting(screen, `Se acabó el tiempo de la pregunta ${state.number} de ${room.total || state.total || 0}.`, null);
    document.title = "Se acabó el tiempo · Trivia · Adivina";
    return true;
  }
  // Answered and waiting for the room (the server holds the question), or ahead of it.
  const ahead = state.phase === "finished" || (state.phase === "playing" && (state.waiting || state.number > room.question));
  if (!room.selfPaced && ahead) {
    // Ahead without the server holding the question: the host may have moved on, with the room's
    // news still on its way (the game's travels apart). The screen stays as it is for a moment
    // (nothing to answer: `shown` is cleared), neither showing nor saying "waiting" for nothing.
    if (!state.waiting && inClass.newsMayLag(`${state.phase} ${state.number} ${room.phase} ${room.question}`, redraw)) return true;
    const total = room.total || state.total || 0;
    const next = state.waiting ? state.number + 1 : state.number; // the question the player waits for
    inClass.showWaiting(screen, state.phase === "finished" || next > total
      ? `Has respondido las ${total} preguntas. Falta que el anfitrión termine la ronda.`
      : `(pregunta ${next} de ${total})`, feedbackFor(state));
    document.title = "Esperando · Trivia · Adivina";
    return true;
  }
  return false;
}

function redraw() {
  if (latest && !holding) render(latest);
}

/** Finds out (once) whether this browser is a classroom player's; if so, follows the room too. */
async function detectClassroom() {
  inClass = await classroomModule();
  const seat = inClass && await inClass.classroomSeat(redraw);
  if (seat) {
    inClass.backToClass(document.getElementById("back"));
    document.getElementById("ranking-link").hidden = true;
    screen.before(inClass.playerCountdown.element);
  }
  classroom = seat;
  redraw();
}

function render(state) {
  if (classroom === undefined || (classroom && !classroom.room)) return; // not known yet
  if (classroom && renderClassroom(state)) {
    renderErrorBanner(bannerSlot, null);
    shown = null; // no question on screen: nothing to answer, and the next one animates in
    return;
  }
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

detectClassroom();
subscribe("trivia", (state) => {
  latest = state;
  if (state.phase === "playing" && state.question) asked.set(state.number, state.question);
  if (!holding) render(state);
});
