// The navigation bar of every app page, drawn by this one module: the back link with its chevron
// on the left, the small title in the middle, the buttons on the right, and the bar's material
// once the page scrolls. A page's HTML declares only what differs, and keeps the banner landmark
// and the heading for the first paint:
//
//   <header class="navbar large" id="navbar" data-back="/" data-back-label="Apps">
//     <div class="navbar-title" aria-hidden="true">Quizzes</div>   (or <h1 class="navbar-title">)
//     <button … id="reload">…</button>                             (the trailing buttons, if any)
//   </header>
//
// Importing this module completes that header into the full bar (the elements the page wrote,
// with their ids, are moved into it, not copied; the header stays the same element), so a page's module that imports it first finds
// #back, #back-label and #nav-trailing at once. Pages drawn by script (js/list-game.js) call
// `navigationBar` instead.
import { el, sym } from "./ui.js";

/**
 * The bar: `back` ({href, label}, or null for none), `title` (the element with class
 * navbar-title) and the trailing buttons.
 */
export function navigationBar(className, back, title, ...trailing) {
  return el("header", { className, id: "navbar" }, bar(back, title, trailing));
}

/** The `<nav>` inside the header: leading back link, title, trailing buttons. */
function bar(back, title, trailing) {
  const backLink = back && el("a", { className: "nav-back", href: back.href, id: "back" },
    sym("chevron-left"), el("span", { id: "back-label", text: back.label }));
  return el("nav", { className: "navbar-bar", "aria-label": "Navegación" },
    el("div", { className: "navbar-leading" }, backLink),
    title,
    el("div", { className: "navbar-trailing", id: "nav-trailing" }, ...trailing));
}

/**
 * Makes a navigation bar show its material and small title once the page scrolls
 * (the large title scrolls away underneath it).
 */
export function setupNavBar(navbar) {
  const update = () => navbar.classList.toggle("scrolled", scrollY > (navbar.classList.contains("large") ? 44 : 2));
  addEventListener("scroll", update, { passive: true });
  update();
}

/** Completes the page's declared `<header id="navbar">` (see above) into the full bar, in place. */
function completeDeclaredBar() {
  const header = document.getElementById("navbar");
  if (!header || header.querySelector(".navbar-bar")) return;
  const { back, backLabel } = header.dataset;
  const title = header.querySelector(":scope > .navbar-title");
  const trailing = [...header.children].filter((child) => child !== title);
  header.replaceChildren(bar(back === undefined ? null : { href: back, label: backLabel ?? "" }, title, trailing));
}

completeDeclaredBar();
