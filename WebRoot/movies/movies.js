// Películas: both pages, drawn by js/list-game.js. The list: the films, each with its poster and
// name. The detail, "Responde:" (play.html?id=N): the film's name, poster and yes/no question with
// "Sí" and "No", then the alert with the result. While the alert is up the poster goes almost
// grey (CSS filter saturate(0.2), animated by a transition) and it comes back to full colour,
// animated, when the alert closes: the web's `.saturation(…)` with `.animation(…)`.
import { el, imageBox, setImage } from "../js/ui.js";
import { startListGame, gameRow, renderResultLine, resultAlert } from "../js/list-game.js";

const yesNo = (answer) => (answer ? "Sí" : "No");

startListGame({
  app: "movies",
  name: "Películas",
  list: {
    plural: "películas",
    right: (n) => `${n} acertada${n === 1 ? "" : "s"}`,
    error: "No se pudieron descargar las películas",
    loading: "Descargando películas…",
    empty: "No hay películas",
    symbol: "film",
    reloadLabel: "Descargar las películas otra vez",
    footer: "Toca una película para responder a su pregunta.",
    createRow(movie) {
      const poster = imageBox("", "film");
      const name = el("p", { className: "game-title" });
      const li = gameRow(movie, { className: "movie-row", leading: poster, main: [name], badge: "Acertada" });
      return {
        li,
        update(item) {
          name.textContent = item.name ?? "";
          setImage(poster, item.image, `Cartel de ${item.name ?? "la película"}`);
        },
      };
    },
  },
  detail: {
    heading: "Responde:",
    subject: (movie) => movie.name ?? "",
    subjectName: "esta película",
    errorTitle: "Problema con el servidor de películas",
    createDetail({ answer }) {
      const name = el("h2", { className: "detail-subject", id: "name" });
      const poster = imageBox("poster detail-media", "film");
      poster.id = "poster";
      const question = el("p", { className: "detail-question", id: "question" });
      const yes = el("button", { type: "button", className: "btn", id: "yes", text: "Sí" });
      const no = el("button", { type: "button", className: "btn", id: "no", text: "No" });
      const resultLine = el("p", { className: "result-line", id: "last-result", hidden: true });

      for (const [button, value] of [[yes, true], [no, false]]) {
        button.addEventListener("click", () => answer("answer", { answer: value }, {
          focus: button,
          alert: (r) => {
            poster.classList.add("desaturated");
            return resultAlert(r.result, r.result
              ? `«${yesNo(r.answer)}» es la respuesta correcta.`
              : `La respuesta correcta era «${yesNo(r.solution)}».`);
          },
          closed: () => poster.classList.remove("desaturated"),
        }));
      }

      const root = el("div", { className: "detail has-columns poster-first", id: "play" },
        name, poster, question,
        el("div", { className: "btn-row", role: "group", "aria-label": "Respuesta" }, yes, no),
        resultLine);

      return {
        root,
        update(item, state) {
          name.textContent = item.name ?? "";
          question.textContent = item.question ?? "";
          setImage(poster, item.image, `Cartel de ${item.name ?? "la película"}`);
          renderResultLine(resultLine, item, state, (r) =>
            `Respondiste «${yesNo(r.answer)}»: ${r.result ? "correcto" : "no es la respuesta"}.`);
        },
      };
    },
  },
});
