// Trivia's home: "Play Trivia", "Ranking", how the current game goes (topic `trivia`) and the
// best three scores (topic `ranking`), both rendered only from the snapshots that arrive over SSE.
import { subscribe, act } from "../js/events.js";
import { loadingRow, renderErrorBanner, setLiveText, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { ensureGame, rankingRow, hits } from "./trivia-common.js";

const TOP = 3;

const navbar = document.getElementById("navbar");
const status = document.getElementById("game-status");
const playLink = document.getElementById("play");
const top = document.getElementById("top");
const topState = document.getElementById("top-state");
const topHeader = document.getElementById("top-header");
const bannerSlot = document.getElementById("banner-slot");

let game = null; // the latest `trivia` snapshot

setupNavBar(navbar);
topState.replaceChildren(loadingRow("Conectando…"));

// Play Trivia goes on with the game being played, or starts a new one first.
playLink.addEventListener("click", async (event) => {
  if (game && (game.phase === "playing" || game.loading)) return;
  event.preventDefault();
  playLink.setAttribute("aria-disabled", "true");
  const started = await ensureGame(game);
  playLink.removeAttribute("aria-disabled");
  if (started) location.assign(playLink.href);
});

function renderGame(state) {
  game = state;
  const total = state.total ?? 0;
  if (state.loading) {
    setLiveText(status, "Preparando las preguntas…");
  } else if (state.phase === "playing") {
    const answered = Math.max(0, (state.number ?? 1) - 1);
    setLiveText(status, answered === 0
      ? `Partida lista · ${total} preguntas`
      : `Partida en curso · ${state.number} / ${total} · ${hits(state.score ?? 0)}`);
  } else if (state.phase === "finished") {
    setLiveText(status, `Última partida: ${state.score ?? 0} / ${total}${state.saved ? " · guardada" : ""}`);
  } else {
    setLiveText(status, "");
  }
  renderErrorBanner(bannerSlot, state.error, "No se pudieron descargar las preguntas",
    () => act("POST", "/api/trivia/start", undefined, { alert: false }));
}

function renderRanking(state) {
  const entries = Array.isArray(state.entries) ? state.entries.slice(0, TOP) : [];
  top.replaceChildren(...entries.map((entry) => rankingRow(entry)));
  top.hidden = entries.length === 0;
  topHeader.textContent = "Mejores puntuaciones";
  if (entries.length === 0) {
    topState.replaceChildren(emptyState("top-empty", "trophy", "Aún no hay puntuaciones",
      "Juega una partida y guarda tu puntuación para estrenar el ranking."));
  } else {
    topState.replaceChildren();
  }
}

subscribe("trivia", renderGame);
subscribe("ranking", renderRanking);
