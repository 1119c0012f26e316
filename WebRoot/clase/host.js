// The host's page: log in with the key printed in the terminal (the server keeps it in an
// HttpOnly cookie), then run the room: join link + QR, game, pace, start / next / end, players.
import { subscribe, act } from "../js/events.js";
import { el, sym, showAlert } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { GAME_NAMES, roundMarks, showJoinLink } from "./clase-common.js";
import { roundChoice, showSets } from "./sets.js";

const $ = (id) => document.getElementById(id);

const login = $("login");
const loginForm = $("login-form");
const keyField = $("key");
const host = $("host");
const joinURL = $("join-url");
const qr = $("qr");
const gameButtons = [...document.querySelectorAll("#games > button")];
const selfPaced = $("self-paced");
const locked = $("locked");
const saveRanking = $("save-ranking");
const roundStatus = $("round-status");
const startButton = $("start");
const nextButton = $("next");
const endButton = $("end");
const playerList = $("players");
const playersHeader = $("players-header");
const playersEmpty = $("players-empty");

let state = null;

setupNavBar($("navbar"));

function render(snapshot) {
  state = snapshot;
  const playing = snapshot.phase === "playing";
  for (const button of gameButtons) {
    button.setAttribute("aria-pressed", String(button.dataset.game === snapshot.game));
    button.disabled = playing;
  }
  selfPaced.checked = Boolean(snapshot.selfPaced);
  locked.checked = Boolean(snapshot.locked);
  const game = GAME_NAMES[snapshot.game];
  roundStatus.textContent = playing && snapshot.selfPaced
    ? `${game}: cada uno a su ritmo · ${snapshot.answeredCount} de ${snapshot.playerCount} han terminado`
    : playing ? `${game}: pregunta ${snapshot.question} de ${snapshot.total} · ${snapshot.answeredCount} de ${snapshot.playerCount} han respondido`
    : snapshot.phase === "finished" ? "Ronda terminada. Puedes empezar otra."
    : game ? `Listo para empezar una ronda de ${game}.` : "Elige el juego de la ronda.";
  startButton.hidden = playing;
  startButton.disabled = !snapshot.game;
  nextButton.hidden = !playing || snapshot.selfPaced;
  nextButton.disabled = snapshot.question >= snapshot.total;
  endButton.hidden = !playing;

  const players = Array.isArray(snapshot.players) ? snapshot.players : [];
  playersHeader.textContent = `Jugadores (${players.length})`;
  playersEmpty.hidden = players.length > 0;
  playerList.hidden = players.length === 0;
  playerList.replaceChildren(...players.map((player) => el("li", { className: "row player-row", dataset: { id: player.id } },
    el("span", { className: "row-main player-name", text: player.name }),
    ...roundMarks(player, snapshot),
    el("span", { className: "player-score", text: String(player.score) }),
    el("button", {
      type: "button",
      className: "icon-btn kick",
      "aria-label": `Expulsar a ${player.name}`,
      title: "Expulsar",
      onclick: () => kick(player),
    }, sym("xmark-circle-fill")))));
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
  button.addEventListener("click", () => act("POST", "/api/classroom/host/game", { game: button.dataset.game, ...roundChoice(button.dataset.game) }));
}
selfPaced.addEventListener("change", async () => {
  const done = await act("PUT", "/api/classroom/host/pace", { selfPaced: selfPaced.checked });
  if (!done && state) selfPaced.checked = Boolean(state.selfPaced);
});
locked.addEventListener("change", async () => {
  const done = await act("PUT", "/api/classroom/host/lock", { locked: locked.checked });
  if (!done && state) locked.checked = Boolean(state.locked);
});

async function run(button, method, path, body = undefined) {
  button.disabled = true;
  await act(method, path, body);
  button.disabled = false;
  if (state) render(state);
}
startButton.addEventListener("click", () => run(startButton, "POST", "/api/classroom/host/start"));
nextButton.addEventListener("click", () => run(nextButton, "POST", "/api/classroom/host/next"));
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
  if (sure) await run(endButton, "POST", "/api/classroom/host/end", { saveToRanking: save });
});

async function showHost() {
  login.hidden = true;
  host.hidden = false;
  subscribe("classroom", render);
  showSets();
  await showJoinLink(joinURL, qr);
}

loginForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const done = await act("POST", "/api/classroom/host/login", { key: keyField.value.trim() });
  if (done) {
    keyField.value = "";
    showHost();
  }
});

/** Whether the browser already holds the host cookie: re-sending the current pace is harmless. */
async function alreadyHost() {
  try {
    const snapshot = await (await fetch("/api/classroom/state")).json();
    const response = await fetch("/api/classroom/host/pace", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ selfPaced: Boolean(snapshot.selfPaced) }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

if (await alreadyHost()) showHost();
else {
  login.hidden = false;
  keyField.focus();
}
