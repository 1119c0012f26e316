// Whether this browser plays in a classroom, known without loading the classroom's code: the
// server sets the marker cookie `adivina_clase=1` with the player's (see classroom-player.js).
// The game pages load classroom-player.js (and its countdown) only when the marker is there, so
// a single player's first visit downloads none of it.

const MARKER = "adivina_clase";

/** Whether the classroom's marker cookie is set. */
export function hasMarker() {
  return document.cookie.split(";").some((pair) => pair.trim() === `${MARKER}=1`);
}

/** Clears the marker: the page plays single-player from now on. */
export function forgetMarker() {
  document.cookie = `${MARKER}=; Path=/; SameSite=Strict; Max-Age=0`;
}

/** The classroom module (classroom-player.js) when the marker is set, else null. */
export async function classroomModule() {
  return hasMarker() ? import("./classroom-player.js") : null;
}
