// What the Noticias pages share: the API, dates, the star, the image of a post and the tab bar.
import { act } from "../js/events.js";
import { el, sym, imageBox, setImage } from "../js/ui.js";

export const API = "/api/news";

const dateFormat = new Intl.DateTimeFormat("es-ES", { day: "numeric", month: "short", year: "numeric" });

/** "10 nov 2026" for an ISO 8601 date, or "" if it cannot be read. */
export function formatDate(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

/** The post's author, or a neutral word while the name is still being looked up or failed. */
export function authorOf(post) {
  return post.authorName || "Autor desconocido";
}

/** The address of the article screen of `post`, remembering which tab it was opened from. */
export function postURL(post, tab = "noticias") {
  const id = encodeURIComponent(String(post.id));
  return tab === "favoritos" ? `post.html?id=${id}&from=favoritos` : `post.html?id=${id}`;
}

/** An image box for a featured image: a newspaper on a tinted background when there is none. */
export function postImageBox(className) {
  return imageBox(className, "newspaper");
}

/** Shows the featured image of `post` in `box`, with its alternative text. */
export function setPostImage(box, post) {
  const title = post.title ?? "";
  setImage(box, post.image, post.image ? `Imagen destacada: ${title}` : `Entrada sin imagen destacada: ${title}`);
}

/** A star button (outline, or filled yellow when favourite); `paintStar` sets its state. */
export function starButton(className, id) {
  return el("button", { type: "button", className: `${className} star`, id, "aria-pressed": "false" }, sym("star"));
}

/** The star's look and label for `favourite`; `title` names the post for screen readers. */
export function paintStar(button, favourite, title = "") {
  const action = favourite ? "Quitar de favoritos" : "Marcar como favorito";
  button.setAttribute("aria-pressed", favourite ? "true" : "false");
  button.setAttribute("aria-label", title ? `${action}: ${title}` : action);
  button.title = action;
}

/** Marks or unmarks `post` on the server; the snapshot that follows over SSE paints the star. */
export async function toggleFavourite(post, button) {
  button.disabled = true;
  await act(post.favourite ? "DELETE" : "PUT", `${API}/${encodeURIComponent(String(post.id))}/favourite`);
  button.disabled = false;
}

/**
 * Marks the tab bar's link of `tab` as the current one: `aria-selected` where the bar is a tab
 * list (the list page, one tab in the Tab order, arrows move), `aria-current` where its links
 * lead to another page (the article).
 */
export function selectTab(tab) {
  for (const link of document.querySelectorAll("#tabbar a")) {
    const current = link.dataset.tab === tab;
    if (link.getAttribute("role") === "tab") {
      link.setAttribute("aria-selected", current ? "true" : "false");
      link.tabIndex = current ? 0 : -1;
    } else if (current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

/** Left/Right (Home/End) on a tab of the tab list open the tab beside it, as the tab pattern expects. */
export function tabArrowKeys(tabbar) {
  tabbar.addEventListener("keydown", (event) => {
    const tabs = [...tabbar.querySelectorAll('[role="tab"]')];
    const index = tabs.indexOf(document.activeElement);
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (index < 0 || (!step && event.key !== "Home" && event.key !== "End")) return;
    event.preventDefault();
    const next = step ? tabs[(index + step + tabs.length) % tabs.length] : tabs[event.key === "Home" ? 0 : tabs.length - 1];
    next.focus();
    next.click();
  });
}
