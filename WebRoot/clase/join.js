// The student's page: join the class with a name (the server sets the player's HttpOnly cookie),
// or take a name and its points back with the short code shown on the player's screen (a phone
// that lost its cookie: `POST /api/classroom/rejoin`); then the phone follows one topic, the
// player's own view of the round (`round`, round-player.js: the lobby card, the round's screens,
// the rank). A removal or a rejoin elsewhere ends that stream with a last event saying why
// (`bye`); a page that missed it (offline then) asks `GET /api/classroom/me`, whose 401 says why.
import { act, onConnection, onFarewell } from "../js/events.js";
import { setLiveText } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { followRound } from "./round-player.js";

const joinSection = document.getElementById("join");
const form = document.getElementById("join-form");
const nameField = document.getElementById("name");
const codeField = document.getElementById("code");
const joinButton = document.getElementById("join-button");
const joinNote = document.getElementById("join-note");
const lobby = document.getElementById("lobby");
const meName = document.getElementById("me-name");
const meCode = document.getElementById("me-code");

let me = null; // {id, name} once joined
let stops = [];
let checking = 0; // the timer asking whether this browser is still a player while the stream is down
const CHECK_MS = 1500;

/** While the stream is down, asks now and then whether the server still knows this player: a
 * removal or a rejoin elsewhere ends the stream with `bye`, and a page that missed it learns it
 * here (the 401 says why). */
async function checkStillIn() {
  checking = 0;
  if (!me) return;
  const player = me;
  try {
    const response = await fetch("/api/classroom/me", { headers: { Accept: "application/json" }, cache: "no-store" });
    if (response.status === 401) {
      const body = await response.json().catch(() => null);
      if (me === player) showJoin(typeof body?.error === "string" ? body.error : null);
      return;
    }
  } catch {
    // No connection: the banner says so; ask again.
  }
  if (me) checking = setTimeout(checkStillIn, CHECK_MS * 2);
}

// The server ended this player's stream and said why: say it, and offer to join again.
onFarewell(({ message }) => {
  clearTimeout(checking);
  if (me) showJoin(message);
});

// The stream went down: ask at once whether this is still a player (a removal or a rejoin
// elsewhere closes it; saying "Sin conexión" then would be wrong), then now and then.
onConnection((connected) => {
  clearTimeout(checking);
  checking = connected || !me ? 0 : setTimeout(checkStillIn, 0);
});

setupNavBar(document.getElementById("navbar"));

function showJoin(note) {
  if (note) joinNote.textContent = note;
  me = null;
  for (const stop of stops) stop();
  stops = [];
  lobby.hidden = true;
  meCode.hidden = true;
  document.getElementById("round").replaceChildren();
  document.documentElement.classList.remove("in-round");
  joinSection.hidden = false;
  nameField.focus();
}

async function showLobby(player) {
  me = player;
  setLiveText(meName, player.name);
  joinSection.hidden = true;
  lobby.hidden = false;
  if (stops.length === 0) stops = [await followRound()];
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  joinButton.disabled = true;
  const code = codeField.value.trim();
  const joined = code
    ? await act("POST", "/api/classroom/rejoin", { name: nameField.value, code })
    : await act("POST", "/api/classroom/join", { name: nameField.value });
  joinButton.disabled = false;
  if (joined) showLobby(joined);
});

/** Whether this browser may hold a player of the class: the server sets the marker cookie
 * `adivina_clase` (readable, no secret) with the player's HttpOnly one and expires both once it no
 * longer knows the player. Without it a `GET me` could only be refused (401, an error in the
 * console of every first visit). */
function markedAsPlayer() {
  return document.cookie.split(";").some((pair) => pair.trim().startsWith("adivina_clase="));
}

async function start() {
  if (!markedAsPlayer()) {
    showJoin();
    return;
  }
  try {
    const response = await fetch("/api/classroom/me", { headers: { Accept: "application/json" }, cache: "no-store" });
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
