// The leaderboard for the projector (topic `classroom`): players by score with a tick for who has
// answered the current question, the question number, and the podium when the round ends.
import { subscribe } from "../js/events.js";
import { el, sym } from "../js/ui.js";

const GAME_NAMES = { quizzes: "Quizzes", trivia: "Trivia" };
const $ = (id) => document.getElementById(id);

const title = $("board-title");
const progress = $("progress");
const answered = $("answered");
const podium = $("podium");
const list = $("players");
const empty = $("board-empty");

function points(score) {
  return `${score} punto${score === 1 ? "" : "s"}`;
}

function playerRow(player, position, showTicks) {
  const tick = showTicks
    ? sym(player.answered ? "checkmark-circle-fill" : "questionmark", `tick${player.answered ? " done" : ""}`)
    : null;
  const row = el("li", { className: "row player-row", dataset: { id: player.id, answered: String(Boolean(player.answered)) } },
    el("span", { className: "player-pos", text: `${position}.` }),
    el("span", { className: "row-main player-name", text: player.name }),
    tick,
    el("span", { className: "player-score", text: String(player.score) }));
  if (tick) {
    row.append(el("span", { className: "visually-hidden", text: player.answered ? "ha respondido" : "aún no ha respondido" }));
  }
  return row;
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
  const game = GAME_NAMES[state.game];
  title.textContent = finished ? "¡Podio!" : game ? `Marcador · ${game}` : "Marcador";
  progress.textContent = playing && !state.selfPaced ? `${state.question} / ${state.total}`
    : playing ? `${state.total} preguntas` : "";
  answered.textContent = playing && !state.selfPaced
    ? `${state.answeredCount} de ${state.playerCount} han respondido`
    : playing ? "Cada uno a su ritmo" : "";
  const rows = finished && Array.isArray(state.podium) ? state.podium.filter((row) => row.position <= 3) : [];
  podium.replaceChildren(...rows.map(podiumStep));
  podium.hidden = rows.length === 0;
  list.replaceChildren(...players.map((player, index) => playerRow(player, index + 1, playing && !state.selfPaced)));
  list.hidden = players.length === 0;
  empty.hidden = players.length > 0;
  empty.textContent = "Esperando a que se una alguien…";
}

subscribe("classroom", render);
