// The ranking (topic `ranking`, shared by every player): position, name, date and score, live in
// every open tab when anybody saves. `?saved=<date>` marks the entry this browser just saved.
import { subscribe } from "../js/events.js";
import { renderErrorBanner, loadingRow, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { rankingRow } from "./trivia-common.js";

const navbar = document.getElementById("navbar");
const list = document.getElementById("ranking");
const listState = document.getElementById("ranking-state");
const header = document.getElementById("ranking-header");
const bannerSlot = document.getElementById("banner-slot");
const savedDate = new URLSearchParams(location.search).get("saved") ?? "";

let scrolledToMine = false;
let known = null; // dates of the entries already shown, to mark the ones that arrive live

setupNavBar(navbar);
listState.replaceChildren(loadingRow("Conectando…"));

function render(state) {
  const entries = Array.isArray(state.entries) ? state.entries : [];
  const total = Number(state.total) || 0;
  const rows = entries.map((entry) => {
    const row = rankingRow(entry, { mine: savedDate !== "" && entry.date === savedDate });
    if (known && !known.has(entry.date)) row.classList.add("new");
    return row;
  });
  list.replaceChildren(...rows);
  known = new Set(entries.map((entry) => entry.date));
  list.hidden = entries.length === 0;
  header.textContent = total === 0 ? "Puntuaciones"
    : total > entries.length ? `Las ${entries.length} mejores de ${total} puntuaciones`
    : `${total} puntuaci${total === 1 ? "ón" : "ones"}`;

  renderErrorBanner(bannerSlot, state.error, "Problema con el ranking");
  if (entries.length === 0) {
    if (!listState.querySelector("#empty")) listState.replaceChildren(emptyState("empty", "trophy", "Aún no hay puntuaciones",
      "Juega una partida y guarda tu puntuación: aparecerá aquí al momento.",
      { text: "Play Trivia", href: "play.html" }));
  } else {
    listState.replaceChildren();
  }
  const mine = list.querySelector(".mine");
  if (mine && !scrolledToMine) {
    scrolledToMine = true;
    mine.scrollIntoView({ block: "center" });
  }
}

subscribe("ranking", render);
