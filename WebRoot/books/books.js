// Libros (exam June 2024): both pages, drawn by js/list-game.js. The list: the book names, each
// opening the question about it. The detail, "Respuesta sobre:" a book (play.html?id=N): the book,
// its question, both answers with their pictures, a button for each, and the alert saying whether
// the choice was right.
import { el, sym, imageBox, setImage } from "../js/ui.js";
import { startListGame, gameRow, renderResultLine, resultAlert } from "../js/list-game.js";

startListGame({
  app: "books",
  name: "Libros",
  list: {
    plural: "libros",
    right: (n) => `${n} acertado${n === 1 ? "" : "s"}`,
    error: "No se pudieron descargar los libros",
    loading: "Descargando libros…",
    empty: "No hay libros",
    symbol: "book",
    reloadLabel: "Descargar las preguntas otra vez",
    footer: "Toca un libro para responder a su pregunta.",
    createRow(book) {
      const name = el("p", { className: "game-title" });
      const question = el("p", { className: "game-caption clamped" });
      const li = gameRow(book, {
        leading: el("span", { className: `icon-tile tone-${Math.abs(Number(book.id) || 0) % 6}`, "aria-hidden": "true" }, sym("book")),
        main: [name, question],
      });
      return {
        li,
        update(item) {
          name.textContent = item.book ?? "";
          question.textContent = item.question ?? "";
        },
      };
    },
  },
  detail: {
    heading: "Respuesta sobre:",
    subject: (book) => book.book ?? "",
    subjectName: "este libro",
    errorTitle: "Problema con el servidor de libros",
    createDetail({ answer }) {
      const book = el("h2", { className: "detail-subject", id: "book" });
      const question = el("p", { className: "detail-question", id: "question" });
      const resultLine = el("p", { className: "result-line", id: "last-result", hidden: true });

      const choices = [1, 2].map((choice) => {
        const image = imageBox("choice-image", "photo");
        image.id = `answer${choice}-image`;
        const button = el("button", { type: "button", className: "btn", id: `answer${choice}` });
        const card = el("div", { className: "choice" }, image, button);
        button.addEventListener("click", () => answer("answer", { choice }, {
          focus: button,
          alert: (r, item) => {
            const right = item[`answer${r.solution}`]?.answer ?? "";
            return resultAlert(r.result, r.result ? `«${right}» es la respuesta correcta.` : `La respuesta correcta era «${right}».`);
          },
        }));
        // The picture is part of the choice too (a tap on it answers); the button is the keyboard's way.
        image.addEventListener("click", () => button.click());
        return { choice, image, button, card };
      });

      const root = el("div", { className: "detail has-columns", id: "play" },
        book, question,
        el("div", { className: "choices detail-media", role: "group", "aria-label": "Respuestas" }, ...choices.map((c) => c.card)),
        resultLine);

      return {
        root,
        update(item, state) {
          book.textContent = item.book ?? "";
          question.textContent = item.question ?? "";
          for (const c of choices) {
            const option = item[`answer${c.choice}`] ?? {};
            c.button.textContent = option.answer ?? "";
            setImage(c.image, option.photo, `Imagen de la respuesta ${c.choice}: ${option.answer ?? ""}`);
          }
          const last = renderResultLine(resultLine, item, state, (r) => {
            const chosen = item[`answer${r.answer}`]?.answer ?? "";
            return r.result ? `Elegiste «${chosen}»: correcto.` : `Elegiste «${chosen}»: no es la respuesta.`;
          });
          for (const c of choices) {
            const chosen = Boolean(last) && last.answer === c.choice;
            c.card.classList.toggle("chosen", chosen);
            c.card.classList.toggle("right", chosen && last.result);
            c.card.classList.toggle("wrong", chosen && !last.result);
          }
        },
      };
    },
  },
});
