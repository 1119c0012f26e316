// The play screen of one quiz (deep link: play.html?id=N). Renders the `quizzes` snapshot's
// item with that id; everything but the answer, which only comes on request.
import { subscribe } from "../js/events.js";
import { el, sym, loadingRow, showLoading, renderErrorBanner, setCounter, backToList, shortened, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { QuizCard, toggleFavourite } from "../js/quiz-card.js";

const API = "/api/quizzes";
const id = new URLSearchParams(location.search).get("id") ?? "";

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

subscribe("quizzes", render);
