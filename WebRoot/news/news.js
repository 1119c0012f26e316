// Noticias with its three tabs (Noticias, Favoritos, Acerca de; the tab is the address's hash so
// it can be linked and Back works). Renders only the `news` snapshots that arrive over SSE.
import { subscribe, act } from "../js/events.js";
import { el, sym, loadingRow, showLoading, announce, syncRows, renderErrorBanner, renderReloadButton, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import {
  API, formatDate, authorOf, postURL, postImageBox, setPostImage, starButton, paintStar, toggleFavourite, selectTab, tabArrowKeys,
} from "./news-common.js";
import { setupPullToRefresh } from "./pull-to-refresh.js";

const APP_NAME = "Noticias";
const APP_VERSION = "1.0";
const TABS = {
  noticias: { title: "Noticias" },
  favoritos: { title: "Favoritos" },
  acerca: { title: "Acerca de" },
};

const navbar = document.getElementById("navbar");
const largeTitle = document.getElementById("large-title");
const barTitle = document.getElementById("bar-title");
const reloadButton = document.getElementById("reload");
const bannerSlot = document.getElementById("banner-slot");
const progressSlot = document.getElementById("progress-slot");
const list = document.getElementById("posts");
const listState = document.getElementById("list-state");
const listHeader = document.getElementById("list-header");
const listFooter = document.getElementById("list-footer");
const grid = document.getElementById("favourites");
const gridState = document.getElementById("favourites-state");
const facts = document.getElementById("facts");
const retryNote = document.getElementById("retry-note");
const moreSlot = document.getElementById("more-slot");
const moreButton = document.getElementById("load-more");
const moreError = document.getElementById("more-error");
const how = document.getElementById("how");

const rows = new Map();  // post id -> row parts
const cards = new Map(); // post id -> card parts
const scrollByTab = new Map();
let tab = null;

setupNavBar(navbar);
listState.replaceChildren(loadingRow("Conectando…"));
gridState.replaceChildren(loadingRow("Conectando…"));
document.getElementById("app-version").textContent = `Versión ${APP_VERSION} · Adivina`;
document.getElementById("app-name").textContent = APP_NAME;

/** Downloads the posts again; a failure shows up as the snapshot's error banner. */
function reload() {
  return act("POST", `${API}/reload`, undefined, { alert: false });
}
reloadButton.addEventListener("click", () => reload());

/** Asks for the next page; the snapshot says when it is in (or why not). */
function loadMore() {
  return act("POST", `${API}/more`, undefined, { alert: false });
}
moreButton.addEventListener("click", () => {
  if (moreButton.getAttribute("aria-disabled") !== "true") loadMore();
});
// As iOS lists do, the next page loads when the end of the list comes into view; once per page
// (a failed page waits for the button, and so does a keyboard user who tabbed to it).
let lastState = null;
let autoLoadedAt = -1;
new IntersectionObserver((entries) => {
  const state = lastState;
  if (!state || !entries.some((e) => e.isIntersecting) || tab !== "noticias") return;
  if (document.activeElement === moreButton) return; // the keyboard brought it into view: the key decides
  const shown = onSite(state).length;
  if (state.hasMore && !state.loadingMore && !state.loading && !state.moreError && autoLoadedAt !== shown) {
    autoLoadedAt = shown;
    loadMore();
  }
}, { rootMargin: "0px 0px 200px 0px" }).observe(moreSlot);

/** The posts the site still publishes (favourites that left it show only in Favoritos). */
function onSite(state) {
  return (Array.isArray(state.posts) ? state.posts : []).filter((p) => p.onSite !== false);
}
setupPullToRefresh(document.querySelector(".navbar-large"), () => reload(), () => tab === "noticias");

// ---------- tabs ----------

function tabFromHash() {
  const name = location.hash.replace(/^#/, "");
  return name in TABS ? name : "noticias";
}

function showTab(next) {
  if (tab) scrollByTab.set(tab, scrollY);
  tab = next;
  for (const name of Object.keys(TABS)) document.getElementById(`view-${name}`).hidden = name !== tab;
  largeTitle.textContent = TABS[tab].title;
  barTitle.textContent = TABS[tab].title;
  document.title = `${TABS[tab].title} · Noticias · Adivina`;
  reloadButton.hidden = tab !== "noticias";
  selectTab(tab);
  scrollTo(0, scrollByTab.get(tab) ?? 0);
}

addEventListener("hashchange", () => showTab(tabFromHash()));
// Tapping the tab already shown scrolls it back to the top, as on iOS.
document.getElementById("tabbar").addEventListener("click", (event) => {
  const link = event.target.closest("a[data-tab]");
  if (link && link.dataset.tab === tab) {
    event.preventDefault();
    scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }
});
tabArrowKeys(document.getElementById("tabbar"));
showTab(tabFromHash());

// ---------- Noticias ----------

function createRow(post) {
  const thumb = postImageBox("news-thumb");
  const link = el("a", { className: "row-link row-stretch news-title", href: postURL(post) });
  const excerpt = el("p", { className: "news-excerpt" });
  const chips = el("ul", { className: "chips", "aria-label": "Categorías" });
  const author = el("span", { className: "news-author-name" });
  const date = el("time", { className: "news-date" });
  const star = starButton("icon-btn row-above", undefined);
  star.addEventListener("click", () => {
    const latest = rows.get(post.id)?.post;
    if (latest) toggleFavourite(latest, star);
  });
  const li = el("li", { className: "row news-row", dataset: { id: String(post.id) } },
    thumb, link, excerpt, chips,
    el("div", { className: "news-meta" },
      el("span", { className: "news-author" }, sym("person"), author), el("span", { "aria-hidden": "true", text: "·" }), date,
      star));
  return { li, thumb, link, excerpt, chips, author, date, star, post };
}

function updateRow(row, post) {
  row.post = post;
  const title = post.title ?? "";
  row.link.textContent = title;
  row.excerpt.textContent = post.excerpt ?? "";
  setPostImage(row.thumb, post);
  const names = (Array.isArray(post.categories) ? post.categories : []).map((c) => String(c.name ?? ""));
  if (row.chips.dataset.names !== names.join("\u0000")) {
    row.chips.dataset.names = names.join("\u0000");
    row.chips.replaceChildren(...names.map((name) => el("li", { className: "chip", text: name })));
  }
  row.chips.hidden = names.length === 0;
  row.author.textContent = authorOf(post);
  row.date.textContent = formatDate(post.date);
  row.date.dateTime = String(post.date ?? "");
  paintStar(row.star, Boolean(post.favourite), title);
}

function renderProgress(state) {
  const progress = state.progress;
  if (!state.loading && !progress) {
    progressSlot.replaceChildren();
    return;
  }
  const done = Number(progress?.done) || 0;
  const total = Number(progress?.total) || 0;
  const label = state.loading ? "Descargando entradas…" : `Buscando autores y categorías: ${done} de ${total}`;
  const fill = el("span");
  const bar = el("div", {
    className: `bar${state.loading || !total ? " indeterminate" : ""}`,
    role: "progressbar",
    "aria-label": label,
    "aria-valuemin": state.loading ? null : "0",
    "aria-valuemax": state.loading ? null : String(total),
    "aria-valuenow": state.loading ? null : String(done),
  }, fill);
  if (!state.loading && total) fill.style.setProperty("--progress", String(done / total));
  // Said once when it starts (not at every step, which arrives with every snapshot).
  if (!progressSlot.childElementCount) announce(state.loading ? "Descargando entradas…" : "Buscando autores y categorías…");
  progressSlot.replaceChildren(el("div", { className: "news-progress", id: "progress" },
    el("div", { className: "news-progress-top" }, el("span", { className: "spinner", "aria-hidden": "true" }), el("span", { text: label })),
    bar));
}

function entries(count) {
  return `${count} entrada${count === 1 ? "" : "s"}`;
}

function renderMore(state, posts) {
  const show = posts.length > 0 && (state.hasMore || state.loadingMore);
  moreSlot.hidden = !show;
  // Not `disabled` while loading: a disabled button drops the keyboard's focus to the page.
  moreButton.setAttribute("aria-disabled", state.loadingMore ? "true" : "false");
  moreButton.setAttribute("aria-busy", state.loadingMore ? "true" : "false");
  moreButton.replaceChildren(...(state.loadingMore
    ? [el("span", { className: "spinner", "aria-hidden": "true" }), el("span", { text: "Cargando más entradas…" })]
    : [el("span", { text: "Cargar más" })]));
  const left = Number.isInteger(state.total) ? state.total - posts.length : null;
  moreButton.setAttribute("aria-label", left > 0 ? `Cargar más (quedan ${left})` : "Cargar más");
  moreError.textContent = state.moreError ? `No se ha podido cargar la página siguiente. ${state.moreError}` : "";
  moreError.hidden = !state.moreError;
}

function renderNoticias(state, posts) {
  // A keyboard user who asked for more goes on reading at the first new post (the button may
  // leave with the last page).
  const continueReading = document.activeElement === moreButton;
  const before = rows.size;
  syncRows(list, rows, posts, createRow, updateRow);
  list.hidden = posts.length === 0;
  list.setAttribute("aria-busy", state.loading ? "true" : "false");
  const total = Number.isInteger(state.total) ? Math.max(state.total, posts.length) : posts.length;
  listHeader.textContent = posts.length === 0 ? "Entradas" : entries(total);
  const shown = total > posts.length ? `Se muestran ${posts.length} de ${total}. ` : "";
  listFooter.textContent = posts.length === 0 ? ""
    : `${shown}De ${hostOf(state.site)}. La estrella guarda una entrada en Favoritos.`;
  renderMore(state, posts);
  if (continueReading && before > 0 && posts.length > before) rows.get(posts[before].id)?.link.focus();
  if (posts.length === 0 && state.loading) {
    showLoading(listState, "Descargando noticias…");
  } else if (posts.length === 0) {
    if (!listState.querySelector("#empty")) listState.replaceChildren(emptyState("empty", "newspaper", "No hay noticias",
      "Actualiza para descargar las últimas entradas del sitio.",
      { text: "Actualizar", onclick: () => reload() }));
  } else {
    listState.replaceChildren();
  }
}

// ---------- Favoritos ----------

function createCard(post) {
  const image = postImageBox("card-image");
  const link = el("a", { className: "card-link card-title", href: postURL(post, "favoritos") });
  const author = el("p", { className: "card-author" });
  const gone = el("p", { className: "card-gone", text: "Ya no está en el sitio" });
  const star = starButton("icon-btn", undefined);
  star.addEventListener("click", () => {
    const latest = cards.get(post.id)?.post;
    if (latest) toggleFavourite(latest, star);
  });
  const li = el("li", { className: "card", dataset: { id: String(post.id) } },
    image, el("div", { className: "card-body" }, link, author, gone), star);
  return { li, image, link, author, gone, star, post };
}

function updateCard(card, post) {
  card.post = post;
  card.link.textContent = post.title ?? "";
  card.author.textContent = authorOf(post);
  card.gone.hidden = post.onSite !== false;
  card.li.classList.toggle("gone", post.onSite === false);
  setPostImage(card.image, post);
  paintStar(card.star, true, post.title ?? "");
}

function renderFavoritos(favourites) {
  syncRows(grid, cards, favourites, createCard, updateCard);
  grid.hidden = favourites.length === 0;
  if (favourites.length === 0) {
    gridState.replaceChildren(emptyState("favourites-empty", "star", "Sin favoritos",
      "Toca la estrella de una noticia para guardarla aquí.",
      { text: "Ver noticias", href: "#noticias" }));
  } else {
    gridState.replaceChildren();
  }
}

// ---------- Acerca de ----------

/** "applecoding.com" or "127.0.0.1:8080/standin/news": the site's address without the scheme. */
function hostOf(url) {
  try {
    const parsed = new URL(url);
    return (parsed.host + parsed.pathname).replace(/\/+$/, "");
  } catch {
    return String(url ?? "");
  }
}

function fact(label, value, { id, note, href } = {}) {
  const shown = href
    ? el("a", { className: "fact-value", href, target: "_blank", rel: "noopener noreferrer", text: value })
    : el("span", { className: "fact-value tnum", text: value });
  return el("li", { className: "row fact", id },
    el("span", { className: "fact-label", text: label }), shown,
    note ? el("span", { className: "fact-note", text: note }) : null);
}

function renderAcerca(state, posts, favourites) {
  const authors = new Set(posts.map((p) => p.authorId));
  const categories = new Set(posts.flatMap((p) => (Array.isArray(p.categories) ? p.categories : []).map((c) => c.id)));
  const newest = posts.reduce((best, p) => (!best || String(p.date) > String(best.date) ? p : best), null);
  // replaceChildren writes a null as the text "null": leave out the facts that do not apply.
  facts.replaceChildren(...[
    fact("Sitio", hostOf(state.site), { id: "fact-site", href: /^https?:\/\//.test(state.site ?? "") ? state.site : undefined }),
    fact("Entradas", Number.isInteger(state.total) && state.total > posts.length
      ? `${posts.length} de ${state.total}` : String(posts.length), { id: "fact-posts" }),
    fact("Favoritas", String(favourites.length), { id: "fact-favourites" }),
    fact("Autores", String(authors.size), { id: "fact-authors" }),
    fact("Categorías", String(categories.size), { id: "fact-categories" }),
    fact("La más reciente", newest ? formatDate(newest.date) : "—", { id: "fact-newest" }),
    state.skipped ? fact("Sin poder leer", String(state.skipped), { id: "fact-skipped", note: "Entradas de la última descarga que no se pudieron interpretar." }) : null,
    fact("Estado", state.loading || state.progress ? "Actualizando…" : state.error ? "Falló la última actualización" : "Al día",
      { id: "fact-status", note: state.error && state.retryAt ? retryText(state.retryAt) : undefined }),
  ].filter(Boolean));
  if (!how.childElementCount) {
    how.replaceChildren(
      fact("Origen", "API REST de WordPress", { note: "Entradas de /wp-json/wp/v2/posts de 20 en 20, con su autor, sus categorías y su imagen en la misma petición (_embed). Al actualizar desaparecen las que el sitio ya no publica, salvo las favoritas." }),
      fact("Datos", "SQLite", { id: "fact-storage", note: "Entradas, autores, categorías y favoritos se guardan en la base de datos de Adivina, en su carpeta de datos (--data-dir). Al abrir se muestra lo guardado y se actualiza en segundo plano." }),
      fact("Artículos", "Aislados", { note: "Cada artículo se muestra en un iframe aislado con una política de seguridad estricta: su código no se ejecuta." }),
      fact("En directo", "SSE", { note: "Un cambio en una pestaña (una estrella, una actualización) llega al momento a todas." }));
  }
}

// ---------- everything ----------

const timeFormat = new Intl.DateTimeFormat("es-ES", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** "Nuevo intento automático a las 10:42:13." in the browser's zone. */
function retryText(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : `Nuevo intento automático a las ${timeFormat.format(date)}.`;
}

function render(state) {
  lastState = state;
  const all = Array.isArray(state.posts) ? state.posts : [];
  const posts = onSite(state);
  const favourites = all.filter((p) => p.favourite);
  renderReloadButton(reloadButton, state.loading);
  renderErrorBanner(bannerSlot, state.error, "No se pudieron actualizar las noticias", () => reload());
  retryNote.textContent = state.error && state.retryAt ? retryText(state.retryAt) : "";
  retryNote.hidden = !retryNote.textContent;
  renderProgress(state);
  renderNoticias(state, posts);
  renderFavoritos(favourites);
  renderAcerca(state, posts, favourites);
  const favouritesTab = document.getElementById("tab-favoritos");
  favouritesTab.setAttribute("aria-label", favourites.length ? `Favoritos (${favourites.length})` : "Favoritos");
}

subscribe("news", render);
