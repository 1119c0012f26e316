// Partidos (exam Dec 2022): both pages, drawn by js/list-game.js. The list: the World Cup
// knockout matches (phase, both teams with their flags). The detail, "Adivina el ganador"
// (play.html?id=N): the match's title (phase and year), both teams with their flags, a button per
// team, the alert with the result, and then how the match went (`details`, which the server
// reveals only once this match has been answered).
// The model keeps one current match for every tab, as the exam's does: the detail makes its
// match the current one when it opens and leaves it when going back.
import { act } from "../js/events.js";
import { el, imageBox, setImage } from "../js/ui.js";
import { startListGame, gameRow, renderResultLine, resultAlert } from "../js/list-game.js";

// A team's flag: the flag's picture (with a placeholder while it loads),
// or a neutral badge with the first letters of the name when the data has no flag.

/** The first three letters of `name`, without accents, for the badge of a team without a flag. */
function initials(name) {
  return name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase();
}

/** Shows `team`'s flag in `slot` (a span); `size` is "" or "large". Nothing is redrawn if unchanged. */
function renderFlag(slot, team, size = "") {
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
function flagSlot(className = "flag-slot") {
  return el("span", { className });
}

const API = "/api/matches";

/** Makes `id` (or none, with null) the current match; a failure shows in the banner. */
function selectMatch(id, { keepalive = false } = {}) {
  if (keepalive) {
    fetch(`${API}/current`, {
      method: "PUT",
      keepalive: true,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id }),
    }).catch(() => {});
    return null;
  }
  return act("PUT", `${API}/current`, { id }, { alert: false });
}

startListGame({
  app: "matches",
  name: "Partidos",
  list: {
    plural: "partidos",
    right: (n) => `${n} acertado${n === 1 ? "" : "s"}`,
    error: "No se pudieron descargar los partidos",
    loading: "Descargando partidos…",
    empty: "No hay partidos",
    symbol: "soccerball",
    reloadLabel: "Descargar los partidos otra vez",
    footer: "Toca un partido para adivinar quién lo ganó.",
    createRow(match) {
      const phase = el("p", { className: "game-caption" });
      const sides = [1, 2].map(() => {
        const flag = flagSlot();
        const name = el("span", { className: "team-name" });
        return { flag, name, line: el("span", { className: "team-line" }, flag, name) };
      });
      const li = gameRow(match, {
        className: "match-row",
        main: [phase, el("span", { className: "match-teams" }, ...sides.map((s) => s.line))],
      });
      const link = li.querySelector("a");
      return {
        li,
        update(item) {
          phase.textContent = item.phase ?? "";
          [item.team1, item.team2].forEach((team, index) => {
            sides[index].name.textContent = team?.name ?? "";
            renderFlag(sides[index].flag, team);
          });
          link.setAttribute("aria-label", `${item.phase ?? ""}: ${item.team1?.name ?? ""} contra ${item.team2?.name ?? ""}`);
        },
      };
    },
  },
  detail: {
    heading: "Adivina el ganador",
    subject: (match) => `${match.team1?.name ?? ""} – ${match.team2?.name ?? ""}`,
    subjectName: "este partido",
    errorTitle: "Problema con el servidor de partidos",
    findItem(state, id) {
      const row = (Array.isArray(state.matches) ? state.matches : []).find((m) => String(m.id) === id);
      const current = state.current && String(state.current.id) === id ? state.current : null;
      return row ? { ...row, details: current?.details ?? null } : current;
    },
    createDetail({ answer }) {
      const phase = el("h2", { className: "detail-subject", id: "phase" });
      const sides = [1, 2].map((n) => {
        const flag = flagSlot("flag-slot");
        flag.id = `team${n}-flag`;
        const name = el("p", { className: "match-side-name", id: `team${n}-name` });
        const button = el("button", { type: "button", className: "btn", id: `team${n}` });
        button.addEventListener("click", () => answer("check", { winner: n }, {
          focus: button,
          alert: (r, item) => resultAlert(r.result, `Ganó ${item[`team${r.solution}`]?.name ?? ""}.`),
        }));
        return { n, flag, name, button, side: el("div", { className: "match-side" }, flag, name) };
      });
      const resultLine = el("p", { className: "result-line", id: "last-result", hidden: true });
      const details = el("p", { className: "match-details", id: "details" });
      const detailsSection = el("section", { className: "match-details-section", id: "details-section", "aria-labelledby": "details-header", hidden: true },
        el("h3", { className: "section-header", id: "details-header", text: "Cómo fue" }), details);
      let selected = false;
      let knownDetails = null; // kept once revealed, even if another tab picks another match

      const root = el("div", { className: "detail narrow", id: "play" },
        phase,
        el("div", { className: "match-card" }, sides[0].side, el("span", { className: "match-versus", text: "contra" }), sides[1].side),
        el("p", { className: "detail-prompt", id: "prompt", text: "¿Quién ganó?" }),
        el("div", { className: "btn-row", role: "group", "aria-labelledby": "prompt" }, ...sides.map((s) => s.button)),
        resultLine,
        detailsSection);

      addEventListener("pageshow", (event) => {
        if (event.persisted) selected = false;
      });

      return {
        root,
        leave() {
          if (selected) selectMatch(null, { keepalive: true });
        },
        update(item, state) {
          if (!selected && state.current?.id !== item.id) selectMatch(item.id);
          selected = true;
          phase.textContent = item.phase ?? "";
          for (const s of sides) {
            const team = item[`team${s.n}`];
            s.name.textContent = team?.name ?? "";
            s.button.textContent = team?.name ?? "";
            renderFlag(s.flag, team, "large");
          }
          renderResultLine(resultLine, item, state, (r) => {
            const chosen = item[`team${r.answer}`]?.name ?? "";
            return r.result ? `Elegiste ${chosen}: acertaste.` : `Elegiste ${chosen}, pero no ganó.`;
          });
          if (typeof item.details === "string" && item.details) knownDetails = item.details;
          detailsSection.hidden = !knownDetails;
          details.textContent = knownDetails ?? "";
        },
      };
    },
  },
});
