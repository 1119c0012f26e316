// Pieces shared by the host's page and the projector's leaderboard.
import { act } from "../js/events.js";
import { el } from "../js/ui.js";

export const GAME_NAMES = { quizzes: "Quizzes", trivia: "Trivia" };

/** The players still with the class (an away one keeps their points but is left out). */
export function present(players) {
  return (Array.isArray(players) ? players : []).filter((player) => player.away !== true);
}

/**
 * Whether a player has answered the current question: a filled dot or an empty ring, both in
 * the tint colour — never a tick or a cross, which a class reads as right or wrong.
 */
export function answeredMark(answered) {
  return el("span", { className: `answered-mark${answered ? " done" : ""}` },
    el("span", { className: "answered-dot", "aria-hidden": "true" }),
    el("span", { className: "visually-hidden", text: answered ? "ha respondido" : "aún no ha respondido" }));
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
  if (!state.selfPaced) return [answeredMark(player.answered)];
  return [
    el("span", { className: "player-progress", text: `${player.progress}/${state.total}` }),
    answeredMark(player.answered),
  ];
}
