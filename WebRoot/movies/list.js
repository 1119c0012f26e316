// Películas: the list of films, each with its poster and name; each opens its question.
// Renders only the `movies` snapshot that arrives over SSE.
import { el, imageBox, setImage } from "../js/ui.js";
import { startGameList, gameRow, answeredBadge } from "../js/game-pages.js";

startGameList({
  app: "movies",
  listKey: "movies",
  title: {
    header: "Películas",
    plural: "películas",
    right: (n) => `${n} acertada${n === 1 ? "" : "s"}`,
    error: "No se pudieron descargar las películas",
    loading: "Descargando películas…",
    empty: "No hay películas",
    symbol: "film",
  },
  createRow(movie) {
    const poster = imageBox("", "film");
    const name = el("p", { className: "game-title" });
    const badge = answeredBadge("Acertada");
    const li = gameRow(movie, { className: "movie-row", leading: poster, main: [name], badge });
    return {
      li,
      update(item) {
        name.textContent = item.name ?? "";
        setImage(poster, item.image, `Cartel de ${item.name ?? "la película"}`);
        badge.hidden = !item.answeredRight;
      },
    };
  },
});
