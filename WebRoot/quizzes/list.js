// The Quizzes list: renders the `quizzes` snapshot that arrives over SSE (and nothing else).
import { subscribe, act } from "../js/events.js";
import { el, sym, imageBox, setImage, setCounter, loadingRow, showLoading, renderErrorBanner, renderReloadButton, syncRows, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { QuizCard, toggleFavourite } from "../js/quiz-card.js";

const API = "/api/quizzes";

const navbar = document.getElementById("navbar");
const list = document.getElementById("quizzes");
const listState = document.getElementById("list-state");
const listHeader = document.getElementById("list-header");
const bannerSlot = document.getElementById("banner-slot");
const reloadButton = document.getElementById("reload");
const filterSwitch = document.getElementById("only-unanswered");
const score = document.getElementById("score");
const record = document.getElementById("record");
const barStats = document.getElementById("bar-stats");
const listFooter = document.getElementById("list-footer");
const FOOTER = listFooter.textContent;

const rows = new Map(); // quiz id -> row parts
let current = null;     // the latest snapshot
let filterPending = false;

setupNavBar(navbar);

/** Downloads a new round; a failure shows up as the snapshot's error banner. */
function reload() {
  return act("POST", `${API}/reload`, undefined, { alert: false });
}
listState.replaceChildren(loadingRow("Conectando…"));

reloadButton.addEventListener("click", () => reload());
filterSwitch.addEventListener("change", async () => {
  filterPending = true;
  const ok = await act("PUT", `${API}/filter`, { onlyUnanswered: filterSwitch.checked });
  filterPending = false;
  if (!ok && current) filterSwitch.checked = Boolean(current.onlyUnanswered);
});

function createRow(quiz) {
  const thumb = imageBox("", "photo");
  const question = el("p", { className: "quiz-question" });
  const link = el("a", { className: "row-link row-stretch", href: `play.html?id=${encodeURIComponent(quiz.id)}` }, question);
  const avatar = imageBox("avatar", "person-circle-fill");
  const authorName = el("span", { className: "author-name" });
  const answered = el("span", { className: "badge-right" }, sym("checkmark-circle-fill"), el("span", { text: "Acertado" }));
  const star = QuizCard.starButton("icon-btn row-above", undefined);
  star.addEventListener("click", () => {
    const latest = rows.get(quiz.id)?.quiz;
    if (latest) toggleFavourite(API, latest, star);
  });
  const li = el("li", { className: "row quiz-row", dataset: { id: String(quiz.id) } },
    thumb,
    el("div", { className: "row-main" }, link, el("div", { className: "author" }, avatar, authorName, answered)),
    el("div", { className: "quiz-row-trailing" }, star, sym("chevron-right", "disclosure")));
  return { li, thumb, question, link, avatar, authorName, answered, star, quiz };
}

function updateRow(row, quiz) {
  row.quiz = quiz;
  const text = quiz.question ?? "";
  row.question.textContent = text;
  setImage(row.thumb, quiz.attachment, quiz.attachment ? `Imagen adjunta: ${text}` : "Quiz sin imagen adjunta");
  const name = quiz.authorName || "Anónimo";
  row.authorName.textContent = name;
  setImage(row.avatar, quiz.authorPhoto, `Foto de ${name}`);
  row.answered.hidden = !quiz.answeredRight;
  row.li.classList.toggle("answered", Boolean(quiz.answeredRight));
  QuizCard.paintStar(row.star, Boolean(quiz.favourite));
}

function render(state) {
  current = state;
  const all = Array.isArray(state.quizzes) ? state.quizzes : [];
  const onlyUnanswered = Boolean(state.onlyUnanswered);
  const shown = onlyUnanswered ? all.filter((q) => !q.answeredRight) : all;
  const right = all.filter((q) => q.answeredRight).length;

  setCounter(score, state.score ?? 0);
  setCounter(record, state.record ?? 0);
  score.setAttribute("aria-label", `Puntos: ${state.score ?? 0}`);
  record.setAttribute("aria-label", `Récord: ${state.record ?? 0}`);
  barStats.textContent = `${state.score ?? 0} puntos · récord ${state.record ?? 0}`;

  if (!filterPending) filterSwitch.checked = onlyUnanswered;
  filterSwitch.disabled = false;

  // Practice 4.1's own mode: every quiz of a local file; "reload" reads the file again.
  const file = typeof state.file === "string" ? state.file : null;
  const reloadLabel = file ? `Volver a leer ${file}` : "Descargar otros quizzes";
  reloadButton.setAttribute("aria-label", reloadLabel);
  reloadButton.title = reloadLabel;
  renderReloadButton(reloadButton, state.loading);
  renderErrorBanner(bannerSlot, state.error, file ? `No se pudo leer ${file}` : "No se pudieron descargar los quizzes", () => reload());
  syncRows(list, rows, shown, createRow, updateRow);
  list.hidden = shown.length === 0;
  listHeader.textContent = all.length === 0 ? (file ?? "Quizzes")
    : `${file ? `${file}: ` : ""}${all.length} quizzes · ${right} acertado${right === 1 ? "" : "s"}`;
  const skipped = Number(state.skipped) || 0;
  listFooter.textContent = !file ? FOOTER
    : `Todas las preguntas del fichero, en su orden.${skipped > 0
      ? ` ${skipped} elemento${skipped === 1 ? "" : "s"} del fichero no se ${skipped === 1 ? "puede" : "pueden"} jugar y no se muestra${skipped === 1 ? "" : "n"}.`
      : ""} ${FOOTER}`;

  if (state.loading) {
    showLoading(listState, file ? `Leyendo ${file}…` : "Descargando quizzes…", "progress");
  } else if (all.length === 0 && !state.error) {
    if (!listState.querySelector("#empty")) listState.replaceChildren(emptyState("empty", "questionmark", "No hay quizzes",
      file ? `Revisa ${file} y vuelve a leerlo.` : "Descarga una ronda nueva para empezar a jugar.",
      { text: file ? "Volver a leer el fichero" : "Descargar quizzes", onclick: () => reload() }));
  } else if (shown.length === 0 && all.length > 0) {
    listState.replaceChildren(emptyState("empty", "checkmark-circle-fill", "¡Los has acertado todos!",
      file ? "Desactiva «Solo no acertados» para verlos o vuelve a leer el fichero." : "Desactiva «Solo no acertados» para verlos o descarga otra ronda."));
  } else {
    listState.replaceChildren();
  }
  list.setAttribute("aria-busy", state.loading ? "true" : "false");
}

subscribe("quizzes", render);
