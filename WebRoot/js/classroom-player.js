// What the game pages (quizzes, trivia) do in a classroom round: find out whether this browser
// is a classroom player's, follow the room (topic `classroom`) and the player's own answers, and
// draw the screens of a round that are not a question: waiting for the host, the round's result,
// no round of this game, removed from the class.
//
// Which pages ask: the server sets the marker cookie `adivina_clase=1` (readable by scripts, no
// secret in it) along with the player's HttpOnly cookie, on joining and on every `GET me`
// (the rule is written down in Sources/AdivinaApp/ClassroomRoutes.swift). A game page asks
// `GET /api/classroom/me` only when it finds the marker, however it was opened (the class page,
// a bookmark, a new tab), so a single player's pages make no classroom request at all. A refused
// `GET me` (401: removed, or the server restarted; 404: no classroom mode) clears the marker and
// the page plays single-player. The pages load this module only when the marker is there
// (classroom-door.js).
import { subscribe } from "./events.js";
import { el, sym, announce } from "./ui.js";
import { createCountdown, syncServerClock } from "./countdown.js";
import { hasMarker, forgetMarker } from "./classroom-door.js";

const ATTEMPTS = 3; // a busy server (429) or a dropped request gets two more tries
const RETRY_MS = 400;
const REPLY_GRACE_MS = 1000; // how long an answer's reply may trail the room's count of it

/**
 * The player's `{id, name, score, answered}`; null when the server says this browser is no
 * player (the marker is cleared), undefined when it could not be asked.
 */
async function fetchMe() {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let response = null;
    try {
      response = await fetch("/api/classroom/me", { headers: { Accept: "application/json" }, cache: "no-store" });
      if (response.status === 200) return await response.json();
    } catch {
      // No answer (or not JSON): try again.
    }
    if (response && response.status >= 400 && response.status < 500 && response.status !== 429) {
      forgetMarker();
      return null;
    }
    if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt));
  }
  return undefined;
}

/**
 * A classroom player as a game page sees them: `me` (`GET me`), `room` (the latest `classroom`
 * snapshot), `mine` (the player's row in it; null once the host removed them) and the numbers of
 * the round's questions they have answered.
 */
class ClassroomSeat {
  constructor(me, onChange) {
    this.me = me;
    this.room = null;
    this.mine = null;
    this.removed = false;
    this.seen = false;       // whether a room snapshot has shown this player yet
    this.answered = new Set(me.answered ?? []);
    this.onChange = onChange;
    this.phase = null;       // the room's phase when `answered` was last read
    this.question = null;    // the room's question then
    this.refreshing = false;
    this.refreshAgain = false;
    this.catchUp = null;     // the timer of `refreshUnlessAnswered`
  }

  /** Whether the player has answered question `number` (1-based) of the round. */
  hasAnswered(number) {
    return this.answered.has(number);
  }

  /**
   * Notes an answer the page just sent (the room confirms it a moment later) and the points its
   * reply says it earned: the reply carries them, so the verdict shows them without asking the
   * server again (the room's snapshot travels on another connection, and may come before or
   * after the reply).
   */
  markAnswered(number, points) {
    this.answered.add(number);
    if (Number.isInteger(points)) this.me = { ...this.me, points: { ...this.me.points, [String(number)]: points } };
  }

  /** Notes when the player's time for the question they are on now ends (self-paced, timed). */
  noteDeadline(deadline) {
    this.me = { ...this.me, deadline: Number.isFinite(deadline) ? deadline : null };
  }

  receive(room) {
    this.room = room;
    const players = Array.isArray(room.players) ? room.players : [];
    this.mine = players.find((player) => player.id === this.me.id) ?? null;
    if (!this.mine && !this.seen) {
      // Not in the room's state yet (a snapshot from before the player joined): wait for the
      // next one, asking the server meanwhile whether the player is still there.
      this.refresh();
      return;
    }
    if (!this.mine) {
      // The host removed this player: the cookie no longer names anybody.
      this.removed = true;
      forgetMarker();
    } else if ((this.phase !== null && room.phase !== this.phase)
      || (room.timer && this.question !== null && room.question !== this.question)) {
      // A new round, or a new timed question (the host may have given this player extra time):
      // ask again.
      this.refresh();
    } else if (this.mine.progress !== this.answered.size) {
      // An answer this page did not send (another tab), or one whose reply is still on its way
      // (it travels on another connection): ask again unless the reply comes meanwhile.
      this.refreshUnlessAnswered();
    }
    this.phase = room.phase;
    this.question = room.question;
    this.seen ||= Boolean(this.mine);
    this.onChange(this);
  }

  /** Asks again in a moment unless the page's own answers catch up with the room's count. */
  refreshUnlessAnswered() {
    clearTimeout(this.catchUp);
    this.catchUp = setTimeout(() => {
      if (this.mine && this.mine.progress !== this.answered.size) this.refresh();
    }, REPLY_GRACE_MS);
  }

  async refresh() {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = true;
    const me = await fetchMe();
    this.refreshing = false;
    if (me) {
      this.me = me;
      this.answered = new Set(me.answered ?? []);
      this.onChange(this);
    } else if (me === null && !this.removed) {
      // The server no longer knows this player (removed, or restarted).
      this.removed = true;
      this.onChange(this);
    }
    if (this.refreshAgain) {
      this.refreshAgain = false;
      this.refresh();
    }
  }
}

/**
 * Resolves to the player's seat when this browser plays in a classroom, else to null (without
 * the marker nothing is asked). `onChange(seat)` runs on every snapshot of the room and whenever
 * the player's answers are read again.
 */
export async function classroomSeat(onChange) {
  if (!hasMarker()) return null;
  const me = await fetchMe();
  if (!me) return null;
  const seat = new ClassroomSeat(me, onChange);
  await syncServerClock();
  subscribe("classroom", (room) => seat.receive(room));
  return seat;
}

// ---------- news that travel apart ----------

const NEWS_GRACE_MS = 1000; // how long the room's news and the game's may trail each other
let laggingKey = null;
let laggingSettled = false;
let laggingTimer = 0;

/**
 * Whether a mismatch between the room and the game's own state (named by `key`) may only be one
 * of them still on its way: the two topics are sent apart, so when the host moves on a page may
 * hear of it from one before the other. True for the first moments of a mismatch, then
 * `redraw()` runs to draw it as it is; a new `key` starts again.
 */
export function newsMayLag(key, redraw) {
  if (key !== laggingKey) {
    laggingKey = key;
    laggingSettled = false;
    clearTimeout(laggingTimer);
    laggingTimer = setTimeout(() => {
      laggingSettled = true;
      redraw();
    }, NEWS_GRACE_MS);
  }
  return !laggingSettled;
}

// ---------- the timer ----------

/** The countdown of the player's question (hidden without a timer), placed by the page. */
export const playerCountdown = createCountdown("player-countdown", () => announce("Se acabó el tiempo."));

/**
 * Runs the countdown of question `number` for the player: host-paced, the room's (stretched by
 * their extra time); self-paced, `endsAt` when the page knows it (its own opening), else none.
 */
export function showCountdown(seat, number, endsAt = null) {
  const room = seat.room;
  const factor = seat.me.timeFactor ?? 1;
  const deadline = room?.phase === "playing" ? room.deadline : null;
  if (room && !room.selfPaced && deadline && deadline.question === number) {
    const total = (deadline.endsAt - deadline.openedAt) * factor;
    playerCountdown.show(deadline.openedAt + total, total);
  } else if (room?.selfPaced && room.timer && Number.isFinite(endsAt)) {
    playerCountdown.show(endsAt, room.timer.seconds * 1000 * factor);
  } else {
    playerCountdown.hide();
  }
}

/** Whether the room has closed question `number` (host-paced: its chart is out). */
export function questionClosed(seat, number) {
  const room = seat.room;
  return Boolean(room && !room.selfPaced && room.chart && room.chart.question === number);
}

/** The points the player's answer to question `number` earned, as "+875 puntos", or "". */
export function earned(seat, number) {
  const points = seat.me.points?.[String(number)];
  if (!Number.isInteger(points) || !seat.room?.timer?.speedPoints) return "";
  return ` +${points} punto${points === 1 ? "" : "s"}.`;
}

/** Points a navigation bar's back link (`<a><sym/><span>label</span></a>`) at the class page. */
export function backToClass(link) {
  link.href = "/clase/";
  link.lastElementChild.textContent = "Clase";
}

// ---------- waiting for the host ----------

const waitingTitle = el("p", { className: "empty-title", id: "waiting-title", text: "Esperando al anfitrión…" });
const waitingLine = el("p", { className: "empty-message", id: "waiting-detail" });
const waitingResult = el("p", { className: "result-line", id: "waiting-result", hidden: true });
const waiting = el("div", { className: "empty", id: "waiting", role: "status" },
  el("span", { className: "spinner", "aria-hidden": "true" }), waitingTitle, waitingLine, waitingResult);

/**
 * Shows "Esperando al anfitrión…" in `screen` with `detail` under it and, if given, how the
 * player's last answer went (`{right, text}`).
 */
export function showWaiting(screen, detail, result = null) {
  // A live region: each room snapshot (another player's answer) must not make it speak again.
  const key = `${detail} ${result ? `${result.right} ${result.text}` : ""}`;
  if (waiting.isConnected && waiting.dataset.shown === key) return;
  waiting.dataset.shown = key;
  waitingLine.textContent = detail;
  waitingResult.hidden = !result;
  if (result) {
    waitingResult.className = `result-line ${result.right ? "good" : "bad"}`;
    waitingResult.replaceChildren(sym(result.right ? "checkmark-circle-fill" : "xmark-circle-fill"), el("span", { text: result.text }));
  }
  if (!waiting.isConnected) screen.replaceChildren(waiting);
}

// ---------- the round's end ----------

const ring = el("div", { className: "score-ring", role: "img" },
  el("b", { id: "class-score", className: "tnum" }), el("span", { id: "class-total" }));
const endTitle = el("h2", { className: "result-title", id: "class-title", text: "Ronda terminada" });
const endMessage = el("p", { className: "result-message", id: "class-message" });
const endPlace = el("p", { className: "result-message", id: "class-place" });
const roundEnd = el("div", { className: "result-screen", id: "class-result" },
  ring, endTitle, endMessage, endPlace,
  el("div", { className: "btn-row" },
    el("a", { className: "btn btn-tinted", id: "back-to-class", href: "/clase/", text: "Volver a la clase" })));

/** The player's place once the round is over: the podium's, else 1 + players with more points. */
function placeOf(room, mine) {
  const step = (Array.isArray(room.podium) ? room.podium : []).find((row) => row.id === mine.id);
  if (step) return step.position;
  return 1 + room.players.filter((player) => player.score > mine.score).length;
}

/**
 * Shows the player's result of the finished round in `screen`: their score (else `score`), of
 * the round's questions (else `total`), their place, and the way back to the class page.
 */
export function showRoundEnd(screen, seat, { app, score = 0, total = 0 }) {
  const room = seat.room;
  const mine = seat.mine;
  const points = mine ? mine.score : score;
  const questions = room.total || total;
  ring.querySelector("b").textContent = String(points);
  ring.querySelector("span").textContent = `de ${questions}`;
  ring.setAttribute("aria-label", `${points} de ${questions}`);
  ring.style.setProperty("--p", questions ? String(points / questions) : "0");
  ring.style.setProperty("--ring", points / (questions || 1) >= 0.5 ? "var(--green)" : "var(--orange)");
  endMessage.textContent = `Has acertado ${points} de ${questions} preguntas.`;
  endPlace.textContent = mine ? `Has quedado en el puesto ${placeOf(room, mine)}.` : "";
  endPlace.hidden = !mine;
  document.title = `Ronda terminada: ${points} / ${questions} · ${app} · Adivina`;
  if (!roundEnd.isConnected) {
    screen.replaceChildren(roundEnd);
    announce(`Ronda terminada. ${endMessage.textContent} ${endPlace.textContent}`);
  }
}

// ---------- no round to play here ----------

/**
 * Shows in `screen` why there is nothing to play: the host removed the player, or no round of
 * `app` is on; with the way back to the class page.
 */
export function showNoRound(screen, seat, app) {
  const title = seat.removed ? "Ya no estás en la clase" : `No hay ninguna ronda de ${app} en marcha`;
  const message = seat.removed
    ? "El anfitrión te ha quitado de la clase. Puedes volver a unirte."
    : "Vuelve a la clase: allí verás cuándo empieza la ronda.";
  document.title = `${app} · Adivina`;
  if (screen.querySelector("#no-round")?.dataset.title === title) return; // keeps the keyboard focus
  screen.replaceChildren(el("div", { className: "empty", id: "no-round", dataset: { title } },
    sym(seat.removed ? "person-circle-fill" : "questionmark"),
    el("p", { className: "empty-title", text: title }),
    el("p", { className: "empty-message", text: message }),
    el("a", { className: "btn btn-tinted", id: "back-to-class", href: "/clase/", text: "Volver a la clase" })));
}
