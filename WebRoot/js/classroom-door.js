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

const ATTEMPTS = 3; // a dropped request on the classroom's Wi-Fi gets two more tries
const RETRY_MS = 800;

/**
 * The classroom module (classroom-player.js) when the marker is set, else null. If it cannot be
 * loaded (three tries), says so in an alert and resolves to null: the page plays single-player,
 * and the class's routes refuse it with their own message.
 */
export async function classroomModule() {
  if (!hasMarker()) return null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await import("./classroom-player.js");
    } catch {
      if (attempt === ATTEMPTS) break;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  const { showAlert } = await import("./ui.js");
  showAlert({ title: "No se pudo cargar la clase", message: "Comprueba la conexión y recarga la página." });
  return null;
}
