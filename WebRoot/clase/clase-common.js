// Pieces shared by the host's page and the projector's leaderboard.
import { act } from "../js/events.js";
import { el, sym } from "../js/ui.js";

export const GAME_NAMES = { quizzes: "Quizzes", trivia: "Trivia" };

/** "1 punto" / "3 puntos". */
export function points(score) {
  return `${score} punto${score === 1 ? "" : "s"}`;
}

/** A green tick for a player who has answered the current question, an empty ring otherwise. */
export function answeredTick(answered) {
  const label = answered ? "ha respondido" : "aún no ha respondido";
  return answered
    ? el("span", { className: "tick-box" }, sym("checkmark-circle-fill", "tick"), el("span", { className: "visually-hidden", text: label }))
    : el("span", { className: "tick-box" }, el("span", { className: "tick pending", "aria-hidden": "true" }), el("span", { className: "visually-hidden", text: label }));
}

/**
 * Fills `link` with the room's join URL and shows `image` with its QR code when the server
 * draws one (`/api/classroom/qr.svg`); without it the big link is enough.
 */
export async function showJoinLink(link, image) {
  const info = await act("GET", "/api/classroom/info");
  if (info && typeof info.joinURL === "string") {
    link.href = info.joinURL;
    link.textContent = info.joinURL;
  }
  try {
    const response = await fetch("/api/classroom/qr.svg", { method: "HEAD" });
    if (response.ok) {
      image.src = "/api/classroom/qr.svg";
      image.hidden = false;
    }
  } catch {
    // No QR code: the link stays.
  }
}

/**
 * What a player's row shows beside the score while a round is playing: host-paced, whether
 * they answered the current question; self-paced, how far they are (and a tick at the end).
 */
export function roundMarks(player, state) {
  if (state.phase !== "playing") return [];
  if (!state.selfPaced) return [answeredTick(player.answered)];
  return [
    el("span", { className: "player-progress", text: `${player.progress}/${state.total}` }),
    answeredTick(player.answered),
  ];
}
