// The host's "Mis preguntas": their own quiz sets (kept by the server, /api/classroom/sets):
// list, create, edit, duplicate, delete, download one (quizzes.json, or GIFT and XML for Moodle;
// the import is set-import.js), "Jugar este conjunto"; and which set a quizzes round plays (the
// "Preguntas de Quizzes" choice of the round section), which is the server's (the room's `set`:
// every host tab and a reload show it).
import { act, subscribe } from "../js/events.js";
import { el, announce, showAlert } from "../js/ui.js";

const $ = (id) => document.getElementById(id);

const list = $("sets");
const empty = $("sets-empty");
const newButton = $("new-set");
const roundSet = $("round-set");


/** "1 pregunta" / "3 preguntas". */
function questions(count) {
  return `${count} pregunta${count === 1 ? "" : "s"}`;
}

/** The body of the game choice for `game`: a quizzes round's `set` (an id, or null: the quiz source). */
export function roundChoice(game) {
  return game === "quizzes" ? { set: roundSet.value ? Number(roundSet.value) : null } : {};
}

let following = false;
let serverSet = ""; // the room's chosen set, as the select's value
let choosing = false; // a choice of the host's is on its way: the room's news must not undo it

/** Shows the room's chosen set in the select (once its option is there). */
function showServerSet() {
  if (choosing) return;
  if ([...roundSet.options].some((option) => option.value === serverSet)) roundSet.value = serverSet;
}

/** A choice the server refused: the select shows the server's again. */
export function choiceRefused() {
  choosing = false;
  showServerSet();
}

/** Lists the sets (and the round's choice); called once the host is in. */
export async function showSets() {
  if (!following) {
    following = true;
    // The round's questions are chosen before it starts, not while it plays.
    subscribe("classroom", (room) => {
      roundSet.disabled = room.phase === "playing";
      serverSet = room.set && Number.isInteger(room.set.id) ? String(room.set.id) : "";
      if (choosing && roundSet.value === serverSet) choosing = false;
      showServerSet();
    });
  }
  const sets = await act("GET", "/api/classroom/sets");
  if (!Array.isArray(sets)) return;
  empty.hidden = sets.length > 0;
  list.hidden = sets.length === 0;
  list.replaceChildren(...sets.map(row));
  const chosen = choosing ? roundSet.value : serverSet;
  roundSet.replaceChildren(
    el("option", { value: "", text: "Del servidor de preguntas" }),
    ...sets.map((set) => el("option", { value: String(set.id), text: `${set.title} (${questions(set.count)})` })));
  roundSet.value = sets.some((set) => String(set.id) === chosen) ? chosen : "";
}

function row(set) {
  const name = `«${set.title}»`;
  return el("li", { className: "row set-row", dataset: { id: set.id } },
    el("div", { className: "row-main" },
      el("span", { className: "set-name", text: set.title }),
      el("span", { className: "row-detail set-count", text: questions(set.count) })),
    el("div", { className: "set-buttons" },
      el("button", { type: "button", className: "btn btn-small set-play", text: "Jugar este conjunto", "aria-label": `Jugar ${name}`, onclick: () => play(set) }),
      el("button", { type: "button", className: "btn btn-small btn-gray set-edit", text: "Editar", "aria-label": `Editar ${name}`, onclick: (event) => edit(set.id, event.currentTarget) }),
      el("button", { type: "button", className: "btn btn-small btn-gray set-duplicate", text: "Duplicar", "aria-label": `Duplicar ${name}`, onclick: () => duplicate(set) }),
      el("a", {
        className: "btn btn-small btn-gray set-download", text: "Descargar", "aria-label": `Descargar ${name} como quizzes.json`,
        href: `/api/classroom/sets/${set.id}/quizzes.json`, download: "quizzes.json",
      }),
      ...["GIFT", "XML"].map((format) => el("a", {
        className: "btn btn-small btn-gray set-moodle", text: `Descargar para Moodle (${format})`,
        "aria-label": `Descargar para Moodle (${format}): ${name}`,
        href: `/api/classroom/sets/${set.id}/export.${format.toLowerCase()}`, download: "",
      })),
      el("button", { type: "button", className: "btn btn-small btn-gray set-delete", text: "Borrar", "aria-label": `Borrar ${name}`, onclick: () => remove(set) })));
}

/** Makes `set` the round's questions (the host's page sends it: `playset`) and goes to Empezar. */
function play(set) {
  roundSet.value = String(set.id);
  choosing = true;
  roundSet.dispatchEvent(new CustomEvent("playset", { bubbles: true, detail: set }));
}

async function duplicate(set) {
  const made = await act("POST", `/api/classroom/sets/${set.id}/duplicate`);
  if (!made) return;
  await showSets();
  announce(`Copia de «${set.title}» creada.`);
  list.querySelector(`[data-id="${made.id}"] .set-edit`)?.focus();
}

async function remove(set) {
  const sure = await showAlert({
    title: `¿Borrar «${set.title}»?`,
    message: `Se borrarán sus ${questions(set.count)}. No se puede deshacer.`,
    actions: [
      { label: "Borrar", value: true, destructive: true },
      { label: "Cancelar", value: false, preferred: true },
    ],
  });
  if (!sure || !(await act("DELETE", `/api/classroom/sets/${set.id}`))) return;
  await showSets();
  announce(`«${set.title}» borrado.`);
  newButton.focus();
}

// ---------- the editor (set-editor.js, loaded when first opened) ----------

/** Opens the editor on `set` (null: a new one); `opener` gets the focus back when it closes. */
async function openEditor(set, opener) {
  const { editSet } = await import("./set-editor.js");
  editSet(set, opener, async (saved, title) => {
    await showSets();
    announce(`«${title}» guardado.`);
    (list.querySelector(`[data-id="${saved.id}"] .set-edit`) ?? newButton).focus();
  });
}

async function edit(id, opener) {
  const set = await act("GET", `/api/classroom/sets/${id}`);
  if (set) await openEditor(set, opener);
}

newButton.addEventListener("click", () => openEditor(null, newButton));

// ---------- the round's choice ----------

// With a game already picked, the host's page sends the new choice at once (host.js).
roundSet.addEventListener("change", () => {
  choosing = true;
  roundSet.dispatchEvent(new Event("choicechange", { bubbles: true }));
});
