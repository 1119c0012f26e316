// The play screen of one quiz (deep link: play.html?id=N). Renders the `quizzes` snapshot's
// item with that id; everything but the answer, which only comes on request.
// In a classroom round (see ../js/classroom-player.js for how the page knows) the page plays
// by the room's rules: one answer per question, shown on the page. Host-paced, it always shows
// the room's current question (whatever the id) and, once answered, waits for the host;
// self-paced, the player goes through the round's questions in any order. When the round ends it
// shows the player's result.
import { subscribe, act } from "../js/events.js";
import { el, sym, loadingRow, showLoading, renderErrorBanner, setCounter, announce, backToList, shortened, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { QuizCard, toggleFavourite } from "../js/quiz-card.js";
import { classroomModule } from "../js/classroom-door.js";
import { roundQuestion, verdict } from "./round.js";

const API = "/api/quizzes";
let id = new URLSearchParams(location.search).get("id") ?? "";

const navbar = document.getElementById("navbar");
const screen = document.getElementById("screen");
const title = document.getElementById("title");
const bannerSlot = document.getElementById("banner-slot");
const back = document.getElementById("back");

const card = new QuizCard(API);
const star = QuizCard.starButton("nav-button", "favourite");
const answeredLine = el("p", { className: "result-line good", id: "answered", hidden: true },
  sym("checkmark-circle-fill"), el("span", { text: "Ya has acertado este quiz." }));
const score = el("b", { id: "score" });
const record = el("b", { id: "record" });
const stats = el("p", { className: "footer-stats" },
  el("span", {}, "Puntos ", score), el("span", {}, "Récord ", record));
const play = el("div", { className: "play has-columns", id: "play" },
  card.mediaWrap, card.question, card.form, answeredLine, card.author, stats);
let known = null; // the quiz as last seen (kept if a filtered snapshot leaves it out)
let latest = null; // the newest snapshot
let classroom = undefined; // undefined until known; null single-player; the player's seat in a classroom
let inClass = null; // the classroom's module (../js/classroom-player.js), loaded only in a classroom

setupNavBar(navbar);
screen.replaceChildren(loadingRow("Conectando…"));

// Back goes back in history when we came from the list, so its scroll position survives.
backToList(back);

star.addEventListener("click", () => {
  if (card.quiz) toggleFavourite(API, card.quiz, star);
});

function notFound() {
  document.getElementById("nav-trailing").replaceChildren();
  title.textContent = "Quiz";
  if (screen.querySelector("#not-found")) return; // drawn once: keeps the keyboard focus
  screen.replaceChildren(emptyState("not-found", "questionmark", "Este quiz no está en la ronda",
    "Puede que se haya descargado una ronda nueva. Vuelve a la lista para elegir otro.",
    { text: "Volver a la lista", href: "./" }));
}

function render(state) {
  if (classroom === undefined || (classroom && !classroom.room)) return; // not known yet
  if (classroom) {
    renderClassroom(state);
    return;
  }
  const quizzes = Array.isArray(state.quizzes) ? state.quizzes : [];
  const quiz = quizzes.find((q) => String(q.id) === id);
  setCounter(score, state.score ?? 0, "Puntos");
  setCounter(record, state.record ?? 0, "Récord");
  renderErrorBanner(bannerSlot, state.error, "Problema con el servidor de quizzes");

  if (!quiz) {
    // A filtered snapshot may leave out a quiz just answered right: keep showing it.
    if (known && state.onlyUnanswered && !state.loading && quizzes.length > 0) {
      known = { ...known, answeredRight: true };
    } else if (state.loading && !known) {
      showLoading(screen, "Descargando quizzes…");
      return;
    } else {
      known = null;
      notFound();
      return;
    }
  } else {
    known = quiz;
    // Which quiz this is: its place in the list as the list shows it (kept as it was while a
    // quiz just answered right is out of a filtered list).
    const number = quizzes.indexOf(quiz) + 1;
    title.textContent = `Quiz ${number} de ${quizzes.length}`;
    document.title = `Quiz ${number} de ${quizzes.length}: ${shortened(quiz.question ?? "")} · Quizzes · Adivina`;
  }

  showCard(known);
  answeredLine.hidden = !known.answeredRight;
}


function showCard(quiz) {
  if (!play.isConnected) screen.replaceChildren(play);
  if (!star.isConnected) document.getElementById("nav-trailing").replaceChildren(star);
  card.update(quiz);
  QuizCard.paintStar(star, Boolean(quiz.favourite));
}

// ---------- classroom mode ----------

const nextButton = el("button", { type: "button", className: "btn btn-tinted", id: "next-question", text: "Siguiente pregunta" });
const answeredResult = el("p", { className: "result-line", id: "answered-result" });
const answeredScreen = el("div", { className: "empty", id: "answered-question", role: "status" },
  answeredResult,
  el("p", { className: "empty-message", id: "answered-detail" }),
  el("div", { className: "btn-row" },
    nextButton, el("a", { className: "btn btn-gray", href: "./", text: "Ver la ronda" })));
let nextID = null;
let announcedQuestion = null; // the round's question last announced to screen readers
const checked = new Map(); // quiz id -> whether this tab's answer was right (before the list says so)
nextButton.addEventListener("click", () => {
  if (nextID !== null) showQuiz(nextID);
});

/** Makes quiz `quizID` the one on screen (and in the address), then draws it. */
function showQuiz(quizID) {
  id = String(quizID);
  history.replaceState(null, "", `play.html?id=${encodeURIComponent(id)}`);
  if (latest) render(latest);
}

/** How the player's answer to `quiz` went. */
function verdictOf(quiz) {
  return verdict(quiz, checked.get(quiz.id) ?? Boolean(quiz.answeredRight));
}

function showResult(line, quiz, points = "") {
  const { right, text } = verdictOf(quiz);
  line.className = `result-line ${right ? "good" : "bad"}`;
  line.replaceChildren(sym(right ? "checkmark-circle-fill" : "xmark-circle-fill"), el("span", { text: text + points }));
}

const ownEnds = new Map(); // self-paced, timed: question number -> when the player's time ends (server clock)

/** Self-paced and timed: opens question `number` for the player (their timer starts), once. */
async function openOwnQuestion(number) {
  if (ownEnds.has(number)) return;
  ownEnds.set(number, null);
  const opened = await act("POST", "/api/classroom/open", { question: number }, { alert: false });
  ownEnds.set(number, opened && Number.isFinite(opened.deadline) ? opened.deadline : null);
  if (latest) render(latest);
}

function renderClassroom(state) {
  const onCard = drawClassroom(state);
  if (!onCard) {
    star.remove(); // no question card: nothing to mark
    inClass.playerCountdown.hide();
  }
}

/** Draws the classroom's screen for `state`; true when it is the question card. */
function drawClassroom(state) {
  const room = classroom.room;
  if (classroom.removed || room.game !== "quizzes" || room.phase === "lobby") {
    title.textContent = "Quiz";
    inClass.showNoRound(screen, classroom, "Quizzes");
    return false;
  }
  const quizzes = Array.isArray(state.quizzes) ? state.quizzes : [];
  if (room.phase === "finished") {
    title.textContent = "Quiz";
    inClass.showRoundEnd(screen, classroom, { app: "Quizzes", score: state.score ?? 0, total: quizzes.length });
    return false;
  }
  if (quizzes.length === 0) {
    showLoading(screen, "Preparando la ronda…");
    return false;
  }
  const total = room.total || quizzes.length;
  const question = roundQuestion(classroom, quizzes, id);
  if (!question && !room.selfPaced
    && inClass.newsMayLag(`${room.question} ${quizzes.length}`, () => latest && render(latest))) {
    // Host-paced, the room is on a question the round's list does not have yet: its news (sent
    // apart from the room's) is on its way. The screen stays as it is for a moment.
    return play.isConnected;
  }
  if (!question) {
    // Self-paced, every question answered.
    title.textContent = "Quiz";
    document.title = "Esperando · Quizzes · Adivina";
    inClass.showWaiting(screen, `Has respondido las ${total} preguntas. Falta que el anfitrión termine la ronda.`);
    return false;
  }
  const { number, quiz, answered } = question;
  if (String(quiz.id) !== id) {
    showQuiz(quiz.id);
    return star.isConnected;
  }
  title.textContent = `Pregunta ${number} de ${total}`;
  if (answered && !room.selfPaced) {
    document.title = "Esperando · Quizzes · Adivina";
    const line = verdictOf(quiz);
    inClass.showWaiting(screen, number < total
      ? `Has respondido la pregunta ${number} de ${total}.`
      : `Has respondido las ${total} preguntas. Falta que el anfitrión termine la ronda.`, { ...line, text: line.text + inClass.earned(classroom, number) });
  } else if (answered) {
    document.title = `Pregunta ${number} de ${total} · Quizzes · Adivina`;
    const next = roundQuestion(classroom, quizzes, null);
    nextID = next ? next.quiz.id : null;
    nextButton.hidden = !next;
    showResult(answeredResult, quiz, inClass.earned(classroom, number));
    answeredScreen.querySelector("#answered-detail").textContent = next
      ? `Has respondido la pregunta ${number} de ${total}.`
      : `Has respondido las ${total} preguntas. Falta que el anfitrión termine la ronda.`;
    if (!answeredScreen.isConnected) screen.replaceChildren(answeredScreen);
  } else if (inClass.questionClosed(classroom, number)) {
    document.title = "Se acabó el tiempo · Quizzes · Adivina";
    inClass.showWaiting(screen, `Se acabó el tiempo de la pregunta ${number} de ${total}.`);
  } else {
    if (room.selfPaced && room.timer) openOwnQuestion(number);
    inClass.showCountdown(classroom, number, ownEnds.get(number));
    showCard(quiz);
    if (announcedQuestion !== quiz.id) announce(`Pregunta ${number} de ${total}: ${quiz.question ?? ""}`);
    announcedQuestion = quiz.id;
    document.title = `Pregunta ${number} de ${total} · Quizzes · Adivina`;
    answeredLine.hidden = true;
    return true;
  }
  return false;
}

/** Finds out (once) whether this browser is a classroom player's; if so, follows the room too. */
async function detectClassroom() {
  inClass = await classroomModule();
  const seat = inClass && await inClass.classroomSeat(() => {
    if (latest) render(latest);
  });
  if (seat) {
    card.playInClassroom();
    screen.before(inClass.playerCountdown.element);
    card.onChecked = (result) => {
      checked.set(result.quizId, Boolean(result.result));
      const number = (latest?.quizzes ?? []).findIndex((quiz) => quiz.id === result.quizId) + 1;
      if (number > 0) seat.markAnswered(number, result.points);
      if (latest) render(latest);
    };
    stats.hidden = true;
  }
  classroom = seat;
  if (latest) render(latest);
}

detectClassroom();
subscribe("quizzes", (state) => {
  latest = state;
  render(state);
});
