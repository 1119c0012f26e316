// Libros: the list of book names; each opens the question about it. Renders only the `books`
// snapshot that arrives over SSE.
import { el, sym } from "../js/ui.js";
import { startGameList, gameRow, answeredBadge } from "../js/game-pages.js";

startGameList({
  app: "books",
  listKey: "books",
  title: {
    header: "Libros",
    plural: "libros",
    right: (n) => `${n} acertado${n === 1 ? "" : "s"}`,
    error: "No se pudieron descargar los libros",
    loading: "Descargando libros…",
    empty: "No hay libros",
    symbol: "book",
  },
  createRow(book) {
    const name = el("p", { className: "game-title" });
    const question = el("p", { className: "game-caption clamped" });
    const badge = answeredBadge("Acertado");
    const li = gameRow(book, {
      leading: el("span", { className: `icon-tile tone-${Math.abs(Number(book.id) || 0) % 6}`, "aria-hidden": "true" }, sym("book")),
      main: [name, question],
      badge,
    });
    return {
      li,
      update(item) {
        name.textContent = item.book ?? "";
        question.textContent = item.question ?? "";
        badge.hidden = !item.answeredRight;
      },
    };
  },
});
