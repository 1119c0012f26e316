// The article screen (deep link: post.html?id=N, `&from=favoritos` when opened from that tab):
// the site's HTML inside a sandboxed iframe that runs no script, and the favourite star in the
// navigation bar. Renders only the `news` snapshots that arrive over SSE.
import { subscribe, act } from "../js/events.js";
import { el, sym, loadingRow, showLoading, renderErrorBanner, backToList, emptyState } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { API, authorOf, formatDate, starButton, paintStar, toggleFavourite, selectTab } from "./news-common.js";

const params = new URLSearchParams(location.search);
const id = params.get("id") ?? "";
const from = params.get("from") === "favoritos" ? "favoritos" : "noticias";

const navbar = document.getElementById("navbar");
const screen = document.getElementById("screen");
const title = document.getElementById("title");
const trailing = document.getElementById("nav-trailing");
const bannerSlot = document.getElementById("banner-slot");
const back = document.getElementById("back");

const star = starButton("nav-button", "favourite");
const openLink = el("a", {
  className: "nav-button",
  id: "open-in-browser",
  target: "_blank",
  rel: "noopener noreferrer",
  "aria-label": "Abrir en el navegador",
  title: "Abrir en el navegador",
}, sym("safari"));
// No allow-scripts and no allow-same-origin: the article runs nothing and has an opaque origin.
// Its links open in a new tab, outside the sandbox.
const frame = el("iframe", {
  className: "article-frame",
  id: "article",
  sandbox: "allow-popups allow-popups-to-escape-sandbox",
  referrerpolicy: "no-referrer",
});
let post = null; // the post as last seen
// The byline's date in the browser's zone, as every date of these pages.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const goneNote = el("p", { className: "article-note", id: "gone-note", text: "Esta entrada ya no está publicada en el sitio: se muestra la copia guardada en Favoritos." });

setupNavBar(navbar);
selectTab(from);
back.href = from === "favoritos" ? "./#favoritos" : "./";
document.getElementById("back-label").textContent = from === "favoritos" ? "Favoritos" : "Noticias";
screen.replaceChildren(loadingRow("Conectando…"));

backToList(back);
star.addEventListener("click", () => {
  if (post) toggleFavourite(post, star);
});

function notFound() {
  trailing.replaceChildren();
  if (screen.querySelector("#not-found")) return;
  title.textContent = "Noticia";
  document.title = "Noticia · Noticias · Adivina";
  screen.replaceChildren(emptyState("not-found", "newspaper", "Esta noticia no está",
    "No es una de las entradas guardadas. Vuelve a la lista para elegir otra.",
    { text: "Volver", href: back.href }));
}

/** A password-protected post: what it is, and a way to read it on the site. */
function renderProtected(found, link) {
  if (screen.querySelector("#protected")) return;
  screen.replaceChildren(emptyState("protected", "lock", "Entrada protegida",
    "Esta entrada está protegida con contraseña. Solo se puede leer en el sitio, con su contraseña.",
    link ? { id: "read-on-site", href: link, target: "_blank", rel: "noopener noreferrer", text: "Leer en el sitio" } : null));
}

function render(state) {
  const posts = Array.isArray(state.posts) ? state.posts : [];
  const found = posts.find((p) => String(p.id) === id);
  renderErrorBanner(bannerSlot, state.error, "No se pudieron actualizar las noticias",
    () => act("POST", `${API}/reload`, undefined, { alert: false }));
  if (!found) {
    post = null;
    if (state.loading && posts.length === 0) showLoading(screen, "Descargando noticias…");
    else notFound();
    return;
  }
  post = found;
  const text = found.title ?? "";
  title.textContent = text;
  document.title = `${text} · Noticias · Adivina`;
  const link = typeof found.link === "string" && /^https?:/.test(found.link) ? found.link : null;
  if (found.protected) {
    renderProtected(found, link);
  } else {
    frame.title = `Artículo: ${text}, de ${authorOf(found)}, ${formatDate(found.date)}`;
    const src = `${API}/${encodeURIComponent(id)}/article?tz=${encodeURIComponent(zone)}`;
    if (frame.getAttribute("src") !== src) frame.src = src;
    const wanted = found.onSite === false ? [goneNote, frame] : [frame];
    if (screen.childElementCount !== wanted.length || !wanted.every((node, i) => screen.children[i] === node)) {
      screen.replaceChildren(...wanted);
    }
  }
  if (trailing.childElementCount === 0) trailing.replaceChildren(star, openLink);
  if (link) openLink.href = link;
  else openLink.removeAttribute("href");
  paintStar(star, Boolean(found.favourite), text);
}

subscribe("news", render);
