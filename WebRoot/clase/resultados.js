// The host's results (/api/classroom/rounds): the rounds kept, one round's questions with their
// percentage right as a bar chart (an SVG drawn here, with a table of the same figures), the
// players' table (sortable by name, right answers or points) and the downloads (.xlsx, CSV).
import { act, subscribe } from "../js/events.js";
import { el, announce, svg } from "../js/ui.js";
import { setupNavBar } from "../js/navbar.js";
import { GAME_NAMES } from "./clase-common.js";
import { whenHost } from "./host-login.js";
import { withMath } from "../js/tex-math.js";

const $ = (id) => document.getElementById(id);

const results = $("results");
const roundList = $("rounds");
const roundsEmpty = $("rounds-empty");
const roundBox = $("round");
const roundHeader = $("round-header");
const roundMeta = $("round-meta");
const csvLink = $("csv-link");
const xlsxLink = $("xlsx-link");
const chart = $("chart");
const chartLabel = $("chart-label");
const questionRows = document.querySelector("#questions tbody");
const playerTable = $("players");
const playerRows = playerTable.querySelector("tbody");
const sortHeaders = [...playerTable.querySelectorAll("th[data-key]")];

const dateTime = new Intl.DateTimeFormat("es", { dateStyle: "medium", timeStyle: "short" });
/** A sort's first direction: names A→Z, figures highest first. */
const FIRST_DIRECTION = { name: "ascending", right: "descending", points: "descending" };
const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true });

let rounds = [];
let shown = null; // the round shown: {round, questions, players}
let sort = { key: "points", direction: "descending" };
let lastPhase = null;
let drawnWidth = 0; // the chart's width when last drawn

setupNavBar($("navbar"));

/** The set a round played ("Capitales"), or its game's name when it played none. */
function roundSource(round) {
  const title = typeof round.setTitle === "string" && round.setTitle ? round.setTitle : round.set?.title;
  return typeof title === "string" && title ? title : GAME_NAMES[round.game] ?? round.game;
}

function roundName(round) {
  return `${roundSource(round)} · ${dateTime.format(new Date(round.startedAt))}`;
}

function playersText(count) {
  return `${count} jugador${count === 1 ? "" : "es"}`;
}

/** The id in the address (`#ronda-7`; `#ultima`: the newest round), or null. */
function roundInAddress() {
  if (location.hash === "#ultima") return rounds[0]?.id ?? null;
  const match = /^#ronda-(\d+)$/.exec(location.hash);
  return match ? Number(match[1]) : null;
}

async function loadRounds() {
  const list = await act("GET", "/api/classroom/rounds");
  if (!Array.isArray(list)) return;
  rounds = list;
  roundsEmpty.hidden = rounds.length > 0;
  roundList.hidden = rounds.length === 0;
  roundList.replaceChildren(...rounds.map((round) => el("li", { className: "row round-row", dataset: { id: round.id } },
    el("a", { className: "row-main row-link row-stretch round-link", href: `#ronda-${round.id}` },
      el("span", { className: "round-name", text: roundName(round) }),
      el("span", { className: "row-detail", text: `${playersText(round.players)}${roundState(round)}` })),
    el("span", { className: "disclosure", "aria-hidden": "true" }))));
  markCurrent();
}

/** " · sin terminar" for a round that never ended, " · interrumpida" for one Adivina closed when
 * it started again after stopping during it; "" otherwise. */
function roundState(round) {
  return !round.endedAt ? " · sin terminar" : round.interrupted ? " · interrumpida" : "";
}

function markCurrent() {
  for (const link of roundList.querySelectorAll(".round-link")) {
    const current = shown && link.closest("li").dataset.id === String(shown.round.id);
    if (current) link.setAttribute("aria-current", "true");
    else link.removeAttribute("aria-current");
  }
}

async function showRound(id, { focus = false } = {}) {
  if (id === null) {
    shown = null;
    roundBox.hidden = true;
    markCurrent();
    return;
  }
  const report = await act("GET", `/api/classroom/rounds/${id}`);
  if (!report) return;
  shown = report;
  const round = report.round;
  roundHeader.textContent = `Ronda del ${dateTime.format(new Date(round.startedAt))}`;
  const parts = [roundSource(round), playersText(round.players), `${report.questions.length} preguntas`];
  const state = roundState(round);
  if (state) parts.push(state.slice(3));
  roundMeta.textContent = parts.join(" · ");
  for (const [link, type] of [[xlsxLink, "xlsx"], [csvLink, "csv"]]) {
    link.href = `/api/classroom/rounds/${round.id}/results.${type}`;
    link.setAttribute("download", `resultados-ronda-${round.id}.${type}`);
  }
  roundBox.hidden = false;
  drawChart(report.questions);
  questionRows.replaceChildren(...report.questions.map((question) => el("tr", {},
    el("th", { scope: "row", className: "question-text" }, el("span", { className: "question-number", text: `P${question.number}` }), " ", withMath(el("span"), question.question)),
    el("td", { className: "number", text: `${question.percentRight} %` }),
    el("td", { className: "number", text: String(question.answered) }),
    withMath(el("td"), question.wrongAnswers.map((answer) => `${answer.text} (${answer.count})`).join(", ") || "—"))));
  renderPlayers();
  markCurrent();
  if (focus) roundHeader.focus();
}

/** One bar per question, its length the percentage right; the title says every figure. */
function drawChart(questions) {
  const row = 30;
  const labelWidth = 44;
  const valueWidth = 64;
  // As wide as drawn, so that the text keeps its size on a phone.
  const width = Math.max(240, Math.round(chart.getBoundingClientRect().width) || 600);
  const barSpace = width - labelWidth - valueWidth;
  const height = Math.max(row, questions.length * row) + 24;
  drawnWidth = width;
  chart.setAttribute("viewBox", `0 0 ${width} ${height}`);
  chartLabel.textContent = `Porcentaje de aciertos por pregunta: ${questions
    .map((question) => `pregunta ${question.number}, ${question.percentRight} %`).join("; ")}.`;
  const shapes = [];
  for (const line of [0, 50, 100]) {
    const x = labelWidth + (barSpace * line) / 100;
    shapes.push(svg("line", { class: "chart-grid", x1: x, x2: x, y1: 0, y2: height - 20 }));
    shapes.push(svg("text", { class: "chart-axis", x, y: height - 4, "text-anchor": "middle" }, `${line} %`));
  }
  questions.forEach((question, index) => {
    const y = index * row;
    shapes.push(svg("text", { class: "chart-label", x: labelWidth - 10, y: y + row / 2 + 5, "text-anchor": "end" }, `P${question.number}`));
    shapes.push(svg("rect", { class: "chart-track", x: labelWidth, y: y + 6, width: barSpace, height: row - 12, rx: 5 }));
    if (question.percentRight > 0) {
      shapes.push(svg("rect", {
        class: "chart-bar", x: labelWidth, y: y + 6, width: (barSpace * question.percentRight) / 100, height: row - 12, rx: 5,
      }));
    }
    shapes.push(svg("text", { class: "chart-value", x: width - 4, y: y + row / 2 + 5, "text-anchor": "end" }, `${question.percentRight} %`));
  });
  chart.replaceChildren(chartLabel, ...shapes);
}

function renderPlayers() {
  if (!shown) return;
  const sign = sort.direction === "ascending" ? 1 : -1;
  const players = [...shown.players].sort((a, b) => {
    const order = sort.key === "name" ? collator.compare(a.name, b.name) : a[sort.key] - b[sort.key];
    return order !== 0 ? sign * order : collator.compare(a.name, b.name);
  });
  playerRows.replaceChildren(...players.map((player) => el("tr", { dataset: { id: player.id } },
    el("th", { scope: "row", className: "player-cell", text: player.name }),
    el("td", { className: "number", text: `${player.right} de ${player.asked}` }),
    el("td", { className: "number", text: String(player.points) }))));
  for (const header of sortHeaders) {
    if (header.dataset.key === sort.key) header.setAttribute("aria-sort", sort.direction);
    else header.removeAttribute("aria-sort");
  }
}

for (const header of sortHeaders) {
  header.querySelector("button").addEventListener("click", () => {
    const key = header.dataset.key;
    const direction = sort.key === key
      ? (sort.direction === "ascending" ? "descending" : "ascending")
      : FIRST_DIRECTION[key];
    sort = { key, direction };
    renderPlayers();
    const name = header.querySelector("button").firstChild.textContent;
    const order = key === "name"
      ? (direction === "ascending" ? "de la A a la Z" : "de la Z a la A")
      : (direction === "ascending" ? "de menor a mayor" : "de mayor a menor");
    announce(`Ordenado por ${name.toLowerCase()}, ${order}.`);
  });
}

// The chart is drawn at its width: again when that changes (a phone turned, a window resized).
new ResizeObserver(([entry]) => {
  const width = Math.round(entry.contentRect.width);
  if (shown && width > 0 && width !== drawnWidth) drawChart(shown.questions);
}).observe(chart);

window.addEventListener("hashchange", () => showRound(roundInAddress(), { focus: true }));

whenHost(async () => {
  results.hidden = false;
  await loadRounds();
  await showRound(roundInAddress());
  // A round that ends while the page is open joins the list.
  subscribe("classroom", (room) => {
    if (lastPhase !== null && room.phase !== lastPhase) loadRounds();
    lastPhase = room.phase;
  });
});
