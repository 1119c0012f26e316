// What the Trivia pages share: the API base, starting a game, and the rows of the ranking.
import { act } from "../js/events.js";
import { el } from "../js/ui.js";

export const API = "/api/trivia";

const dateFormat = new Intl.DateTimeFormat("es-ES", { dateStyle: "medium", timeStyle: "short" });

/** "22 nov 2026, 1:10" for an ISO 8601 date, or "" if it cannot be read. */
export function formatDate(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/** "1 acierto", "7 aciertos". */
export function hits(count) {
  return `${count} acierto${count === 1 ? "" : "s"}`;
}

/**
 * Starts a new game unless one is being played (`state` is the latest `trivia` snapshot).
 * Resolves to false if it failed: the snapshot's error, shown in a banner, says why.
 */
export async function ensureGame(state) {
  if (state && (state.phase === "playing" || state.loading)) return true;
  const url = state && state.phase === "finished" ? `${API}/restart` : `${API}/start`;
  return (await act("POST", url, undefined, { alert: false })) !== null;
}

/** One line of the ranking: position (a medal for the first three), name, date and score. */
export function rankingRow(entry, { mine = false } = {}) {
  const position = Number(entry.position) || 0;
  const medal = position >= 1 && position <= 3;
  const score = Number(entry.score) || 0;
  const name = String(entry.name ?? "");
  const date = formatDate(entry.date);
  return el("li", {
    className: `row rank-row${mine ? " mine" : ""}`,
    dataset: { position: String(position), date: String(entry.date ?? "") },
  },
  el("span", { className: `rank-pos${medal ? ` medal pos-${position}` : ""}` },
    el("span", { className: "visually-hidden", text: "Puesto " }), String(position)),
  el("div", { className: "row-main" },
    el("span", { className: "rank-name", text: name }),
    date ? el("span", { className: "rank-date", text: date }) : null),
  el("span", { className: "rank-score tnum" },
    String(score), el("small", { text: score === 1 ? "acierto" : "aciertos" })));
}
