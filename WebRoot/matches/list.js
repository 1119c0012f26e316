// Partidos: the World Cup knockout matches (phase, both teams with their flags); each opens the
// game screen. Renders only the `matches` snapshot that arrives over SSE.
import { el } from "../js/ui.js";
import { startGameList, gameRow, answeredBadge } from "../js/game-pages.js";
import { renderFlag, flagSlot } from "./flag.js";

startGameList({
  app: "matches",
  listKey: "matches",
  title: {
    header: "Partidos",
    plural: "partidos",
    right: (n) => `${n} acertado${n === 1 ? "" : "s"}`,
    error: "No se pudieron descargar los partidos",
    loading: "Descargando partidos…",
    empty: "No hay partidos",
    symbol: "soccerball",
  },
  createRow(match) {
    const phase = el("p", { className: "game-caption" });
    const sides = [1, 2].map(() => {
      const flag = flagSlot();
      const name = el("span", { className: "team-name" });
      return { flag, name, line: el("span", { className: "team-line" }, flag, name) };
    });
    const badge = answeredBadge("Acertado");
    const li = gameRow(match, {
      className: "match-row",
      main: [phase, el("span", { className: "match-teams" }, ...sides.map((s) => s.line))],
      badge,
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
        badge.hidden = !item.answeredRight;
      },
    };
  },
});
