// The host's "Mis preguntas": their own quiz sets (kept by the server, /api/classroom/sets):
// list, create, edit, duplicate, delete, download one (quizzes.json, or GIFT and XML for Moodle;
// the import is set-import.js); and which
// set a quizzes round plays (the "Preguntas de Quizzes" choice of the round section).
import { act, subscribe } from "../js/events.js";
import { el, announce, showAlert } from "../js/ui.js";

const $ = (id) => document.getElementById(id);

const list = $("sets");
const empty = $("sets-empty");
const newButton = $("new-set");
const editorSection = $("set-editor-section");
const editorHeader = $("set-editor-header");
const editor = $("set-editor");
const titleField = $("set-title");
const quizList = $("set-quizzes");
const addQuizButton = $("add-quiz");
const cancelButton = $("cancel-set");
const roundSet = $("round-set");

const MAX_IMAGE = 1024 * 1024;
let editing = null; // the id of the set being edited, or null for a new one
let returnFocus = null;
let nextField = 0;

/** "1 pregunta" / "3 preguntas". */
function questions(count) {
  return `${count} pregunta${count === 1 ? "" : "s"}`;
}

/** The body of the game choice for `game`: `{set: id}` when a quizzes round is to play a set. */
export function roundChoice(game) {
  return game === "quizzes" && roundSet.value ? { set: Number(roundSet.value) } : {};
}

let following = false;
const CHOICE_KEY = "adivina.clase.roundSet";

/** Lists the sets (and the round's choice); called once the host is in. */
export async function showSets() {
  if (!following) {
    following = true;
    // The round's questions are chosen before it starts, not while it plays.
    subscribe("classroom", (room) => { roundSet.disabled = room.phase === "playing"; });
  }
  const sets = await act("GET", "/api/classroom/sets");
  if (!Array.isArray(sets)) return;
  empty.hidden = sets.length > 0;
  list.hidden = sets.length === 0;
  list.replaceChildren(...sets.map(row));
  // The choice survives a reload of the page (the server keeps it too, until the next pick).
  const chosen = roundSet.value || (sessionStorage.getItem(CHOICE_KEY) ?? "");
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

// ---------- the editor ----------

async function edit(id, opener) {
  const set = await act("GET", `/api/classroom/sets/${id}`);
  if (set) openEditor(set, opener);
}

function openEditor(set, opener) {
  editing = set ? set.id : null;
  returnFocus = opener;
  editorHeader.textContent = set ? `Editar «${set.title}»` : "Nuevo conjunto";
  titleField.value = set ? set.title : "";
  quizList.replaceChildren();
  for (const quiz of set ? set.quizzes : [{}]) addQuiz(quiz);
  editorSection.hidden = false;
  titleField.focus();
}

function closeEditor() {
  editorSection.hidden = true;
  quizList.replaceChildren();
  const target = returnFocus && returnFocus.isConnected ? returnFocus : newButton;
  target.focus();
}

/** A labelled field: `<label>` + `<input>` (or `<textarea>`), ids unique in the page. */
function field(label, props, tag = "input") {
  const id = `set-field-${nextField++}`;
  const input = el(tag, { className: "field", id, autocomplete: "off", ...props });
  return [el("label", { className: "set-label", for: id, text: label }), input];
}

function addQuiz(quiz = {}) {
  const [questionLabel, question] = field("Pregunta", { maxlength: "500", value: quiz.question ?? "", dataset: { role: "question" } });
  const [answerLabel, answer] = field("Respuesta", { maxlength: "200", value: quiz.answer ?? "", dataset: { role: "answer" } });
  const [alternativesLabel, alternatives] = field("Otras respuestas válidas (una por línea, opcional)", { rows: "2", dataset: { role: "alternatives" } }, "textarea");
  alternatives.value = (quiz.alternatives ?? []).join("\n");
  const [imageLabel, image] = field("Imagen: dirección http(s) o sube una (opcional)", { type: "url", value: quiz.image ?? "", dataset: { role: "image" } });
  const preview = el("img", { className: "set-preview", alt: "Vista previa de la imagen", hidden: true });
  const upload = el("input", { type: "file", accept: "image/png,image/jpeg,image/gif,image/webp", hidden: true });
  const legend = el("legend", { className: "set-legend" });
  const item = el("li", { className: "set-quiz" },
    el("fieldset", { className: "set-fieldset" },
      legend, questionLabel, question, answerLabel, answer, alternativesLabel, alternatives, imageLabel, image, preview,
      el("div", { className: "set-buttons" },
        el("button", { type: "button", className: "btn btn-small btn-gray set-upload", text: "Subir imagen…", onclick: () => upload.click() }),
        upload,
        el("button", {
          type: "button", className: "btn btn-small btn-gray set-remove-quiz", text: "Quitar pregunta",
          onclick: () => removeQuiz(item),
        }))));
  // Only the app's own uploads are previewed: the page loads no image from other sites (CSP).
  const showPreview = () => {
    const url = image.value.trim();
    const own = url.startsWith("/api/classroom/images/");
    preview.hidden = !own;
    if (own) preview.src = url;
  };
  image.addEventListener("change", showPreview);
  upload.addEventListener("change", async () => {
    const file = upload.files[0];
    upload.value = "";
    if (!file) return;
    if (file.size > MAX_IMAGE) {
      await showAlert({ title: "Imagen demasiado grande", message: "La imagen ocupa más de 1 MB." });
      return;
    }
    const uploaded = await act("POST", "/api/classroom/images", { data: await base64(file) });
    if (!uploaded) return;
    image.value = uploaded.url;
    showPreview();
    announce("Imagen subida.");
  });
  showPreview();
  quizList.append(item);
  numberQuizzes();
  return item;
}

function removeQuiz(item) {
  const next = item.nextElementSibling ?? item.previousElementSibling;
  item.remove();
  numberQuizzes();
  (next?.querySelector("input") ?? addQuizButton).focus();
  announce("Pregunta quitada.");
}

function numberQuizzes() {
  const items = [...quizList.children];
  items.forEach((item, index) => {
    item.querySelector("legend").textContent = `Pregunta ${index + 1}`;
    const remove = item.querySelector(".set-remove-quiz");
    remove.setAttribute("aria-label", `Quitar la pregunta ${index + 1}`);
    remove.disabled = items.length === 1;
    item.querySelector(".set-upload").setAttribute("aria-label", `Subir una imagen para la pregunta ${index + 1}`);
  });
}

function base64(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",")[1] ?? "");
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function editedSet() {
  const value = (item, role) => item.querySelector(`[data-role="${role}"]`).value;
  return {
    title: titleField.value,
    quizzes: [...quizList.children].map((item) => {
      const quiz = {
        question: value(item, "question"),
        answer: value(item, "answer"),
        alternatives: value(item, "alternatives").split("\n").map((line) => line.trim()).filter(Boolean),
      };
      const image = value(item, "image").trim();
      if (image) quiz.image = image;
      return quiz;
    }),
  };
}

editor.addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = editedSet();
  const saved = editing === null
    ? await act("POST", "/api/classroom/sets", body)
    : await act("PUT", `/api/classroom/sets/${editing}`, body);
  if (!saved) return;
  editorSection.hidden = true;
  quizList.replaceChildren();
  await showSets();
  announce(`«${body.title.trim()}» guardado.`);
  (list.querySelector(`[data-id="${saved.id}"] .set-edit`) ?? newButton).focus();
});
newButton.addEventListener("click", () => openEditor(null, newButton));
addQuizButton.addEventListener("click", () => addQuiz().querySelector("input").focus());
cancelButton.addEventListener("click", closeEditor);

// ---------- the round's choice ----------

// With a game already picked, the host's page sends the new choice at once (host.js).
roundSet.addEventListener("change", () => {
  sessionStorage.setItem(CHOICE_KEY, roundSet.value);
  roundSet.dispatchEvent(new Event("choicechange", { bubbles: true }));
});
