// The countdown ring of a timed classroom question, the same on every screen whatever its clock:
// the room's state gives the question's end on the server's clock (`deadline.endsAt`, ms), and
// `syncServerClock` learns the offset from `GET /api/classroom/time` once per page (half the
// round trip added). The ring counts whole seconds; it is a `timer`, which screen readers do not
// read out on every tick: its label says the seconds left, and the page announces "time's up".
import { el, svg } from "./ui.js";

const RADIUS = 16;
const LENGTH = 2 * Math.PI * RADIUS;
let offset = 0;
let syncing = null;

/** Learns how far the server's clock is from this one (once; later calls wait for the first). */
export function syncServerClock() {
  syncing ??= (async () => {
    const sent = Date.now();
    const response = await fetch("/api/classroom/time", { headers: { Accept: "application/json" } });
    const { now } = await response.json();
    const received = Date.now();
    if (Number.isFinite(now)) offset = now + (received - sent) / 2 - received;
  })().catch(() => {});
  return syncing;
}

/** The server's time now, in ms since 1970, as well as this page knows it. */
export function serverNow() {
  return Date.now() + offset;
}


/**
 * A countdown ring (`id` for tests and styles). `show(endsAt, totalMs)` runs it to `endsAt`
 * (server clock) and calls `onExpired` once at zero; `hide()` stops it.
 */
export function createCountdown(id, onExpired = () => {}) {
  const arc = svg("circle", { class: "countdown-arc", cx: 18, cy: 18, r: RADIUS, "stroke-dasharray": LENGTH });
  const ring = svg("svg", { viewBox: "0 0 36 36", "aria-hidden": "true", focusable: "false" });
  ring.append(svg("circle", { class: "countdown-track", cx: 18, cy: 18, r: RADIUS }), arc);
  const seconds = el("b", { className: "countdown-seconds tnum" });
  const element = el("div", { className: "countdown", id, role: "timer", hidden: true }, ring, seconds);
  let timer = null;
  let key = "";

  function paint(endsAt, total) {
    const left = Math.max(0, endsAt - serverNow());
    const whole = Math.ceil(left / 1000);
    seconds.textContent = String(whole);
    element.setAttribute("aria-label", whole === 1 ? "Queda 1 segundo" : `Quedan ${whole} segundos`);
    arc.setAttribute("stroke-dashoffset", String(LENGTH * (1 - (total > 0 ? left / total : 0))));
    element.classList.toggle("ending", left <= 5000);
    if (left === 0) {
      stop();
      onExpired();
    }
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  return {
    element,
    show(endsAt, total) {
      element.hidden = false;
      const next = `${endsAt} ${total}`;
      if (next === key && timer !== null) return;
      key = next;
      stop();
      paint(endsAt, total);
      if (endsAt > serverNow()) timer = setInterval(() => paint(endsAt, total), 200);
    },
    hide() {
      stop();
      key = "";
      element.hidden = true;
    },
  };
}
