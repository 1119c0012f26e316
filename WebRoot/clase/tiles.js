// The answer tiles of a class question, the same on the phones and on the projector: each option
// has a colour, a shape and a letter (A–F), so a player who cannot tell colours apart still can,
// and a screen reader says the letter and the text. True/false is two tiles, "Verdadero" and
// "Falso".
import { el, svg } from "../js/ui.js";
import { withMath } from "../js/tex-math.js";

const LETTERS = ["A", "B", "C", "D", "E", "F"];
const SHAPES = [
  ["triángulo", "polygon", { points: "12,3 22,21 2,21" }],
  ["rombo", "polygon", { points: "12,2 22,12 12,22 2,12" }],
  ["círculo", "circle", { cx: 12, cy: 12, r: 10 }],
  ["cuadrado", "rect", { x: 3, y: 3, width: 18, height: 18, rx: 2 }],
  ["estrella", "polygon", { points: "12,2 14.9,8.6 22,9.3 16.6,14 18.2,21 12,17.3 5.8,21 7.4,14 2,9.3 9.1,8.6" }],
  ["hexágono", "polygon", { points: "6.5,3 17.5,3 23,12 17.5,21 6.5,21 1,12" }],
];

/** The texts of the options of a question of `kind` (`options` as the server sends them). */
export function optionTexts(kind, options) {
  if (kind === "truefalse") return ["Verdadero", "Falso"];
  return (Array.isArray(options) ? options : []).map((option) => (typeof option === "string" ? option : String(option?.text ?? "")));
}

/** Whether a question of `kind` is answered with tiles (else with a field). */
export function hasTiles(kind) {
  return kind === "choice" || kind === "truefalse" || kind === "poll";
}

/** The letter of option `index` (0-based). */
export function letter(index) {
  return LETTERS[index] ?? String(index + 1);
}

/** The shape of option `index`: its name and an SVG of it, hidden from screen readers. */
function shape(index) {
  const [, tag, attributes] = SHAPES[index % SHAPES.length];
  const image = svg("svg", { class: "tile-shape", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" });
  image.append(svg(tag, attributes));
  return image;
}

/** The name of the shape of option `index` ("triángulo"…), for labels. */
export function shapeName(index) {
  return SHAPES[index % SHAPES.length][0];
}

/** The inside of a tile: shape, letter, text. */
function tileFace(index, text) {
  return [
    shape(index),
    el("span", { className: "tile-letter", "aria-hidden": "true", text: letter(index) }),
    withMath(el("span", { className: "tile-text" }), text),
  ];
}

/**
 * A tile: a `button` (tag) on a phone, a list item on the projector. `index` picks the colour,
 * the shape and the letter; the accessible name is "A: text".
 */
export function tile(tag, index, text, props = {}) {
  return el(tag, { className: `tile tile-${index % SHAPES.length}`, dataset: { index: String(index) }, ...props }, ...tileFace(index, text));
}

/** The projector's tiles of `texts` (not buttons: a list of the options). */
export function tileList(texts, id) {
  return el("ol", { className: "tiles", id, "aria-label": "Opciones" },
    ...texts.map((text, index) => tile("li", index, text, { "aria-label": `${letter(index)}: ${text}` })));
}
