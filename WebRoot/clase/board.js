// The leaderboard for the projector (topic `classroom`): players by score with a tick for who has
// answered the current question, the question number, the join link while waiting in the lobby,
// and the podium when the round ends.
import { subscribe } from "../js/events.js";
import { el, setLiveText } from "../js/ui.js";
import { GAME_NAMES, points, roundMarks, showJoinLink } from "./clase-common.js";
import { createCountdown, syncServerClock } from "../js/countdown.js";
import { answerChart } from "../js/answer-chart.js";

const $ = (id) => document.getElementById(id);

const title = $("board-title");
const progress = $("progress");
const answered = $("answered");
const join = $("board-join");
const podium = $("podium");
const list = $("players");
const empty = $("board-empty");
const countdown = createCountdown("board-countdown");
const chartSlot = el("div", { id: "board-chart-slot" });
$("progress").after(countdown.element);
podium.before(chartSlot);

function playerRow(player, position, state) {
  return el("li", { className: "row player-row", dataset: { id: player.id, answered: String(Boolean(player.answered)) } },
    position === null ? null : el("span", { className: "player-pos", text: `${position}.` }),
    el("span", { className: "row-main player-name", text: player.name }),
    ...roundMarks(player, state),
    el("span", { className: "player-score", text: String(player.score) }));
}

function podiumStep(row) {
  return el("li", { className: `podium-${row.position}`, dataset: { id: row.id } },
    el("span", { className: "podium-name", text: row.name }),
    el("span", { className: "podium-score", text: points(row.score) }),
    el("span", { className: "podium-step", text: String(row.position), "aria-label": `Puesto ${row.position}` }));
}

function render(state) {
  const players = Array.isArray(state.players) ? state.players : [];
  const playing = state.phase === "playing";
  const finished = state.phase === "finished";
  const hostPaced = playing && !state.selfPaced;
  const game = GAME_NAMES[state.game];
  title.textContent = finished ? "¡Podio!" : game ? `Marcador · ${game}` : "Marcador";
  progress.textContent = hostPaced ? `${state.question} / ${state.total}` : playing ? `${state.total} preguntas` : "";
  setLiveText(answered, hostPaced ? `${state.answeredCount} de ${state.playerCount} han respondido`
    : playing ? `Cada uno a su ritmo · ${state.answeredCount} de ${state.playerCount} han terminado`
    : finished ? "" : `${players.length} jugador${players.length === 1 ? "" : "es"} en la clase`);
  join.hidden = state.phase !== "lobby";
  // A timed question's countdown; once it closes, what the class answered.
  const deadline = hostPaced ? state.deadline : null;
  if (deadline) countdown.show(deadline.endsAt, deadline.endsAt - deadline.openedAt);
  else countdown.hide();
  const chart = hostPaced && state.chart?.question === state.question ? state.chart : null;
  const shown = chart ? JSON.stringify(chart) : "";
  if (chartSlot.dataset.shown !== shown) chartSlot.replaceChildren(...(chart ? [answerChart(chart, "board-chart")] : []));
  chartSlot.dataset.shown = shown;
  const steps = finished && Array.isArray(state.podium) ? state.podium.filter((row) => row.position <= 3) : [];
  podium.replaceChildren(...steps.map(podiumStep));
  podium.hidden = steps.length === 0;
  // Players arrive best first; equal scores share a position, as on the podium.
  let position = 0;
  list.replaceChildren(...players.map((player, index) => {
    if (index === 0 || player.score !== players[index - 1].score) position = index + 1;
    return playerRow(player, state.phase === "lobby" ? null : position, state);
  }));
  list.hidden = players.length === 0;
  empty.hidden = players.length > 0;
  empty.textContent = "Esperando a que se una alguien…";
}

syncServerClock().then(() => subscribe("classroom", render));
showJoinLink($("join-url"), $("qr"));
