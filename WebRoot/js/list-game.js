// The list games (Libros, Partidos, Películas): both pages of each, from this one module. An
// app's pages are thin HTML shells (their <title>, style sheets and the app's module); the app's
// module calls `startListGame` with what really differs: its names, how one row and one detail
// screen look. This module draws the rest the same way for all three: the navigation bar with the
// live score capsule, the list with its header and footer, the error banner with "Reintentar", the
// progress while the list downloads, and the alert after an answer (once the snapshot with that
// answer has arrived, so the score behind the alert is already the new one). It renders only the
// `<app>` snapshot that arrives over SSE.
//
//   startListGame({app, name, list: {…, createRow}, detail: {…, createDetail}})
//     index.html is the list, play.html?id=N the detail of item N.
import { subscribe, act } from "./events.js";
import { navigationBar, setupNavBar } from "./navbar.js";
import { el, sym, setCounter, loadingRow, showLoading, showAlert, renderErrorBanner, renderReloadButton, syncRows, backToList, emptyState } from "./ui.js";

const SNAPSHOT_WAIT_MS = 1500;

/** Shows the number of right answers in the bar's score capsule (`#score`), bumping it when it grows. */
function renderScore(score) {
  setCounter(document.getElementById("score"), score ?? 0);
}

/** Asks the server for the list again; a failure arrives as the snapshot's error. */
function reload(app) {
  return act("POST", `/api/${app}/reload`, undefined, { alert: false });
}

/** Shows a row of a list game, with its "Acertado" badge when its item was answered right. */
function updateRow(row, item) {
  row.update(item);
  row.li.classList.toggle("answered", Boolean(item.answeredRight));
  row.li.querySelector(".badge-right").hidden = !item.answeredRight;
}

/**
 * A row of a list game: `leading`, a link to the detail filling the row, and the trailing
 * badge (its text `badge`, shown when the item was answered right) and chevron.
 */
export function gameRow(item, { className = "", leading = null, label, main, badge = "Acertado" }) {
  const link = el("a", { className: "row-link row-stretch", href: `play.html?id=${encodeURIComponent(item.id)}`, "aria-label": label }, ...main);
  return el("li", { className: `row game-row ${className}`.trim(), dataset: { id: String(item.id) } },
    leading,
    el("div", { className: "row-main" }, link),
    el("div", { className: "game-row-trailing" },
      el("span", { className: "badge-right", hidden: true }, sym("checkmark-circle-fill"), el("span", { text: badge })),
      sym("chevron-right", "disclosure")));
}

/**
 * Starts the page this is: the list (index.html) or the detail of `?id=N` (play.html). `app` is
 * the API's name (`/api/<app>/…`, the snapshot's list under the same key), `name` the app's
 * Spanish name (the list's title, the detail's back button); `list` and `detail` are what
 * `startList` and `startDetail` take.
 */
export function startListGame({ app, name, list, detail }) {
  if (location.pathname.endsWith("/play.html")) startDetail({ app, name, ...detail });
  else startList({ app, name, ...list });
}

/** The navigation bar (js/navbar.js): a back link, the small title, the score capsule and `trailing`. */
function gameBar(back, title, ...trailing) {
  return navigationBar("navbar large", back, el("div", { className: "navbar-title", "aria-hidden": "true", text: title }),
    el("span", { className: "score-pill stat", title: "Aciertos" },
      sym("checkmark-circle-fill"), el("span", { className: "stat-value", id: "score" }), el("span", { className: "score-label", text: " aciertos" })),
    ...trailing);
}

/** The page's content: the large title, the banner's slot and `children`. */
function content(heading, ...children) {
  return el("main", { className: "content" }, el("div", { className: "navbar-large" }, heading), el("div", { id: "banner-slot" }), ...children);
}

/**
 * The list page. `createRow(item)` returns `{li, update(item)}`. The rest names things in
 * Spanish: {plural: "libros", right: (n) => "3 acertados", error: "No se pudieron descargar los
 * libros", loading: "Descargando libros…", empty: "No hay libros", symbol: "book" (the empty
 * list's), reloadLabel: "Descargar las preguntas otra vez", footer: "Toca un libro para…"}.
 */
function startList({ app, name, plural, right: rightCount, error, loading, empty, symbol, reloadLabel, footer, createRow }) {
  const reloadButton = el("button", { type: "button", className: "nav-button", id: "reload", "aria-label": reloadLabel, title: reloadLabel }, sym("arrow-clockwise"));
  const navbar = gameBar({ href: "/", label: "Apps" }, name, reloadButton);
  const list = el("ul", { className: "group", id: "items", hidden: true });
  const listHeader = el("h2", { className: "section-header", id: "list-header", text: name });
  const listState = el("div", { id: "list-state" });
  const main = content(el("h1", { text: name }),
    el("section", { className: "section", "aria-labelledby": "list-header" },
      listHeader, list, listState, el("p", { className: "section-footer", id: "list-footer", text: footer })));
  document.body.append(navbar, main);
  const bannerSlot = document.getElementById("banner-slot");
  const rows = new Map();

  setupNavBar(navbar);
  listState.replaceChildren(loadingRow("Conectando…"));
  reloadButton.addEventListener("click", () => reload(app));

  subscribe(app, (state) => {
    const items = Array.isArray(state[app]) ? state[app] : [];
    renderScore(state.score);

    renderReloadButton(reloadButton, state.loading);
    renderErrorBanner(bannerSlot, state.error, error, () => reload(app));
    syncRows(list, rows, items, createRow, updateRow);
    list.hidden = items.length === 0;
    list.setAttribute("aria-busy", state.loading ? "true" : "false");
    const right = items.filter((item) => item.answeredRight).length;
    listHeader.textContent = items.length === 0 ? name : `${items.length} ${plural} · ${rightCount(right)}`;

    if (state.loading) {
      showLoading(listState, loading, "progress");
    } else if (items.length === 0 && !state.error) {
      if (listState.querySelector("#empty")) return; // keeps the keyboard focus on its button
      listState.replaceChildren(emptyState("empty", symbol, empty,
        "El servidor no ha mandado ninguno. Prueba a descargarlos otra vez.",
        { text: "Descargar otra vez", onclick: () => reload(app) }));
    } else {
      listState.replaceChildren();
    }
  });
}

/**
 * The detail page of the item `?id=N`: its large title is `heading` ("Respuesta sobre:"), the
 * browser's tab says "Respuesta sobre: <subject(item)> · Libros · Adivina".
 * `createDetail({answer})` returns `{root, update(item, state), leave?()}`: `root` is shown once
 * the item is in a snapshot, `update` runs on every snapshot after, `leave` when the back button
 * is used. `answer(action, body, {alert, focus, closed})` (passed to `createDetail`) answers the
 * item on screen, one answer at a time: it posts `body` to `/api/<app>/<id>/<action>`, shows the
 * alert `alert(result, item)` once the snapshot with the answer has arrived, and when the alert
 * is closed calls `closed()` and, if the answer was taken, puts the focus back on `focus`.
 * `findItem(state, id)` may pick the item elsewhere in the snapshot (Partidos).
 */
function startDetail({ app, name, heading, subject, subjectName, errorTitle, createDetail, findItem }) {
  const id = new URLSearchParams(location.search).get("id") ?? "";
  const navbar = gameBar({ href: "./", label: name }, heading);
  const screen = el("div", { id: "screen" });
  document.body.append(navbar, content(el("h1", { id: "title", className: "title-wraps", text: heading }), screen));
  const bannerSlot = document.getElementById("banner-slot");
  const back = document.getElementById("back");
  let lastSequence = 0;
  let waiters = [];
  let current = null; // the item on screen (the last one given to `update`)
  let answering = false;

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

  async function answer(action, body, { alert, focus, closed = () => {} }) {
    if (!current || answering) return;
    answering = true;
    const item = current;
    const result = await showAnswer(`/api/${app}/${item.id}/${action}`, body, (r) => alert(r, item));
    closed();
    answering = false;
    if (result) focus.focus();
  }

  const detail = createDetail({ answer });
  setupNavBar(navbar);
  screen.replaceChildren(loadingRow("Conectando…"));

  // Back goes back in history when we came from the list, so its scroll position survives.
  backToList(back, () => detail.leave?.());

  function notFound() {
    if (screen.querySelector("#not-found")) return; // drawn once: keeps the keyboard focus
    screen.replaceChildren(emptyState("not-found", "questionmark", `No encuentro ${subjectName}`,
      "Puede que el servidor haya mandado otra lista. Vuelve a la lista para elegir otro.",
      { text: "Volver a la lista", href: "./" }));
  }

  subscribe(app, (state) => {
    renderScore(state.score);
    renderErrorBanner(bannerSlot, state.error, errorTitle, () => reload(app));
    const sequence = state.lastResult?.sequence ?? 0;
    if (sequence) lastSequence = sequence; // a restarted server counts from 1 again
    const ready = waiters.filter((w) => w.sequence <= lastSequence);
    waiters = waiters.filter((w) => w.sequence > lastSequence);
    ready.forEach((w) => w.resolve());

    const items = Array.isArray(state[app]) ? state[app] : [];
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
    current = item;
    document.title = `${heading.replace(/:$/, "")}: ${subject(item)} · ${name} · Adivina`;
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
