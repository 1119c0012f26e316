// The student's page: join the class with a name (the server sets the player's HttpOnly cookie),
// then wait in the lobby, which follows the room (topic `classroom`) and, while a round is
// playing, offers the round's game page (host-paced Quizzes: straight to the current question).
import { subscribe, act } from "../js/events.js";
import { setLiveText } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { GAME_NAMES, points } from "./clase-common.js";

const GAME_PAGES = { quizzes: "/quizzes/", trivia: "/trivia/play.html" };
const HOST_PACED_PAGES = { ...GAME_PAGES, quizzes: "/quizzes/play.html" };

const joinSection = document.getElementById("join");
const form = document.getElementById("join-form");
const nameField = document.getElementById("name");
const joinButton = document.getElementById("join-button");
const joinNote = document.getElementById("join-note");
const lobby = document.getElementById("lobby");
const meName = document.getElementById("me-name");
const roomStatus = document.getElementById("room-status");
const meScore = document.getElementById("me-score");
const play = document.getElementById("play");

let me = null; // {id, name} once joined
let seen = false; // whether the room's state has shown this player yet (a join may arrive first)
let unsubscribe = null;

setupNavBar(document.getElementById("navbar"));

function showJoin(note) {
  if (note) joinNote.textContent = note;
  me = null;
  unsubscribe?.();
  unsubscribe = null;
  lobby.hidden = true;
  joinSection.hidden = false;
  nameField.focus();
}

function showLobby(player) {
  me = player;
  seen = false;
  setLiveText(meName, player.name);
  joinSection.hidden = true;
  lobby.hidden = false;
  unsubscribe ??= subscribe("classroom", render);
}

function render(state) {
  if (!me) return;
  const players = Array.isArray(state.players) ? state.players : [];
  const mine = players.find((player) => player.id === me.id);
  if (!mine) {
    // Not yet in the room's state (the join's answer came first, or the stream is catching up):
    // wait. Once seen and then gone, the host removed this player.
    if (seen) showJoin("El anfitrión te ha quitado de la clase. Puedes volver a unirte.");
    return;
  }
  seen = true;
  setLiveText(meScore, points(mine.score));
  const others = players.length - 1;
  const company = others === 0 ? "Aún no ha llegado nadie más." : `Estás con ${others} compañer${others === 1 ? "o" : "os"}.`;
  const page = (state.selfPaced ? GAME_PAGES : HOST_PACED_PAGES)[state.game];
  if (state.phase === "playing" && page) {
    setLiveText(roomStatus, state.selfPaced
      ? `¡Ronda de ${GAME_NAMES[state.game]} en marcha! Cada uno a su ritmo.`
      : `¡Ronda de ${GAME_NAMES[state.game]} en marcha! Pregunta ${state.question} de ${state.total}.`);
    play.href = page;
    setLiveText(play, `Jugar a ${GAME_NAMES[state.game]}`);
    play.hidden = false;
  } else if (state.phase === "finished") {
    const place = (Array.isArray(state.podium) ? state.podium : []).find((row) => row.id === me.id);
    setLiveText(roomStatus, place
      ? `Ronda terminada: has quedado en el puesto ${place.position}.`
      : "Ronda terminada. Mira el marcador de la clase.");
    play.hidden = true;
  } else {
    setLiveText(roomStatus, `Esperando a que empiece la ronda… ${company}`);
    play.hidden = true;
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  joinButton.disabled = true;
  const joined = await act("POST", "/api/classroom/join", { name: nameField.value });
  joinButton.disabled = false;
  if (joined) showLobby(joined);
});

async function start() {
  try {
    const response = await fetch("/api/classroom/me", { headers: { Accept: "application/json" } });
    if (response.ok) {
      showLobby(await response.json());
      return;
    }
  } catch {
    // No answer: offer the form; joining will say what is wrong.
  }
  showJoin();
}

start();
