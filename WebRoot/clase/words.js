// How the class's screens say points and places (a module of its own: the phone loads it without
// the host's and the projector's pieces in clase-common.js).

/** Points with a thousands separator when they need one: "1 punto", "3699 puntos", "12.500 puntos". */
export function pointsText(score) {
  return `${Number(score).toLocaleString("es-ES")} punto${score === 1 ? "" : "s"}`;
}

/** A place as Spanish writes it: "1.º", "2.º". */
export function ordinal(place) {
  return `${place}.º`;
}
