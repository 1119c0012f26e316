// The player's round on the phone (topic `round`: the player's own view of it, `RoundView`, one
// snapshot, so the room's news and the player's can't arrive apart). The screen follows the round
// by itself: the 3-2-1 until `startsAt`, the question with its tiles or its field, the answer sent
// (or waiting for the connection), the verdict with the right answer, the points and the place,
// and the end. Phases: lobby, question, unopened (self-paced: "Ver la pregunta"), closed, done
// (self-paced: all answered), finished. It owns the lobby card too: the player's points and the
// room's state come in the same view (the phone follows no other topic).
import { subscribe } from "../js/events.js";
import { el, sym, announce, setLiveText } from "../js/ui.js";
import { createCountdown, serverNow, syncServerClock } from "../js/countdown.js";
import { createGetReady } from "./get-ready.js";
import { AnswerOutbox } from "./answer-outbox.js";
import { questionImage } from "./question-image.js";
import { hasTiles, letter, optionTexts, tile } from "./tiles.js";
import { answerForm } from "./answer-form.js";
import { ordinal, pointsText } from "./words.js";
import { withMath } from "../js/tex-math.js";
import { markdownWords, withQuestionText } from "../js/markdown-text.js";

const slot = document.getElementById("round");
const meCode = document.getElementById("me-code");
const lateNote = document.getElementById("late-note");
const lobbyCard = document.getElementById("lobby-card");
const roomStatus = document.getElementById("room-status");
const meScore = document.getElementById("me-score");
const countdown = createCountdown("player-countdown", () => announce("Se acabó el tiempo."));
const getReady = createGetReady("get-ready");
const outbox = new AnswerOutbox(() => latest && render(latest));

let latest = null;
let shownKey = "";     // what the slot shows now: a new key redraws it
let status = null;     // the question screen's status line

// Everything this page keeps of a question (the outbox's entry, the screen it shows) is under the
// round's id and the question's number: a new round starts clean.
const questionKey = (view) => `${view.round}:${view.question}`;

/** A question screen's heading: "Pregunta n de m" and the countdown. */
function questionHead(view) {
  return el("div", { className: "round-head" },
    el("p", { className: "round-number", id: "round-number", text: `Pregunta ${view.question} de ${view.total}` }),
    countdown.element);
}

/** The player's countdown: from `startsAt` to their `deadline` (their extra time counted). */
function showCountdown(view) {
  const endsAt = Number(view.deadline);
  const startsAt = Number(view.startsAt);
  if (view.phase === "question" && view.deadline !== null && Number.isFinite(endsAt)) {
    countdown.show(endsAt, Number.isFinite(startsAt) ? endsAt - startsAt : endsAt - serverNow());
  } else {
    countdown.hide();
  }
}

/** The question itself: text and image. */
function questionBody(view) {
  return [
    withQuestionText(el("h2", { className: "round-question", id: "round-question" }), view.text, view.markdown),
    typeof view.image === "string" && view.image ? questionImage(view.image, "Imagen de la pregunta") : null,
  ];
}

/** How the player's answer `answer` to `view` reads ("B: Roma", "Verdadero", "3,5", "París"). */
function describeAnswer(view, answer) {
  const texts = optionTexts(view.kind, view.options);
  if (view.kind === "truefalse") return answer === true ? "Verdadero" : answer === false ? "Falso" : "";
  if (Array.isArray(answer)) return answer.map((index) => `${letter(index)}: ${texts[index] ?? ""}`).join(", ");
  if (view.kind === "poll" && Number.isInteger(answer)) return `${letter(answer)}: ${texts[answer] ?? ""}`;
  if (typeof answer === "number") return answer.toLocaleString("es-ES", { maximumFractionDigits: 10 });
  return typeof answer === "string" ? answer : "";
}

function send(view, answer) {
  outbox.send(view.round, view.question, answer);
}

/** The tiles of a choice, true/false or poll question: one tap answers it; a choice the teacher
 * made multiple (`multiple`): mark every right one, then Enviar. */
function tileButtons(view) {
  const texts = optionTexts(view.kind, view.options);
  const several = view.kind === "choice" && view.multiple === true;
  const picked = new Set();
  const sendButton = several
    ? el("button", { type: "button", className: "btn btn-block send-choices", id: "send-choices", text: "Enviar", disabled: true })
    : null;
  const buttons = texts.map((text, index) => tile("button", index, text, {
    type: "button",
    "aria-label": `${letter(index)}: ${text}`,
    "aria-pressed": several ? "false" : undefined,
    onclick: (event) => {
      if (several) {
        if (picked.has(index)) picked.delete(index); else picked.add(index);
        event.currentTarget.setAttribute("aria-pressed", String(picked.has(index)));
        sendButton.disabled = picked.size === 0;
        return;
      }
      const answer = view.kind === "truefalse" ? index === 0 : view.kind === "poll" ? index : [index];
      send(view, answer);
    },
  }));
  sendButton?.addEventListener("click", () => send(view, [...picked].sort((a, b) => a - b)));
  return [
    several ? el("p", { className: "round-hint", id: "round-hint", text: "Marca todas las correctas y pulsa Enviar." }) : null,
    el("div", { className: "tiles tiles-buttons", role: "group", "aria-label": "Respuestas" }, ...buttons),
    sendButton,
  ];
}

/** The open question, waiting for the player's answer. */
function questionScreen(view) {
  return el("div", { className: "round-card", id: "question-screen" },
    questionHead(view), ...questionBody(view),
    ...(hasTiles(view.kind) ? tileButtons(view) : [answerForm(view.kind, (answer) => send(view, answer))]));
}

/** What the player answered and where it is: sent, waiting for the connection, too late. */
function answeredScreen(view, entry) {
  // This page's answer while the outbox holds it, else the one the server has (after a reload).
  const answer = entry?.answer ?? view.given ?? undefined;
  status = el("p", { className: "round-status", id: "answer-status", role: "status" });
  const screen = el("div", { className: "round-card", id: "answered-screen" },
    questionHead(view), ...questionBody(view),
    answer === undefined ? null : el("p", { className: "your-answer", id: "your-answer" },
      el("span", { className: "your-answer-label", text: "Tu respuesta: " }), withMath(el("b"), describeAnswer(view, answer))),
    status);
  return screen;
}

function answerStatus(entry) {
  if (!entry || entry.status === "sent") return "Respuesta enviada. Espera a que se cierre la pregunta.";
  if (entry.status === "sending") return "Enviando tu respuesta…";
  if (entry.status === "waiting") return "Sin conexión: tu respuesta se enviará en cuanto vuelva.";
  if (entry.status === "late") return "Tu respuesta llegó tarde: la pregunta ya se había cerrado.";
  return entry.message;
}

/** The right answer as the phone says it: the right tiles ("B: Júpiter"), else the text. */
function rightAnswerText(view, verdict) {
  const texts = optionTexts(view.kind, view.options);
  const options = Array.isArray(verdict.rightOptions) ? verdict.rightOptions.filter((index) => index in texts) : [];
  if (hasTiles(view.kind) && options.length) return options.map((index) => `${letter(index)}: ${texts[index]}`).join(", ");
  return typeof verdict.rightAnswer === "string" ? verdict.rightAnswer : "";
}

/** The verdict of a closed question: right or not, the right answer, the points, the place. */
function verdictScreen(view) {
  const verdict = view.verdict ?? {};
  const entry = outbox.of(view.round, view.question);
  const poll = view.kind === "poll";
  const answered = view.answered === true;
  const right = verdict.right === true;
  const title = poll ? (answered ? "Tu voto cuenta" : "Sin voto")
    : !answered ? "Sin respuesta" : right ? "¡Correcto!" : "No es correcto";
  const tone = poll || !answered ? "neutral" : right ? "good" : "bad";
  const symbol = tone === "good" ? "checkmark-circle-fill" : tone === "bad" ? "xmark-circle-fill" : "questionmark";
  const correct = rightAnswerText(view, verdict);
  const points = Number.isInteger(verdict.points) ? verdict.points : 0;
  return el("div", { className: `round-card verdict verdict-${tone}`, id: "verdict-screen" },
    el("p", { className: "round-number", text: `Pregunta ${view.question} de ${view.total}` }),
    sym(symbol, "verdict-symbol"),
    el("h2", { className: "verdict-title", id: "verdict-title", text: title }),
    entry?.status === "late" ? el("p", { className: "round-status", id: "answer-status", text: answerStatus(entry) }) : null,
    !poll && correct ? el("p", { className: "verdict-answer", id: "verdict-answer" },
      el("span", { text: "Respuesta correcta: " }), withMath(el("b"), correct)) : null,
    // The feedback of their own option (each reads only theirs), then the question's, for all.
    typeof verdict.answerFeedback === "string" && verdict.answerFeedback
      ? withMath(el("p", { className: "verdict-feedback", id: "answer-feedback" }), verdict.answerFeedback) : null,
    typeof verdict.feedback === "string" && verdict.feedback ? withMath(el("p", { className: "verdict-feedback", id: "question-feedback" }), verdict.feedback) : null,
    poll ? null : el("p", { className: "verdict-points tnum", id: "verdict-points", text: `+${pointsText(points)}` }),
    rankLine(view, "verdict-rank"));
}

/** "Vas 2.º de 30 · 1850 puntos". */
function rankLine(view, id) {
  const rank = Number.isInteger(view.rank) && view.rank > 0 ? view.rank : null;
  const of = Number.isInteger(view.players) ? view.players : null;
  const place = rank ? `Vas ${ordinal(rank)}${of ? ` de ${of}` : ""}` : "";
  return el("p", { className: "verdict-rank tnum", id, text: [place, pointsText(view.score ?? 0)].filter(Boolean).join(" · ") });
}

/** The end of the round: "4 de 5 aciertos · 3699 puntos · puesto 1 de 30". */
function endScreen(view) {
  const right = view.rightCount ?? 0;
  // Of the questions asked while they were in the class (not those never shown, nor before they joined).
  const asked = Number.isInteger(view.asked) ? view.asked : view.total;
  const parts = [`${right} de ${asked} aciertos`, pointsText(view.score ?? 0)];
  if (Number.isInteger(view.rank) && view.rank > 0) parts.push(`puesto ${view.rank}${Number.isInteger(view.players) ? ` de ${view.players}` : ""}`);
  return el("div", { className: "round-card round-end", id: "end-screen" },
    sym("flag-checkered", "verdict-symbol"),
    el("h2", { className: "verdict-title", text: "Ronda terminada" }),
    el("p", { className: "round-end-line tnum", id: "end-line", text: parts.join(" · ") }));
}

/** Self-paced: how the player's last question went (the view's `previous`): right or not, the
 * points and, wrong, the right answer; or "Se acabó el tiempo" when it ran out. Null otherwise. */
function lastResult(view) {
  const previous = view.selfPaced && view.previous && typeof view.previous === "object" ? view.previous : null;
  if (!previous) return null;
  if (previous.timedOut) {
    return el("p", { className: "last-result bad", id: "last-result" }, `Se acabó el tiempo de la pregunta ${previous.question}.`);
  }
  const { right, points } = previous;
  const verdict = right === true ? "correcta" : right === false ? "no es correcta" : "recibida";
  const earned = Number.isInteger(points) && right !== null ? ` · +${pointsText(points)}` : "";
  const correct = right === false && typeof previous.rightAnswer === "string" && previous.rightAnswer
    ? [" · Respuesta correcta: ", withMath(el("b"), previous.rightAnswer)] : [];
  return el("p", { className: `last-result ${right === true ? "good" : right === false ? "bad" : ""}`, id: "last-result" },
    `Tu respuesta a la pregunta ${previous.question}: ${verdict}${earned}`, ...correct);
}

/** Self-paced: every question answered (or over), until the host ends the round. */
function doneScreen(view) {
  return el("div", { className: "round-card verdict", id: "done-screen" },
    lastResult(view),
    sym("checkmark-circle-fill", "verdict-symbol"),
    el("h2", { className: "verdict-title", text: "¡Ya está!" }),
    el("p", { className: "round-status", text: `Has llegado al final de las ${view.total} preguntas. Espera a que el anfitrión termine la ronda.` }),
    el("p", { className: "round-end-line tnum", id: "done-line", text: `${view.rightCount ?? 0} de ${Number.isInteger(view.asked) ? view.asked : view.total} aciertos` }),
    rankLine(view, "verdict-rank"));
}

/** Host-paced, joined once the question had closed: it was never theirs; the next one is (the
 * lobby card above shows their name and code meanwhile). */
function waitingScreen(view) {
  return el("div", { className: "round-card", id: "waiting-screen" },
    el("p", { className: "round-number", text: `Pregunta ${view.question} de ${view.total}` }),
    el("h2", { className: "round-question", text: "Ya estás en la ronda" }),
    el("p", { className: "round-status", text: "Esta pregunta se cerró antes de que entraras: la siguiente es tuya." }));
}

/** Self-paced: the next question waits until the player opens it (its time starts then). */
function openScreen(view, open) {
  return el("div", { className: "round-card", id: "open-screen" },
    lastResult(view),
    el("p", { className: "round-number", text: `Pregunta ${view.question} de ${view.total}` }),
    el("button", { type: "button", className: "btn btn-block btn-green open-question", id: "open-question", text: "Ver la pregunta", onclick: open }));
}

/** Puts the screen `make()` in the slot unless `key` is already shown; says `said(screen)`. */
function place(key, make, said = null) {
  if (key === shownKey) return;
  shownKey = key;
  const screen = make();
  slot.replaceChildren(screen);
  const text = said ? said(screen) : "";
  if (text) announce(text);
}

/** An answer that arrived after its question closed, said whatever screen the round is on now. */
function renderLate(view) {
  const entry = outbox.entry;
  const late = entry?.status === "late" && (entry.round !== view.round || entry.question !== view.question) ? entry : null;
  const text = !late ? ""
    : late.round !== view.round ? `Tu respuesta a la pregunta ${late.question} de la ronda anterior llegó tarde: aquella ronda ya había terminado.`
    : `Tu respuesta a la pregunta ${late.question} llegó tarde: la pregunta ya se había cerrado.`;
  if (lateNote.textContent !== text) setLiveText(lateNote, text);
  lateNote.hidden = !late;
}

/** The lobby card's lines: the player's points and what the room is doing, with how many are in it. */
function renderLobbyCard(view) {
  setLiveText(meScore, pointsText(Number.isInteger(view.score) ? view.score : 0));
  const others = Number.isInteger(view.players) ? Math.max(0, view.players - 1) : 0;
  const company = others === 0 ? "Aún no ha llegado nadie más." : `Estás con ${others} compañer${others === 1 ? "o" : "os"}.`;
  setLiveText(roomStatus, view.phase === "finished" ? "Ronda terminada. Espera a que empiece otra."
    : view.phase === "lobby" ? `Esperando a que empiece la ronda… ${company}`
    : "La ronda está en marcha.");
}

/** Draws `view`, keeping the screen (and what the player is typing) while it stays the same. */
function render(view) {
  latest = view;
  renderLate(view);
  renderLobbyCard(view);
  if (typeof view.rejoinCode === "string" && view.rejoinCode) {
    meCode.textContent = `Tu código para volver: ${view.rejoinCode}`;
    meCode.hidden = false;
  }
  const playing = view.phase !== "lobby" && view.phase !== "finished" && typeof view.phase === "string";
  // Shown in the lobby, and to a late joiner waiting for their first question (name and code).
  lobbyCard.hidden = (playing && view.phase !== "waiting") || view.phase === "finished";
  document.documentElement.classList.toggle("in-round", playing);
  if (view.phase !== "question") countdown.hide();
  if (view.phase !== "question") getReady.hide();
  if (view.phase === "finished") {
    place(`end ${view.round} ${view.score} ${view.rank} ${view.rightCount}`, () => endScreen(view), () => `Ronda terminada. ${document.getElementById("end-line").textContent}`);
    return;
  }
  if (!playing) {
    place("lobby", () => el("div"));
    return;
  }
  if (view.phase === "done") {
    place(`done ${view.round} ${view.rank} ${view.score} ${JSON.stringify(view.previous)}`, () => doneScreen(view),
      (screen) => [...screen.querySelectorAll("p, h2")].map((node) => node.textContent).join(" "));
    return;
  }
  if (view.phase === "unopened") {
    place(`open ${questionKey(view)} ${JSON.stringify(view.previous)}`, () => openScreen(view, () => openQuestion(view.round, view.question)),
      (screen) => screen.querySelector("#last-result")?.textContent ?? "");
    return;
  }
  if (view.phase === "waiting") {
    place(`waiting ${questionKey(view)}`, () => waitingScreen(view), (screen) => screen.textContent);
    return;
  }
  if (view.phase === "closed") {
    const entry = outbox.of(view.round, view.question);
    place(`verdict ${questionKey(view)} ${JSON.stringify(view.verdict)} ${view.rank} ${view.score} ${entry?.status}`,
      () => verdictScreen(view), (screen) => [...screen.querySelectorAll("h2, p:not(.round-number)")].map((node) => node.textContent).join(". "));
    return;
  }
  const startsAt = Number(view.startsAt);
  if (view.startsAt !== null && Number.isFinite(startsAt) && startsAt > serverNow()) {
    countdown.hide();
    place(`ready ${questionKey(view)}`, () => getReady.element);
    getReady.show(startsAt, `Pregunta ${view.question} de ${view.total}`, () => latest && render(latest));
    return;
  }
  getReady.hide();
  const entry = outbox.of(view.round, view.question);
  if (view.answered === true || entry) {
    place(`answered ${questionKey(view)}`, () => answeredScreen(view, entry));
    setLiveText(status, answerStatus(entry));
  } else {
    place(`question ${questionKey(view)} ${view.kind} ${view.text}`, () => questionScreen(view), () => `Pregunta ${view.question} de ${view.total}. ${view.markdown === true ? markdownWords(view.text) : view.text ?? ""}`);
  }
  showCountdown(view);
}

/** Self-paced: opens question `number` of round `round` (its time starts now); the view's news
 * then show it. */
async function openQuestion(round, number) {
  const button = document.getElementById("open-question");
  if (button) button.disabled = true;
  try {
    const response = await fetch("/api/classroom/round/open", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ round, question: number }),
    });
    if (response.ok && latest) {
      // `{"question":{"number","text","markdown","image","kind","options"},"startsAt","deadline"}`: drawn at
      // once (the view's news follow).
      const opened = await response.json();
      const question = opened.question ?? {};
      if (latest.phase === "unopened" && latest.round === round && latest.question === question.number) {
        render({ ...latest, phase: "question", text: question.text, markdown: question.markdown === true, image: question.image ?? null, kind: question.kind,
          options: Array.isArray(question.options) ? question.options : [], multiple: question.multiple === true, startsAt: opened.startsAt ?? null, deadline: opened.deadline ?? null });
      }
      return;
    }
  } catch {
    // No connection: the banner says so; the button stays to try again.
  }
  if (button) button.disabled = false;
}

/** Follows the player's round (once the player is in the class); → stops following it. */
export async function followRound() {
  await syncServerClock();
  shownKey = "";
  return subscribe("round", render);
}
