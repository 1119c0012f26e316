// Partidos, "Adivina el ganador" (play.html?id=N): the match's title (phase and year), both
// teams with their flags, a button per team, the alert with the result, and then how the match
// went (`details`, which the server reveals only once this match has been answered).
// The model keeps one current match for every tab, as the exam's does: this page makes its
// match the current one when it opens and leaves it when going back.
import { act } from "../js/events.js";
import { el } from "../js/ui.js";
import { startGameDetail, renderResultLine, resultAlert } from "../js/game-pages.js";
import { renderFlag, flagSlot } from "./flag.js";

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

startGameDetail({
  app: "matches",
  listKey: "matches",
  subjectName: "este partido",
  errorTitle: "Problema con el servidor de partidos",
  findItem(state, id) {
    const row = (Array.isArray(state.matches) ? state.matches : []).find((m) => String(m.id) === id);
    const current = state.current && String(state.current.id) === id ? state.current : null;
    return row ? { ...row, details: current?.details ?? null } : current;
  },
  createDetail({ showAnswer }) {
    const phase = el("h2", { className: "detail-subject", id: "phase" });
    const sides = [1, 2].map((n) => {
      const flag = flagSlot("flag-slot");
      flag.id = `team${n}-flag`;
      const name = el("p", { className: "match-side-name", id: `team${n}-name` });
      const button = el("button", { type: "button", className: "btn", id: `team${n}` });
      button.addEventListener("click", () => answer(n, button));
      return { n, flag, name, button, side: el("div", { className: "match-side" }, flag, name) };
    });
    const resultLine = el("p", { className: "result-line", id: "last-result", hidden: true });
    const details = el("p", { className: "match-details", id: "details" });
    const detailsSection = el("section", { className: "match-details-section", id: "details-section", "aria-labelledby": "details-header", hidden: true },
      el("h3", { className: "section-header", id: "details-header", text: "Cómo fue" }), details);
    let current = null;
    let answering = false;
    let selected = false;
    let knownDetails = null; // kept once revealed, even if another tab picks another match

    async function answer(winner, button) {
      if (!current || answering) return;
      answering = true;
      const item = current;
      const result = await showAnswer(`${API}/${item.id}/check`, { winner }, (r) => {
        const name = item[`team${r.solution}`]?.name ?? "";
        return resultAlert(r.result, `Ganó ${name}.`);
      });
      answering = false;
      if (result) button.focus();
    }

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
        current = item;
        if (!selected && state.current?.id !== item.id) selectMatch(item.id);
        selected = true;
        phase.textContent = item.phase ?? "";
        document.title = `Adivina el ganador: ${item.team1?.name ?? ""} – ${item.team2?.name ?? ""} · Partidos · Adivina`;
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
});
