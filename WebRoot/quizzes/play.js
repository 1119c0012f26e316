// The play screen of one quiz (deep link: play.html?id=N). Renders the `quizzes` snapshot's
// item with that id; everything but the answer, which only comes on request.
import { subscribe } from "../js/events.js";
import { el, sym, setupNavBar, loadingRow, banner, backToList } from "../js/ui.js";
import { QuizCard, toggleFavourite } from "./quiz-card.js";

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
const stats = el("p", { className: "footer-stats", role: "status" },
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
  screen.replaceChildren(el("div", { className: "empty", id: "not-found" },
    sym("questionmark"),
    el("p", { className: "empty-title", text: "Este quiz no está en la ronda" }),
    el("p", { className: "empty-message", text: "Puede que se haya descargado una ronda nueva. Vuelve a la lista para elegir otro." }),
    el("a", { className: "btn btn-tinted", href: "./", text: "Volver a la lista" })));
}

function render(state) {
  const quizzes = Array.isArray(state.quizzes) ? state.quizzes : [];
  const quiz = quizzes.find((q) => String(q.id) === id);
  score.textContent = String(state.score ?? 0);
  record.textContent = String(state.record ?? 0);

  if (state.error) {
    bannerSlot.replaceChildren(banner({ id: "error-banner", title: "Problema con el servidor de quizzes", message: state.error }));
  } else {
    bannerSlot.replaceChildren();
  }

  if (!quiz) {
    // A filtered snapshot may leave out a quiz just answered right: keep showing it.
    if (known && state.onlyUnanswered && !state.loading && quizzes.length > 0) {
      known = { ...known, answeredRight: true };
    } else if (state.loading && !known) {
      screen.replaceChildren(loadingRow("Descargando quizzes…"));
      return;
    } else {
      known = null;
      notFound();
      return;
    }
  } else {
    known = quiz;
  }

  if (!play.isConnected) {
    screen.replaceChildren(play);
    document.getElementById("nav-trailing").replaceChildren(star);
  }
  card.update(known);
  title.textContent = "Quiz";
  document.title = `${known.question ?? "Quiz"} · Quizzes · Adivina`;
  QuizCard.paintStar(star, Boolean(known.favourite));
  answeredLine.hidden = !known.answeredRight;
}

subscribe("quizzes", render);
