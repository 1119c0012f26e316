// What a screen reader hears without moving: two visually hidden live regions per page, one
// polite (a score, a record, a new question) and one assertive (an error that stops the game).
// Pages call `announce` only when something changed for the user — never on every snapshot of
// the stream, which may repeat the same state many times — and the same message within a short
// while is said once.

const REPEAT_MS = 1500;
const regions = {};
let last = { text: "", at: 0 };

function region(kind) {
  if (!regions[kind]?.isConnected) {
    regions[kind] = Object.assign(document.createElement("div"), { className: "visually-hidden", id: `live-${kind}` });
    regions[kind].setAttribute("aria-live", kind);
    regions[kind].setAttribute("aria-atomic", "true");
    document.body.append(regions[kind]);
  }
  return regions[kind];
}

// The regions exist before their first message (a region added together with its text is not
// read by every screen reader).
if (document.body) {
  region("polite");
  region("assertive");
} else {
  addEventListener("DOMContentLoaded", () => { region("polite"); region("assertive"); }, { once: true });
}

/** Says `text` once through the polite live region (the assertive one with `{assertive: true}`). */
export function announce(text, { assertive = false } = {}) {
  const message = String(text ?? "").trim();
  const now = Date.now();
  if (!message || (message === last.text && now - last.at < REPEAT_MS)) return;
  last = { text: message, at: now };
  const target = region(assertive ? "assertive" : "polite");
  // Messages of one moment (a score and a record) are read together, in order.
  target.textContent = target.dataset.at && now - Number(target.dataset.at) < 100 ? `${target.textContent} ${message}` : message;
  target.dataset.at = String(now);
}

/**
 * Sets the text of `node` (inside a live region) only when it differs: writing the same text
 * again replaces the text node, and screen readers read it out again. Returns whether it changed.
 */
export function setLiveText(node, text) {
  const value = String(text ?? "");
  if (node.textContent === value) return false;
  node.textContent = value;
  return true;
}
