// The player's answer on its way to the server (`POST /api/classroom/round/answer`), kept through
// an outage: an answer given while the connection is down waits (also across a reload of the
// page: sessionStorage) and is sent as soon as the connection is back. The server decides
// whether it still counts: if the question closed meanwhile, or the answer's round is over (the
// answer names its round), it refuses it, and the player is told that it arrived too late.

const KEY = "adivina-clase-answer";
const RETRY_MS = 1500;

/**
 * `onChange(entry)` runs whenever the answer's state changes. `entry` is null or
 * `{round, question, answer, status, result, message}`: status `sending`, `waiting` (no connection: it
 * goes when it is back), `sent` (result `{result, points}`), `late` (the question had closed) or
 * `refused` (the server's message).
 */
export class AnswerOutbox {
  constructor(onChange) {
    this.onChange = onChange;
    this.entry = null;
    this.timer = 0;
    this.busy = false;
    try {
      const saved = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
      if (saved && Number.isInteger(saved.round) && Number.isInteger(saved.question)) this.entry = { ...saved, status: "waiting", delayed: true };
    } catch {
      // Nothing saved (or storage off): start empty.
    }
    addEventListener("online", () => this.flush());
    if (this.entry) queueMicrotask(() => this.flush());
  }

  /** The entry of question `number` of round `round`, or null. */
  of(round, number) {
    const entry = this.entry;
    return entry && entry.round === round && entry.question === number ? entry : null;
  }

  /** Sends `answer` to question `number` of round `round` (the page's only answer to it). */
  send(round, number, answer) {
    this.entry = { round, question: number, answer, status: "sending", delayed: false };
    this.flush();
  }

  update(changes) {
    this.entry = { ...this.entry, ...changes };
    const open = this.entry.status === "sending" || this.entry.status === "waiting";
    try {
      if (open) sessionStorage.setItem(KEY, JSON.stringify({ round: this.entry.round, question: this.entry.question, answer: this.entry.answer }));
      else sessionStorage.removeItem(KEY);
    } catch {
      // Storage off: the answer still waits in this page.
    }
    this.onChange(this.entry);
  }

  /** Tries to send the waiting answer now (once at a time). */
  async flush() {
    const entry = this.entry;
    if (!entry || this.busy || !(entry.status === "sending" || entry.status === "waiting")) return;
    clearTimeout(this.timer);
    this.busy = true;
    let response = null;
    let data = null;
    try {
      response = await fetch("/api/classroom/round/answer", {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ round: entry.round, question: entry.question, answer: entry.answer }),
      });
      data = await response.json().catch(() => ({}));
    } catch {
      response = null;
    } finally {
      this.busy = false;
    }
    if (this.entry !== entry) return; // another answer replaced it meanwhile
    if (!response || response.status >= 500 || response.status === 429) {
      // No connection (or a busy server): keep it and try again.
      this.update({ status: "waiting", delayed: true });
      this.timer = setTimeout(() => this.flush(), RETRY_MS);
    } else if (response.ok) {
      this.update({ status: "sent", result: data });
    } else if (entry.delayed && response.status === 409) {
      this.update({ status: "late", message: typeof data?.error === "string" ? data.error : "" });
    } else {
      this.update({ status: "refused", message: typeof data?.error === "string" && data.error ? data.error : `El servidor respondió con un error (${response.status}).` });
    }
  }
}
