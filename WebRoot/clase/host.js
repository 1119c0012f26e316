// The host's page: log in with the key printed in the terminal (the server keeps it in an
// HttpOnly cookie), then run the room: join link + QR, the round's questions ("Ronda: <set> (n
// preguntas)", the server's choice) and settings, start; during a round a fixed bar with the
// answers so far, the countdown, the one button that moves the class on ("Mostrar respuesta",
// "Siguiente pregunta", "Ver podio"; Space and → press it, so a presentation clicker drives the
// class) and Terminar (both lead to the round's results);
// the players, away ones marked, each with extra time, release of their name and removal; an
// alert while the results cannot be written (the disk full), gone once they are written again.
import { subscribe, act } from "../js/events.js";
import { el, sym, showAlert, syncRows } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { GAME_NAMES, present, roundMarks, showJoinLink } from "./clase-common.js";
import { whenHost } from "./host-login.js";
import { choiceRefused, roundChoice, showSets } from "./sets.js";
import { createCountdown, syncServerClock } from "../js/countdown.js";
import { withQuestionText } from "../js/markdown-text.js";

const $ = (id) => document.getElementById(id);

const host = $("host");
const joinURL = $("join-url");
const qr = $("qr");
const gameButtons = [...document.querySelectorAll("#games > button")];
const selfPaced = $("self-paced");
const locked = $("locked");
const saveRanking = $("save-ranking");
const roundStatus = $("round-status");
const roundChoiceLine = $("round-choice");
const settings = $("settings");
const bar = $("host-bar");
const barCount = $("bar-count");
const startButton = $("start");
const nextButton = $("next");
const endButton = $("end");
const playerList = $("players");
const playersHeader = $("players-header");
const playersEmpty = $("players-empty");
const seconds = $("seconds");
const speedPoints = $("speed-points");
const chartSlot = $("host-chart-slot");
const joinSection = $("host-join");
const hostQuestion = $("host-question");
const hostQuestionNumber = $("host-question-number");
const hostQuestionText = $("host-question-text");
const resultsProblem = $("results-problem");
const resultsProblemMessage = $("results-problem-message");
const countdown = createCountdown("host-countdown");
barCount.before(countdown.element);

let state = null;
let shownPhase = null; // the phase the settings were last folded for
/** How many changes of the round's choices are on their way to the server (sent one at a time). */
let choicesSending = 0;
let choicesSent = Promise.resolve();
/** The game this page picked, until the room's news shows it: a choice changed meanwhile goes
 * with it (the news of the pick may come after the pick's reply: they travel apart). */
let pickedGame = null;
/** The players' rows by id, kept from one snapshot to the next: a click on a row's button must
 * not land on a row the room's news replaced between the press and the release. */
const playerRows = new Map();
/** The extra time of each player who has some, by id (the host's only: not in the room's state). */
const extraTime = new Map();
const FACTOR_NAMES = { 1: "Tiempo normal", 1.5: "×1,5", 2: "×2" };

setupNavBar($("navbar"));

function render(snapshot) {
  state = snapshot;
  showResultsProblem(typeof snapshot.resultsProblem === "string" ? snapshot.resultsProblem : "");
  const playing = snapshot.phase === "playing";
  if (choicesSending === 0 && snapshot.game === pickedGame) pickedGame = null;
  for (const button of gameButtons) {
    button.setAttribute("aria-pressed", String(button.dataset.game === (pickedGame ?? snapshot.game)));
    button.disabled = playing;
  }
  // A switch being sent keeps the host's click until the server's reply (see `sendSwitch`).
  if (!selfPaced.dataset.sending) selfPaced.checked = Boolean(snapshot.selfPaced);
  if (!locked.dataset.sending) locked.checked = Boolean(snapshot.locked);
  // The timer is the host's own choice until a game is picked (the server learns it with the
  // pick), while a change of it is on its way and until the news shows the pick: only then is
  // the server's the one to show.
  if (snapshot.game && choicesSending === 0 && pickedGame === null) {
    const timer = snapshot.timer;
    const secondsValue = timer ? String(timer.seconds) : "";
    if (![...seconds.options].some((option) => option.value === secondsValue)) {
      seconds.append(el("option", { value: secondsValue, text: `${secondsValue} s` }));  // set through the API
    }
    seconds.value = secondsValue;
    speedPoints.checked = Boolean(timer?.speedPoints);
  }
  speedPoints.disabled = playing || !seconds.value;
  seconds.disabled = playing;
  const deadline = playing && !snapshot.selfPaced ? snapshot.deadline : null;
  if (deadline) countdown.show(deadline.endsAt, deadline.endsAt - deadline.openedAt);
  else countdown.hide();
  const chart = playing && !snapshot.selfPaced && snapshot.chart?.question === snapshot.question ? snapshot.chart : null;
  showChart(chart, snapshot.open);
  showQuestion(playing && !snapshot.selfPaced && snapshot.open?.number === snapshot.question ? snapshot : null);
  // During a round the QR code folds away (the link stays): the question is what the host needs.
  joinSection.classList.toggle("in-round", playing);
  const here = present(snapshot.players);
  const done = here.filter((player) => player.answered).length;
  barCount.textContent = playing && snapshot.selfPaced
    ? `Cada uno a su ritmo · ${done} de ${here.length} han terminado`
    : playing ? `Pregunta ${snapshot.question} de ${snapshot.total} · ${done} de ${here.length} han respondido` : "";
  roundStatus.textContent = snapshot.phase === "finished" ? "Ronda terminada. Puedes empezar otra." : "";
  roundStatus.hidden = snapshot.phase !== "finished";
  roundChoiceLine.textContent = roundLabel(snapshot);
  startButton.hidden = playing;
  startButton.disabled = !snapshot.game;
  bar.hidden = !playing;
  document.body.classList.toggle("has-host-bar", playing);
  nextButton.hidden = snapshot.selfPaced;
  nextButton.textContent = nextStep(snapshot).label;
  // The settings fold away when a round starts and unfold when it ends; the host may open them.
  if (snapshot.phase !== shownPhase) settings.open = !playing;
  shownPhase = snapshot.phase;

  const players = Array.isArray(snapshot.players) ? snapshot.players : [];
  playersHeader.textContent = `Jugadores (${players.length})`;
  playersEmpty.hidden = players.length > 0;
  playerList.hidden = players.length === 0;
  syncRows(playerList, playerRows, players, playerRow, (row, player) => updatePlayerRow(row, player, snapshot));
}

/** The room's question (host-paced) above the round's controls: "Pregunta n de m" and its text. */
function showQuestion(snapshot) {
  hostQuestion.hidden = !snapshot;
  if (!snapshot) return;
  hostQuestionNumber.textContent = `Pregunta ${snapshot.question} de ${snapshot.total}`;
  const key = `${snapshot.round} ${snapshot.question} ${snapshot.open.markdown} ${snapshot.open.text}`;
  if (hostQuestionText.dataset.shown === key) return;
  hostQuestionText.dataset.shown = key;
  withQuestionText(hostQuestionText, snapshot.open.text, snapshot.open.markdown);
}

/** The chart of the question that just closed, as the projector draws it (one bar per option,
 * its maths drawn, when `open` is that question), or none; its module loaded with the first one. */
async function showChart(chart, open) {
  const question = chart && open?.number === chart.question ? open : null;
  const shown = chart ? JSON.stringify([chart, question]) : "";
  if (chartSlot.dataset.shown === shown) return;
  chartSlot.dataset.shown = shown;
  if (!chart) {
    chartSlot.replaceChildren();
    return;
  }
  const { closedChart } = await import("./option-chart.js");
  if (chartSlot.dataset.shown === shown) chartSlot.replaceChildren(closedChart(chart, question, "host-chart"));
}

/** "Ronda: Capitales (5 preguntas)": the questions the server will play (its `set`), as it says them. */
function roundLabel(snapshot) {
  const set = snapshot.set && typeof snapshot.set === "object" ? snapshot.set : null;
  if (set && typeof set.title === "string") {
    return `Ronda: ${set.title} (${set.count} pregunta${set.count === 1 ? "" : "s"})`;
  }
  const game = GAME_NAMES[snapshot.game];
  if (!game) return "Elige el juego o un conjunto de preguntas.";
  return snapshot.game === "quizzes" ? "Ronda: Quizzes del servidor de preguntas" : `Ronda: ${game}`;
}

/** One of the host's buttons in a player's row: `action` gets the row's player of the moment. */
function rowButton(row, className, title, symbol, action) {
  return el("button", { type: "button", className: `icon-btn ${className}`, title, onclick: () => action(row.player) }, sym(symbol));
}

/** A player's row: name, round marks, extra time, score, and the host's two buttons. */
function playerRow(player) {
  const row = {
    player,
    name: el("span", { className: "row-main player-name" }),
    score: el("span", { className: "player-score" }),
  };
  row.extra = rowButton(row, "extra-time", "Tiempo extra", "timer", giveExtraTime);
  row.release = rowButton(row, "release", "Liberar el nombre", "arrow-clockwise", release);
  row.kick = rowButton(row, "kick", "Expulsar", "xmark-circle-fill", kick);
  row.li = el("li", { className: "row player-row", dataset: { id: player.id } }, row.name, row.score, row.extra, row.release, row.kick);
  return row;
}

/** Brings `row` up to date; the buttons stay the same elements. */
function updatePlayerRow(row, player, snapshot) {
  row.player = player;
  row.name.textContent = player.away ? `${player.name} (ausente)` : player.name;
  row.li.classList.toggle("away", player.away === true);
  row.release.setAttribute("aria-label", `Liberar el nombre de ${player.name}`);
  row.score.textContent = String(player.score);
  row.extra.setAttribute("aria-label", `Tiempo extra de ${player.name}`);
  row.kick.setAttribute("aria-label", `Expulsar a ${player.name}`);
  while (row.name.nextSibling !== row.score) row.name.nextSibling.remove();
  row.score.before(...roundMarks(player, snapshot),
    ...(extraTime.has(player.id) ? [el("span", { className: "player-extra", text: FACTOR_NAMES[extraTime.get(player.id)] })] : []));
}

/** Asks how much time `player` gets for each question (an accommodation: only the host sees it). */
async function giveExtraTime(player) {
  const factor = await showAlert({
    title: `Tiempo extra de ${player.name}`,
    message: "Tendrá más tiempo en cada pregunta con temporizador; sus puntos por rapidez cuentan sobre su tiempo.",
    actions: [
      { label: "Tiempo normal", value: 1 },
      { label: "×1,5", value: 1.5 },
      { label: "×2", value: 2 },
      { label: "Cancelar", value: null, preferred: true },
    ],
  });
  if (factor === null) return;
  const done = await act("PUT", `/api/classroom/host/players/${player.id}/time`, { factor });
  if (!done) return;
  if (factor === 1) extraTime.delete(player.id);
  else extraTime.set(player.id, factor);
  if (state) render(state);
}

/** The body of `POST host/game` for `game` with the round's choices (set, timer). */
function gameBody(game) {
  const timer = seconds.value ? { seconds: Number(seconds.value), speedPoints: speedPoints.checked } : {};
  return { game, ...roundChoice(game), ...timer };
}

/** Sends the round's choices again when one changes, if a game is picked. */
async function choiceChanged() {
  speedPoints.disabled = !seconds.value;
  if (!seconds.value) speedPoints.checked = false;
  const game = pickedGame ?? state?.game;
  if (game) await sendChoices(game);
}

/** Picks `game` with the round's choices as they are when its turn comes (one request at a
 * time, so the server gets them in order); the page shows its own choices until the reply, and
 * the server's again if it refuses them. */
function sendChoices(game) {
  pickedGame = game;
  choicesSending += 1;
  if (state) render(state);  // the pick shows at once
  const send = async () => {
    let done = null;
    try {
      done = await act("POST", "/api/classroom/host/game", gameBody(pickedGame ?? game));
    } finally {
      choicesSending -= 1;
    }
    if (!done) {
      pickedGame = null;
      choiceRefused();
      if (state) render(state);  // refused: back to the server's; else its news shows it
    }
  };
  choicesSent = choicesSent.then(send, send);
  return choicesSent;
}
seconds.addEventListener("change", choiceChanged);
speedPoints.addEventListener("change", choiceChanged);
document.addEventListener("choicechange", choiceChanged);
document.addEventListener("playset", async () => {
  const start = $("start");
  start.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  start.focus({ preventScroll: true });
  await sendChoices("quizzes");
});

/** Frees `player`'s name: a phone that lost its cookie may join with it again and gets the points back. */
async function release(player) {
  const sure = await showAlert({
    title: `¿Liberar el nombre de ${player.name}?`,
    message: "Quien vuelva a unirse con este nombre recuperará sus puntos. Úsalo cuando un alumno haya perdido la sesión en su móvil.",
    actions: [
      { label: "Liberar", value: true },
      { label: "Cancelar", value: false, preferred: true },
    ],
  });
  if (sure) await act("POST", `/api/classroom/host/players/${player.id}/release`);
}

async function kick(player) {
  const choice = await showAlert({
    title: `¿Expulsar a ${player.name}?`,
    message: "Saldrá de la clase y del marcador. «Bloquear» además impide que vuelva a entrar desde su dispositivo hasta que termine la ronda.",
    actions: [
      { label: "Expulsar", value: "kick", destructive: true },
      { label: "Bloquear", value: "ban", destructive: true },
      { label: "Cancelar", value: null, preferred: true },
    ],
  });
  if (choice) await act("DELETE", `/api/classroom/host/players/${player.id}${choice === "ban" ? "?ban=true" : ""}`);
}

for (const button of gameButtons) {
  button.addEventListener("click", () => sendChoices(button.dataset.game));
}
/** Sends a room switch's new value; news of the room that crosses it on the way does not undo
 * the click, and a refusal puts back the server's value. */
async function sendSwitch(box, path, key) {
  box.dataset.sending = "true";
  let done = null;
  try {
    done = await act("PUT", path, { [key]: box.checked });
  } finally {
    delete box.dataset.sending;
  }
  if (!done && state) render(state);
}
selfPaced.addEventListener("change", () => sendSwitch(selfPaced, "/api/classroom/host/pace", "selfPaced"));
locked.addEventListener("change", () => sendSwitch(locked, "/api/classroom/host/lock", "locked"));

/** What the host's one button does now, host-paced: shows the open question's answer, opens the
 * next question once it is shown, or ends the round after the last one. */
function nextStep(snapshot) {
  const shown = snapshot.chart?.question === snapshot.question;
  if (!shown) return { label: "Mostrar respuesta", ends: false };
  if (snapshot.question < snapshot.total) return { label: "Siguiente pregunta", ends: false };
  return { label: "Ver podio", ends: true };
}

/** Ends the round (`button` disabled meanwhile) and, once ended, opens its results. */
async function endRound(button, saveToRanking) {
  button.disabled = true;
  const ended = await act("POST", "/api/classroom/host/end", { saveToRanking });
  button.disabled = false;
  if (ended) location.assign("resultados.html#ultima"); // the round's results: the newest round
}

async function run(button, method, path, body = undefined) {
  button.disabled = true;
  await act(method, path, body);
  button.disabled = false;
  if (state) render(state);
}
startButton.addEventListener("click", () => run(startButton, "POST", "/api/classroom/host/start"));
nextButton.addEventListener("click", async () => {
  if (!state || nextButton.disabled) return;
  if (!nextStep(state).ends) return run(nextButton, "POST", "/api/classroom/host/next");
  await endRound(nextButton, saveRanking.checked); // as Terminar
});
// Space and → press the one button (a presentation clicker sends them), except in a field or a
// dialog, and Space on a control of its own (a focused button presses itself).
addEventListener("keydown", (event) => {
  if (event.key !== " " && event.key !== "ArrowRight") return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.repeat) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("input, select, textarea, [contenteditable], dialog, [role=dialog], [role=alertdialog]")) return;
  if (event.key === " " && target?.closest("button, summary, a")) return;
  if (nextButton.hidden || bar.hidden || state?.phase !== "playing") return;
  event.preventDefault();
  nextButton.click();
});
endButton.addEventListener("click", async () => {
  const save = saveRanking.checked;
  const sure = await showAlert({
    title: "¿Terminar la ronda?",
    message: save
      ? "Se mostrará el podio y las puntuaciones de quien haya respondido se guardarán en el ranking."
      : "Se mostrará el podio; las puntuaciones de esta ronda no se guardarán en el ranking.",
    actions: [
      { label: "Terminar", value: true, destructive: true },
      { label: "Cancelar", value: false, preferred: true },
    ],
  });
  if (sure) await endRound(endButton, save);
});

/** The alert that the results wait in memory for the disk (the server's words), or none. */
function showResultsProblem(problem) {
  if (resultsProblemMessage.textContent !== problem) resultsProblemMessage.textContent = problem;
  resultsProblem.hidden = !problem;
}

whenHost(async () => {
  host.hidden = false;
  const extra = await act("GET", "/api/classroom/host/extra-time", undefined, { alert: false });
  for (const row of Array.isArray(extra) ? extra : []) extraTime.set(row.id, row.factor);
  await syncServerClock();
  subscribe("classroom", render);
  showSets();
  await showJoinLink(joinURL, qr);
});
