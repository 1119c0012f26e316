// The long press and the iOS context menu (UIContextMenuInteraction) of the quiz card's photo:
// only the pages with a quiz card load them.
import { el, sym } from "./ui.js";

const LONG_PRESS_MS = 500;

/**
 * Calls `onLongPress(x, y)` after a touch or pen is held still on `target` for half a second.
 * Mouse users get the context menu through right click instead.
 */
export function onLongPress(target, onLongPress) {
  let timer = 0;
  let start = null;
  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
    start = null;
    target.classList.remove("pressing");
  };
  target.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return;
    start = { x: event.clientX, y: event.clientY };
    target.classList.add("pressing");
    timer = setTimeout(() => {
      const at = start;
      cancel();
      target.dataset.longPressed = String(Date.now());
      onLongPress(at.x, at.y);
    }, LONG_PRESS_MS);
  });
  target.addEventListener("pointermove", (event) => {
    if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > 10) cancel();
  });
  target.addEventListener("pointerup", cancel);
  // A browser that starts its own long-press gesture sends pointercancel (and pointerleave)
  // while the finger is still down and still: the press goes on until the touch really ends.
  target.addEventListener("touchend", cancel);
  target.addEventListener("touchcancel", cancel);
}

/**
 * Shows an iOS context menu for `target`: the target lifted above a blurred page, and the
 * `items` ({label, symbol, destructive, onSelect}) below or above it. Arrow keys move, Enter
 * picks, Escape or a click outside closes; focus returns to the target.
 */
export function showContextMenu(target, items, { id = "context-menu", label = "Acciones" } = {}) {
  document.getElementById(id)?.close();
  const rect = target.getBoundingClientRect();
  const dialog = el("dialog", { className: "context-menu", id, "aria-label": label });
  const preview = target.cloneNode(true);
  preview.removeAttribute("id");
  preview.querySelectorAll("[id]").forEach((node) => node.removeAttribute("id"));
  const scale = rect.width < 80 ? 1.6 : 1.05;
  const previewBox = el("div", { className: "context-preview", "aria-hidden": "true" }, preview);
  const pw = rect.width * scale;
  const ph = rect.height * scale;
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const left = Math.min(Math.max(12, rect.left + rect.width / 2 - pw / 2), vw - pw - 12);
  const top = Math.min(Math.max(12, rect.top + rect.height / 2 - ph / 2), vh - ph - 12);
  Object.assign(previewBox.style, { left: `${left}px`, top: `${top}px`, width: `${pw}px`, height: `${ph}px` });
  preview.style.width = "100%";
  preview.style.height = "100%";
  preview.style.transform = "none";
  preview.querySelectorAll(".thumb").forEach((t) => { t.style.width = "100%"; t.style.height = "100%"; });

  const list = el("ul", { className: "context-items", role: "menu", "aria-label": label });
  const menuWidth = Math.min(250, vw - 32);
  const menuLeft = Math.min(Math.max(16, left), vw - menuWidth - 16);
  Object.assign(list.style, { left: `${menuLeft}px`, top: `${top + ph + 10}px` });

  const buttons = items.map((item) => el("button", {
    type: "button",
    role: "menuitem",
    className: item.destructive ? "destructive" : "",
    onclick: () => {
      dialog.close();
      item.onSelect();
    },
  }, el("span", { text: item.label }), item.symbol ? sym(item.symbol) : null));
  list.append(...buttons.map((b) => el("li", { role: "none" }, b)));
  dialog.append(previewBox, list);

  // Only a press that starts on the blurred background closes the menu: the end of the long
  // press that opened it must not.
  let downOnBackground = false;
  dialog.addEventListener("pointerdown", (event) => {
    downOnBackground = event.target === dialog;
  });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog && downOnBackground) dialog.close();
    downOnBackground = false;
  });
  dialog.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("keydown", (event) => {
    const index = buttons.indexOf(document.activeElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length].focus();
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      buttons[event.key === "Home" ? 0 : buttons.length - 1].focus();
    } else if (event.key === "Tab") {
      event.preventDefault();
    }
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (target.hasAttribute("aria-expanded")) target.setAttribute("aria-expanded", "false");
    if (target.isConnected) target.focus({ preventScroll: true });
  });
  document.body.append(dialog);
  dialog.showModal();
  if (target.hasAttribute("aria-haspopup")) target.setAttribute("aria-expanded", "true");
  // Below the target if the menu fits there (its real height is known once shown), else above.
  const menuHeight = list.offsetHeight;
  if (top + ph + 10 + menuHeight > vh - 12) {
    list.style.top = `${Math.max(12, top - menuHeight - 10)}px`;
    list.style.transformOrigin = "bottom left";
  }
  buttons[0].focus();
  return dialog;
}
