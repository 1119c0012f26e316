// One quiz at a time (the June 2022 exam): renders the `quiz` snapshot that arrives over SSE.
import { subscribe, act } from "../js/events.js";
import { el, sym, setCounter, loadingRow, showLoading, renderErrorBanner, shortened, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { QuizCard, toggleFavourite } from "../js/quiz-card.js";

const API = "/api/quiz";

const navbar = document.getElementById("navbar");
const screen = document.getElementById("screen");
const bannerSlot = document.getElementById("banner-slot");
const trailing = document.getElementById("nav-trailing");
const score = document.getElementById("score");
const barStats = document.getElementById("bar-stats");
const title = document.getElementById("title");
const barTitle = document.getElementById("bar-title");

const card = new QuizCard(API);
const star = QuizCard.starButton("nav-button", "favourite");
const resultLine = el("p", { className: "result-line", id: "last-result", hidden: true });
const nextButton = el("button", { type: "button", className: "btn btn-block btn-gray", id: "next", text: "Siguiente" });
const play = el("div", { className: "play has-columns", id: "play" },
  card.mediaWrap, card.question, card.form, resultLine, nextButton, card.author);

setupNavBar(navbar);
screen.replaceChildren(loadingRow("Conectando…"));

star.addEventListener("click", () => {
  if (card.quiz) toggleFavourite(API, card.quiz, star);
});
nextButton.addEventListener("click", () => askForNext());
// After a right answer the natural next step is "Siguiente".
card.onChecked = (result) => {
  if (result.result) nextButton.focus();
};

async function askForNext() {
  nextButton.disabled = true;
  await act("POST", `${API}/next`, undefined, { alert: false });
  nextButton.disabled = false;
}

function renderResult(state) {
  const last = state.lastResult;
  if (!last || !state.quiz || String(last.quizId) !== String(state.quiz.id)) {
    resultLine.hidden = true;
    nextButton.className = "btn btn-block btn-gray";
    return;
  }
  resultLine.hidden = false;
  resultLine.className = `result-line ${last.result ? "good" : "bad"}`;
  resultLine.replaceChildren(
    sym(last.result ? "checkmark-circle-fill" : "xmark-circle-fill"),
    el("span", { text: last.result ? `«${last.answer}» es correcto.` : `«${last.answer}» no es correcto.` }));
  nextButton.className = last.result ? "btn btn-block btn-green" : "btn btn-block btn-gray";
}

function render(state) {
  setCounter(score, state.score ?? 0);
  barStats.textContent = `${state.score ?? 0} puntos`;

  renderErrorBanner(bannerSlot, state.error, "No se pudo pedir un quiz", () => askForNext());

  // Which quiz this is: the n-th of this game (the server gives them at random, no total).
  const name = state.quiz && state.number > 0 ? `Quiz ${state.number}` : "Uno a uno";
  title.textContent = name;
  barTitle.textContent = name;
  document.title = state.quiz
    ? `${name}: ${shortened(state.quiz.question ?? "")} · Quiz uno a uno · Adivina`
    : "Quiz uno a uno · Adivina";

  if (state.quiz) {
    if (!play.isConnected) {
      screen.replaceChildren(play);
      trailing.replaceChildren(star);
    }
    card.update(state.quiz);
    QuizCard.paintStar(star, Boolean(state.quiz.favourite));
    renderResult(state);
    nextButton.disabled = Boolean(state.loading);
    return;
  }
  trailing.replaceChildren();
  if (state.loading) {
    showLoading(screen, "Buscando un quiz…");
  } else if (state.nomore) {
    screen.replaceChildren(emptyState("nomore", "flag-checkered", "No hay más quizzes",
      "Has acertado todos los quizzes del servidor. ¡Enhorabuena!",
      { text: "Buscar otra vez", onclick: () => askForNext() }));
  } else {
    screen.replaceChildren(emptyState("empty", "questionmark", "Ningún quiz a la vista",
      "Pide un quiz para empezar a jugar.",
      { text: "Pedir un quiz", onclick: () => askForNext() }));
  }
}

subscribe("quiz", render);
