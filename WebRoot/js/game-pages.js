// The list and detail pages of the list games (Libros, Partidos, Películas). Each app supplies
// how one row and one detail screen look; this module does the rest the same way for all three:
// it renders only the `<app>` snapshot that arrives over SSE, keeps the score capsule in the
// navigation bar live, shows the error banner with "Reintentar", the progress while the list
// downloads, and the alert after an answer (once the snapshot with that answer has arrived, so
// the score behind the alert is already the new one).
//
//   startGameList({app, listKey, title, createRow})                        the list page
//   startGameDetail({app, listKey, subjectName, errorTitle, createDetail,
//                    findItem})                                              the detail page (?id=N)
import { subscribe, act } from "./events.js";
import { el, sym, setupNavBar, setCounter, loadingRow, showLoading, showAlert, renderErrorBanner, renderReloadButton, syncRows, backToList } from "./ui.js";

const SNAPSHOT_WAIT_MS = 1500;

/** Shows the number of right answers in the bar's score capsule (`#score`), bumping it when it grows. */
function renderScore(score) {
  setCounter(document.getElementById("score"), score ?? 0);
}

/** Asks the server for the list again; a failure arrives as the snapshot's error. */
function reload(app) {
  return act("POST", `/api/${app}/reload`, undefined, { alert: false });
}

/** Shows a row of a list game; the row itself says whether its item was answered right. */
function updateRow(row, item) {
  row.update(item);
  row.li.classList.toggle("answered", Boolean(item.answeredRight));
}

/** The "Acertado" badge of a row; `update` shows it when the item was answered right. */
export function answeredBadge(text) {
  return el("span", { className: "badge-right", hidden: true }, sym("checkmark-circle-fill"), el("span", { text }));
}

/** A row of a list game: `leading`, a link to the detail filling the row, and the trailing badge and chevron. */
export function gameRow(item, { className = "", leading = null, label, main, badge }) {
  const link = el("a", { className: "row-link row-stretch", href: `play.html?id=${encodeURIComponent(item.id)}`, "aria-label": label }, ...main);
  return el("li", { className: `row game-row ${className}`.trim(), dataset: { id: String(item.id) } },
    leading,
    el("div", { className: "row-main" }, link),
    el("div", { className: "game-row-trailing" }, badge, sym("chevron-right", "disclosure")));
}

/**
 * The list page. `createRow(item)` returns `{li, update(item)}`; the page element ids are
 * `navbar`, `reload`, `score`, `banner-slot`, `items`, `list-header`, `list-state`.
 * `title` names things in Spanish: {plural: "libros", error: "No se pudieron descargar los libros",
 * loading: "Descargando libros…", empty: "No hay libros", right: (n) => "3 acertados"}.
 */
export function startGameList({ app, listKey, title, createRow }) {
  const navbar = document.getElementById("navbar");
  const reloadButton = document.getElementById("reload");
  const bannerSlot = document.getElementById("banner-slot");
  const list = document.getElementById("items");
  const listHeader = document.getElementById("list-header");
  const listState = document.getElementById("list-state");
  const rows = new Map();

  setupNavBar(navbar);
  listState.replaceChildren(loadingRow("Conectando…"));
  reloadButton.addEventListener("click", () => reload(app));

  subscribe(app, (state) => {
    const items = Array.isArray(state[listKey]) ? state[listKey] : [];
    renderScore(state.score);

    renderReloadButton(reloadButton, state.loading);
    renderErrorBanner(bannerSlot, state.error, title.error, () => reload(app));
    syncRows(list, rows, items, createRow, updateRow);
    list.hidden = items.length === 0;
    list.setAttribute("aria-busy", state.loading ? "true" : "false");
    const right = items.filter((item) => item.answeredRight).length;
    listHeader.textContent = items.length === 0 ? title.header : `${items.length} ${title.plural} · ${title.right(right)}`;

    if (state.loading) {
      showLoading(listState, title.loading, "progress");
    } else if (items.length === 0 && !state.error) {
      if (listState.querySelector("#empty")) return; // keeps the keyboard focus on its button
      listState.replaceChildren(el("div", { className: "empty", id: "empty" },
        sym(title.symbol),
        el("p", { className: "empty-title", text: title.empty }),
        el("p", { className: "empty-message", text: "El servidor no ha mandado ninguno. Prueba a descargarlos otra vez." }),
        el("button", { type: "button", className: "btn btn-tinted", text: "Descargar otra vez", onclick: () => reload(app) })));
    } else {
      listState.replaceChildren();
    }
  });
}

/**
 * The detail page of the item `?id=N`. `createDetail({showAnswer})` returns
 * `{root, update(item, state), leave?()}`: `root` is shown once the item is in a snapshot,
 * `update` runs on every snapshot after, `leave` when the back button is used.
 * `showAnswer(url, body, alertFor)` (passed to `createDetail`) posts an answer and shows the
 * alert `alertFor(result)` once the snapshot with it has arrived; it resolves when the alert
 * is closed. `findItem(state, id)` may pick the item elsewhere in the snapshot (Partidos).
 */
export function startGameDetail({ app, listKey, subjectName, errorTitle, createDetail, findItem }) {
  const id = new URLSearchParams(location.search).get("id") ?? "";
  const navbar = document.getElementById("navbar");
  const screen = document.getElementById("screen");
  const bannerSlot = document.getElementById("banner-slot");
  const back = document.getElementById("back");
  let lastSequence = 0;
  let waiters = [];

  /** Resolves once a snapshot has shown the answer number `sequence`, or after a short wait. */
  function snapshotWithAnswer(sequence) {
    if (lastSequence >= sequence) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { sequence, resolve };
      waiters.push(waiter);
      setTimeout(() => {
        waiters = waiters.filter((w) => w !== waiter);
        resolve();
      }, SNAPSHOT_WAIT_MS);
    });
  }

  async function showAnswer(url, body, alertFor) {
    const result = await act("POST", url, body);
    if (!result) return null;
    if (typeof result.sequence === "number") await snapshotWithAnswer(result.sequence);
    await showAlert(alertFor(result));
    return result;
  }

  const detail = createDetail({ showAnswer });
  setupNavBar(navbar);
  screen.replaceChildren(loadingRow("Conectando…"));

  // Back goes back in history when we came from the list, so its scroll position survives.
  backToList(back, () => detail.leave?.());

  function notFound() {
    if (screen.querySelector("#not-found")) return; // drawn once: keeps the keyboard focus
    screen.replaceChildren(el("div", { className: "empty", id: "not-found" },
      sym("questionmark"),
      el("p", { className: "empty-title", text: `No encuentro ${subjectName}` }),
      el("p", { className: "empty-message", text: "Puede que el servidor haya mandado otra lista. Vuelve a la lista para elegir otro." }),
      el("a", { className: "btn btn-tinted", href: "./", text: "Volver a la lista" })));
  }

  subscribe(app, (state) => {
    renderScore(state.score);
    renderErrorBanner(bannerSlot, state.error, errorTitle, () => reload(app));
    const sequence = state.lastResult?.sequence ?? 0;
    if (sequence) lastSequence = sequence; // a restarted server counts from 1 again
    const ready = waiters.filter((w) => w.sequence <= lastSequence);
    waiters = waiters.filter((w) => w.sequence > lastSequence);
    ready.forEach((w) => w.resolve());

    const items = Array.isArray(state[listKey]) ? state[listKey] : [];
    const item = findItem ? findItem(state, id) : items.find((i) => String(i.id) === id);
    if (!item) {
      if (state.loading || (items.length === 0 && state.error)) {
        if (state.loading) {
          showLoading(screen, "Descargando…", "progress");
        } else {
          screen.replaceChildren();
        }
      } else {
        notFound();
      }
      return;
    }
    if (!detail.root.isConnected) screen.replaceChildren(detail.root);
    detail.update(item, state);
  });
}

/** The result line under the buttons for `state.lastResult` if it is about `item`, else hidden. */
export function renderResultLine(line, item, state, describe) {
  const last = state.lastResult;
  if (!last || String(last.id) !== String(item.id)) {
    line.hidden = true;
    return null;
  }
  line.hidden = false;
  line.className = `result-line ${last.result ? "good" : "bad"}`;
  line.replaceChildren(sym(last.result ? "checkmark-circle-fill" : "xmark-circle-fill"), el("span", { text: describe(last) }));
  return last;
}

/** The alert after an answer: "¡Correcto!" or "Incorrecto" with `message`. */
export function resultAlert(right, message) {
  return right
    ? { title: "¡Correcto!", message, icon: { name: "checkmark-circle-fill", tone: "good" } }
    : { title: "Incorrecto", message, icon: { name: "xmark-circle-fill", tone: "bad" } };
}
