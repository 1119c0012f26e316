// A team's flag for the Partidos pages: the flag's picture (with a placeholder while it loads),
// or a neutral badge with the first letters of the name when the data has no flag.
import { el, imageBox, setImage } from "../js/ui.js";

/** The first three letters of `name`, without accents, for the badge of a team without a flag. */
function initials(name) {
  return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase();
}

/** Shows `team`'s flag in `slot` (a span); `size` is "" or "large". Nothing is redrawn if unchanged. */
export function renderFlag(slot, team, size = "") {
  const name = team?.name ?? "";
  const flag = typeof team?.flag === "string" && team.flag ? team.flag : "";
  const key = flag || `none:${name}`;
  if (slot.dataset.key === key) return;
  slot.dataset.key = key;
  if (flag) {
    const box = imageBox(`flag ${size}`.trim(), "flag-checkered");
    setImage(box, flag, `Bandera de ${name}`);
    slot.replaceChildren(box);
  } else {
    slot.replaceChildren(el("span", {
      className: `flag flag-none ${size}`.trim(),
      role: "img",
      "aria-label": `${name} (sin bandera)`,
      title: "Sin bandera",
      text: initials(name) || "?",
    }));
  }
}

/** A span that `renderFlag` fills. */
export function flagSlot(className = "flag-slot") {
  return el("span", { className });
}
