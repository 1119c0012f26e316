// The projector (topic `classroom`), the class's shared screen: in the lobby the join QR, the
// link and the names arriving; at each question the 3-2-1, then the question and its image big
// with the same tiles the phones show, the countdown and who has answered (a neutral mark, never
// a tick); once it closes the chart per option (or the most given answers) with the right answer
// in big type, and the top 5; at the end the podium, where ties share a place.
import { subscribe } from "../js/events.js";
import { el, setLiveText } from "../js/ui.js";
import { answeredMark, present, showJoinLink } from "./clase-common.js";
import { pointsText } from "./words.js";
import { createCountdown, serverNow, syncServerClock } from "../js/countdown.js";
import { createGetReady } from "./get-ready.js";
import { questionImage } from "./question-image.js";
import { hasTiles, letter, optionTexts, tileList } from "./tiles.js";
import { closedChart, optionCounts } from "./option-chart.js";
import { withMath } from "../js/tex-math.js";
import { withQuestionText } from "../js/markdown-text.js";

const $ = (id) => document.getElementById(id);

const title = $("board-title");
const progress = $("progress");
const join = $("board-join");
const names = $("names");
const arrivals = $("arrivals-count");
const readySlot = $("board-ready-slot");
const questionSection = $("board-question");
const questionText = $("board-question-text");
const imageSlot = $("board-image-slot");
const tilesSlot = $("board-tiles-slot");
const answered = $("answered");
const marks = $("marks");
const result = $("board-result");
const correct = $("board-correct");
const chartSlot = $("board-chart-slot");
const top = $("board-top");
const topTitle = $("board-top-title");
const list = $("players");
const podium = $("podium");
const empty = $("board-empty");
const countdown = createCountdown("board-countdown");
const getReady = createGetReady("board-ready");
progress.after(countdown.element);

let latest = null;

function plural(count, one, many) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The lobby: the names arriving (away players dimmed and said so). */
function renderLobby(players) {
  const here = present(players);
  setLiveText(arrivals, here.length === 0 ? "Esperando a que se una alguien…" : `${plural(here.length, "jugador", "jugadores")} en la clase`);
  names.replaceChildren(...players.map((player) => el("li", { className: `board-name${player.away ? " away" : ""}`, dataset: { id: player.id } },
    el("span", { text: player.name }), player.away ? el("span", { className: "away-note", text: " (ausente)" }) : null)));
}

/** The question (text, image, tiles) of `state`, drawn again only when it changes. */
function renderQuestion(state) {
  const key = `${state.round} ${state.question} ${state.markdown} ${state.text} ${state.image} ${JSON.stringify(state.options)}`;
  if (questionSection.dataset.shown === key) return;
  questionSection.dataset.shown = key;
  withQuestionText(questionText, state.text, state.markdown);
  imageSlot.replaceChildren(...(typeof state.image === "string" && state.image ? [questionImage(state.image, "Imagen de la pregunta", "question-image board-image")] : []));
  tilesSlot.replaceChildren(...(hasTiles(state.kind) ? [tileList(optionTexts(state.kind, state.options), "board-tiles")] : []));
}

/** Who has answered: "n de m han respondido" and a neutral mark per player. */
function renderAnswered(state, players) {
  const here = present(players);
  setLiveText(answered, `${here.filter((player) => player.answered).length} de ${here.length} han respondido`);
  marks.replaceChildren(...here.map((player) => el("li", { className: "board-mark", dataset: { id: player.id, answered: String(Boolean(player.answered)) } },
    answeredMark(player.answered), el("span", { className: "board-mark-name", text: player.name }))));
}

/** The right answer of a closed question, in words. */
function rightAnswer(state, chart) {
  if (state.kind === "poll") return "";
  if (hasTiles(state.kind)) {
    const texts = optionTexts(state.kind, state.options);
    const right = optionCounts(chart, texts).map((row, index) => (row.right ? `${letter(index)}: ${row.text}` : null)).filter(Boolean);
    if (right.length) return right.join(" · ");
  }
  return typeof chart.correctAnswer === "string" ? chart.correctAnswer : "";
}

/** The closed question's result: the right answer big, and the chart. */
function renderResult(state, chart) {
  const key = JSON.stringify([state.round, chart, state.options, state.kind]);
  if (result.dataset.shown === key) return;
  result.dataset.shown = key;
  const answer = rightAnswer(state, chart);
  correct.replaceChildren(...(answer ? [el("span", { className: "board-correct-label", text: "Respuesta correcta" }), withMath(el("span", { className: "board-correct-answer", id: "board-correct-answer" }), answer)] : []));
  correct.hidden = !answer;
  chartSlot.replaceChildren(closedChart(chart, state, "board-chart"));
}

/** The top 5 (equal scores share a place). */
function renderTop(players) {
  let position = 0;
  const rows = players.slice(0, 5).map((player, index) => {
    if (index === 0 || player.score !== players[index - 1].score) position = index + 1;
    return el("li", { className: "row player-row", dataset: { id: player.id } },
      el("span", { className: "player-pos", text: `${position}.` }),
      el("span", { className: "row-main player-name", text: player.name }),
      el("span", { className: "player-score", text: String(player.score) }));
  });
  list.replaceChildren(...rows);
}

function podiumStep(row) {
  return el("li", { className: `podium-${row.position}`, dataset: { id: row.id } },
    el("span", { className: "podium-name", text: row.name }),
    el("span", { className: "podium-score", text: pointsText(row.score) }),
    el("span", { className: "podium-step", text: String(row.position), "aria-label": `Puesto ${row.position}` }));
}

/** The room's state with its open question's `text`, `image`, `kind`, `options` and `startsAt`
 * (`open`, host-paced: kept after it closes) read into it. */
function withQuestion(state) {
  const open = state.open && typeof state.open === "object" && state.open.number === state.question ? state.open : null;
  if (!open) return { ...state, text: null, markdown: false, image: null, kind: null, options: [], startsAt: null };
  return { ...state, text: open.text, markdown: open.markdown === true, image: open.image ?? null, kind: open.kind, options: open.options ?? [], startsAt: open.startsAt };
}

function render(room) {
  latest = room;
  const state = withQuestion(room);
  const players = Array.isArray(state.players) ? state.players : [];
  const playing = state.phase === "playing";
  const finished = state.phase === "finished";
  const opensAt = Number(state.startsAt);
  const ready = playing && !state.selfPaced && state.startsAt !== null && Number.isFinite(opensAt) && opensAt > serverNow();
  const chart = playing && !state.selfPaced && state.chart?.question === state.question ? state.chart : null;
  const known = typeof state.text === "string";
  const open = playing && !state.selfPaced && !ready && !chart && known;
  title.textContent = finished ? "¡Podio!" : playing && typeof state.set?.title === "string" ? state.set.title : "Marcador";
  progress.textContent = playing && !state.selfPaced && state.question > 0 ? `${state.question} / ${state.total}` : playing ? `${state.total} preguntas` : "";

  join.hidden = state.phase !== "lobby";
  if (state.phase === "lobby") renderLobby(players);

  if (ready) {
    if (!getReady.element.isConnected) readySlot.replaceChildren(getReady.element);
    getReady.show(opensAt, `Pregunta ${state.question} de ${state.total}`, () => latest && render(latest));
  } else {
    getReady.hide();
    readySlot.replaceChildren();
  }

  questionSection.hidden = !(open || (chart && known));
  if (open || (chart && known)) renderQuestion(state);
  questionSection.classList.toggle("closed", Boolean(chart));
  const deadline = open ? state.deadline : null;
  if (deadline) countdown.show(deadline.endsAt, deadline.endsAt - deadline.openedAt);
  else countdown.hide();
  if (open) renderAnswered(state, players);
  answered.parentElement.hidden = !open;

  result.hidden = !chart;
  if (chart) renderResult(state, chart);

  top.hidden = !(chart || (playing && state.selfPaced));
  if (!top.hidden) renderTop(players);
  setLiveText(topTitle, playing && state.selfPaced
    ? `Cada uno a su ritmo · ${present(players).filter((player) => player.answered).length} de ${present(players).length} han terminado`
    : "Los 5 primeros");

  const steps = finished && Array.isArray(state.podium) ? state.podium.filter((row) => row.position <= 3) : [];
  podium.replaceChildren(...steps.map(podiumStep));
  podium.hidden = steps.length === 0;

  empty.hidden = !(finished && steps.length === 0);
  empty.textContent = "Nadie ha sumado puntos en esta ronda.";
}

syncServerClock().then(() => subscribe("classroom", render));
showJoinLink($("join-url"), $("qr"));
