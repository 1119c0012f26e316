// Pull to refresh (UIRefreshControl) for touch screens: dragging the page down from its top shows
// an indicator above `anchor`; letting go past the threshold calls `refresh()`, and the spinner
// turns until the promise it returns settles. Keyboard and mouse users have the reload button.
import { el, sym } from "../js/ui.js";

const THRESHOLD_PX = 64;
const MAX_PX = 96;
const RESISTANCE = 0.5;

/** Adds pull to refresh before `anchor`; `enabled()` says whether a pull may start now. */
export function setupPullToRefresh(anchor, refresh, enabled = () => true) {
  const arrow = sym("arrow-clockwise", "pull-arrow");
  const spinner = el("span", { className: "spinner", "aria-hidden": "true" });
  const label = el("span", { className: "pull-label" });
  const indicator = el("div", { className: "pull-indicator", id: "pull-indicator", "aria-hidden": "true" },
    arrow, spinner, label);
  anchor.before(indicator);
  document.documentElement.classList.add("pull-to-refresh");

  let startY = null;
  let distance = 0;
  let busy = false;

  const show = (height, text) => {
    indicator.style.setProperty("--pull", `${height}px`);
    indicator.style.setProperty("--turn", String(Math.min(1, height / THRESHOLD_PX)));
    label.textContent = text;
  };
  const reset = () => {
    startY = null;
    distance = 0;
    indicator.classList.remove("pulling", "armed");
    show(0, "");
  };

  addEventListener("touchstart", (event) => {
    if (busy || event.touches.length !== 1 || scrollY > 0 || !enabled()) return;
    startY = event.touches[0].clientY;
  }, { passive: true });

  addEventListener("touchmove", (event) => {
    if (startY === null) return;
    const pulled = event.touches[0].clientY - startY;
    if (pulled <= 0 || scrollY > 0) {
      distance = 0;
      show(0, "");
      return;
    }
    distance = Math.min(MAX_PX, pulled * RESISTANCE);
    indicator.classList.add("pulling");
    indicator.classList.toggle("armed", distance >= THRESHOLD_PX);
    show(distance, distance >= THRESHOLD_PX ? "Suelta para actualizar" : "Desliza para actualizar");
  }, { passive: true });

  const end = async () => {
    if (startY === null) return;
    const armed = distance >= THRESHOLD_PX;
    reset();
    if (!armed) return;
    busy = true;
    indicator.classList.add("refreshing");
    show(THRESHOLD_PX * 0.75, "Actualizando…");
    try {
      await refresh();
    } finally {
      busy = false;
      indicator.classList.remove("refreshing");
      show(0, "");
    }
  };
  addEventListener("touchend", end);
  addEventListener("touchcancel", reset);
}
