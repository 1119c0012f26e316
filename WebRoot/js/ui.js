// Shared pieces of the iOS look: DOM helpers, symbols, images with placeholders (the navigation
// bar is js/navbar.js), alerts, banners and empty states (the long press and the context menu, which
// only the quiz card uses, are in context-menu.js). Text always goes in through textContent,
// never innerHTML.
import { announce, setLiveText } from "./announce.js";

export { announce, setLiveText };

/** Creates an element: el("p", {className: "x", text: "hola"}, child…). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** An SVG element with `attributes` and, if given, `text` (charts, rings, the tiles' shapes). */
export function svg(tag, attributes, text) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An SF-Symbol-like icon, hidden from assistive technology. */
export function sym(name, className = "") {
  return el("span", { className: `sym sym-${name} ${className}`.trim(), "aria-hidden": "true" });
}

/**
 * An image box that shows a shimmering placeholder while loading, the image when loaded, and a
 * symbol when there is no image or it failed. Call `setImage` again on every render; the same
 * URL is not reloaded.
 */
export function imageBox(className, emptySymbol) {
  // `emptySymbol` shows while there is no image: "photo" for pictures, "person-circle-fill" for people.
  const box = el("div", { className: `thumb ${className}` }, sym(emptySymbol));
  box.dataset.empty = emptySymbol;
  return box;
}

/** Shows `url` (or the placeholder when it is null/empty) in an `imageBox`, described by `alt`. */
export function setImage(box, url, alt) {
  const src = typeof url === "string" && url ? url : "";
  if (box.dataset.src === src) {
    const img = box.querySelector("img");
    if (img) img.alt = alt;
    return;
  }
  box.dataset.src = src;
  box.querySelector("img")?.remove();
  box.classList.remove("loaded", "failed", "loading");
  const icon = box.querySelector(".sym");
  icon.className = `sym sym-${box.dataset.empty}`;
  if (!src) {
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", alt);
    return;
  }
  box.removeAttribute("role");
  box.removeAttribute("aria-label");
  box.classList.add("loading");
  const img = el("img", { alt, decoding: "async", draggable: "false" });
  img.addEventListener("load", () => {
    box.classList.remove("loading");
    box.classList.add("loaded");
  });
  img.addEventListener("error", () => {
    box.classList.remove("loading");
    box.classList.add("failed");
    // A missing picture keeps the person symbol; a missing image says so with a crossed photo.
    if (box.dataset.empty === "photo") icon.className = "sym sym-photo-slash";
  });
  img.src = src;
  box.prepend(img);
}

/** `text` cut at a word to at most `limit` characters, with "…" when cut (for titles). */
export function shortened(text, limit = 60) {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Replaces the text of an element and briefly animates its parent if it changed; a change after
 * the first value is announced to screen readers as "Puntos: 3" (`label`, else the counter's
 * `.stat-label` or `title` names it).
 */
export function setCounter(valueElement, value, label) {
  const text = String(value ?? 0);
  if (valueElement.textContent === text) return;
  const grew = Number(text) > Number(valueElement.textContent);
  const hadValue = valueElement.textContent !== "";
  valueElement.textContent = text;
  const stat = valueElement.closest(".stat");
  const name = label ?? (stat?.querySelector(".stat-label")?.textContent || stat?.title);
  if (hadValue && name) announce(`${name}: ${text}`);
  if (stat && hadValue && grew) {
    stat.classList.remove("bump");
    void stat.offsetWidth;
    stat.classList.add("bump");
  }
}

/**
 * Shows an iOS alert. `actions` is a list of {label, value, preferred, destructive}; the
 * preferred one has focus, so Enter picks it; Escape picks the cancel value (the last action's
 * value unless `cancelValue` is given). Resolves to the chosen value.
 */
export function showAlert({ title, message = "", icon = null, actions = null, cancelValue, id = "alert" }) {
  const buttons = actions ?? [{ label: "Aceptar", value: true, preferred: true }];
  const returnFocus = document.activeElement;
  document.getElementById(id)?.remove();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  const dialog = el("dialog", {
    className: "alert",
    id,
    role: "alertdialog",
    "aria-labelledby": titleId,
    "aria-describedby": message ? messageId : null,
  });
  const body = el("div", { className: "alert-body" },
    icon ? sym(icon.name, `alert-icon ${icon.tone ?? ""}`) : null,
    el("h2", { className: "alert-title", id: titleId, text: title }),
    message ? el("p", { className: "alert-message", id: messageId, text: message }) : null);
  const row = el("div", { className: "alert-actions" });
  dialog.append(body, row);
  return new Promise((resolve) => {
    let chosen = cancelValue !== undefined ? cancelValue : buttons[buttons.length - 1].value;
    for (const action of buttons) {
      const button = el("button", {
        type: "button",
        className: [action.preferred ? "preferred" : "", action.destructive ? "destructive" : ""].join(" ").trim(),
        text: action.label,
        onclick: () => {
          chosen = action.value;
          dialog.close();
        },
      });
      row.append(button);
    }
    // Tab and Shift+Tab go round the alert's buttons only (Escape cancels: the dialog's own "cancel").
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Tab") return;
      const all = [...row.querySelectorAll("button")];
      const index = all.indexOf(document.activeElement);
      event.preventDefault();
      all[(index + (event.shiftKey ? -1 : 1) + all.length) % all.length].focus();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      if (returnFocus && returnFocus.isConnected && typeof returnFocus.focus === "function") {
        returnFocus.focus({ preventScroll: true });
      }
      resolve(chosen);
    });
    document.body.append(dialog);
    dialog.showModal();
    const preferred = row.querySelector(".preferred") ?? row.lastElementChild;
    preferred.focus();
  });
}

/**
 * A banner with a symbol, a title, a message and optional buttons ({label, onClick}).
 */
export function banner({ title, message, symbol = "exclamation-triangle-fill", tone = "", actions = [], id }) {
  return el("div", { className: `banner ${tone}`.trim(), role: "alert", id },
    sym(symbol),
    el("p", { className: "banner-title", text: title }),
    message ? el("p", { className: "banner-message", text: message }) : null,
    actions.length
      ? el("div", { className: "banner-actions" },
        ...actions.map((a) => el("button", { type: "button", className: "btn btn-tinted btn-small", text: a.label, onclick: a.onClick })))
      : null);
}

/**
 * Shows the error banner (`#error-banner`) with a "Reintentar" button calling `retry` (if given)
 * in `slot`, or empties `slot` when `error` is null. The same message is not redrawn (nor
 * announced again: the banner is an alert).
 */
export function renderErrorBanner(slot, error, title, retry) {
  if (!error) {
    slot.replaceChildren();
    return;
  }
  const existing = slot.querySelector("#error-banner");
  if (existing && existing.dataset.message === error) return;
  const box = banner({
    id: "error-banner",
    title,
    message: error,
    actions: retry ? [{ label: "Reintentar", onClick: retry }] : [],
  });
  box.dataset.message = error;
  slot.replaceChildren(box);
}

/**
 * Keeps the children of `list` in the order of `items`, by id: `create(item)` makes a new row
 * (`{li, …}`) once, `update(row, item)` runs on every render, rows of items gone are removed.
 */
export function syncRows(list, rows, items, create, update) {
  const seen = new Set();
  let previous = null;
  for (const item of items) {
    seen.add(item.id);
    let row = rows.get(item.id);
    if (!row) {
      row = create(item);
      rows.set(item.id, row);
    }
    update(row, item);
    const wantedPlace = previous ? previous.nextSibling : list.firstChild;
    if (row.li !== wantedPlace) list.insertBefore(row.li, wantedPlace);
    previous = row.li;
  }
  for (const [id, row] of rows) {
    if (!seen.has(id)) {
      row.li.remove();
      rows.delete(id);
    }
  }
}

/** The reload button of a bar: a spinner and busy while `loading`, else the arrow. */
export function renderReloadButton(button, loading) {
  button.disabled = Boolean(loading);
  button.replaceChildren(loading ? el("span", { className: "spinner", "aria-hidden": "true" }) : sym("arrow-clockwise"));
  button.setAttribute("aria-busy", loading ? "true" : "false");
}

/**
 * Makes the back link of a detail page go back in history when the page was opened from its
 * list (`./`), so the list keeps its scroll position; `onBack` runs first in every case.
 */
export function backToList(link, onBack = () => {}) {
  link.addEventListener("click", (event) => {
    onBack();
    const from = document.referrer ? new URL(document.referrer) : null;
    const listPath = new URL("./", location.href).pathname;
    if (from && from.origin === location.origin && from.pathname.replace(/index\.html$/, "") === listPath && history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
}

/**
 * An empty state (ContentUnavailableView): a symbol, a title, a message and, if given, one tinted
 * action: a button `{text, onclick}` or a link `{text, href, …its other attributes}`.
 */
export function emptyState(id, symbol, title, message, action = null) {
  const button = !action ? null
    : "href" in action ? el("a", { className: "btn btn-tinted", ...action })
    : el("button", { type: "button", className: "btn btn-tinted", ...action });
  return el("div", { className: "empty", id },
    sym(symbol),
    el("p", { className: "empty-title", text: title }),
    el("p", { className: "empty-message", text: message }),
    button);
}

/** An activity indicator with an optional label, announced to screen readers. */
export function loadingRow(label) {
  return el("div", { className: "loading-row", role: "status" },
    el("span", { className: "spinner", "aria-hidden": "true" }),
    el("span", { text: label }));
}

/**
 * Shows `loadingRow(label)` (with `id`) alone in `slot` and announces it once through the page's
 * live region (a status row that appears with its text is not read by every screen reader); the
 * row already there is kept, so snapshots that arrive while still loading say nothing again.
 */
export function showLoading(slot, label, id) {
  const shown = slot.firstElementChild;
  if (slot.childElementCount === 1 && shown.classList.contains("loading-row") && shown.textContent === label
    && (id === undefined || shown.id === id)) return shown;
  const row = loadingRow(label);
  row.removeAttribute("role");
  if (id !== undefined) row.id = id;
  slot.replaceChildren(row);
  announce(label);
  return row;
}
