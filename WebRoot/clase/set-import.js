// The host's "Importar" of "Mis preguntas": a question bank picked or dropped on the section —
// GIFT or Moodle XML (a Moodle bank), Aiken, or a course quizzes.json — sent as it is to
// POST /api/classroom/sets/import (the server recognises the format), then what was skipped or
// changed on the way in listed under the sets ("Avisos de la importación").
import { el, announce, showAlert } from "../js/ui.js";
import { showSets } from "./sets.js";

const $ = (id) => document.getElementById(id);
const section = $("sets-section");
const importButton = $("import-set");
const importFile = $("import-file");
const notesBox = $("import-notes");
const notesHeader = $("import-notes-header");
const notesList = $("import-notes-list");

/** "1 pregunta" / "3 preguntas". */
const questions = (count) => `${count} pregunta${count === 1 ? "" : "s"}`;

/** The title a file suggests: a Moodle bank (.gift, .xml) names its own category, so none. */
function suggestedTitle(name) {
  if (/\.(gift|xml)$/i.test(name)) return "";
  return name.replace(/\.(json|txt)$/i, "").slice(0, 100);
}

async function importBank(file) {
  const title = suggestedTitle(file.name);
  const query = title ? `?title=${encodeURIComponent(title)}` : "";
  let response;
  try {
    // The file's own bytes (not decoded by the page), so the server can tell a file that is
    // not UTF-8. Every body the API takes is marked JSON: the rule that keeps other sites out.
    response = await fetch(`/api/classroom/sets/import${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: file,
    });
  } catch {
    await showAlert({ title: "Sin conexión", message: "No se ha podido contactar con el servidor." });
    return;
  }
  const data = await response.json().catch(() => null);
  if (!response.ok || !data) {
    await showAlert({ title: `No se pudo importar «${file.name}»`, message: data?.error ?? `El servidor respondió con un error (${response.status}).` });
    importButton.focus();
    return;
  }
  await showSets();
  const skipped = data.skipped ? ` ${data.skipped === 1 ? "Una no se pudo usar" : `${data.skipped} no se pudieron usar`}.` : "";
  const notes = Array.isArray(data.notes) ? data.notes : [];
  const more = notes.length ? " Los avisos quedan debajo de tus conjuntos." : "";
  await showAlert({ title: `«${title || file.name}» importado`, message: `${questions(data.count)}.${skipped}${more}` });
  showNotes(file.name, notes);
  if (notes.length) notesHeader.focus();
  else section.querySelector(`[data-id="${data.id}"] .set-edit`)?.focus();
}

/** Lists `notes` ({name, reason}) of the import of `fileName`, or hides the list when none. */
function showNotes(fileName, notes) {
  notesBox.hidden = notes.length === 0;
  notesHeader.textContent = `Avisos de «${fileName}»`;
  notesList.replaceChildren(...notes.map((note) => el("li", { className: "row import-note" },
    el("div", { className: "row-main" },
      el("span", { className: "import-note-name", text: note.name }),
      el("span", { className: "row-detail", text: note.reason })))));
}

$("import-notes-close").addEventListener("click", () => {
  notesBox.hidden = true;
  importButton.focus();
  announce("Avisos cerrados.");
});

importButton.addEventListener("click", () => importFile.click());
importFile.addEventListener("change", () => {
  const file = importFile.files[0];
  importFile.value = "";
  if (file) importBank(file);
});

// Drag and drop: a file dropped anywhere on "Mis preguntas" is imported.
let depth = 0;
const carriesFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
section.addEventListener("dragenter", (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  depth += 1;
  section.classList.add("dropping");
});
section.addEventListener("dragover", (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = "copy";
});
section.addEventListener("dragleave", () => {
  depth = Math.max(0, depth - 1);
  if (depth === 0) section.classList.remove("dropping");
});
section.addEventListener("drop", (event) => {
  if (!carriesFiles(event)) return;
  event.preventDefault();
  depth = 0;
  section.classList.remove("dropping");
  const file = event.dataTransfer.files[0];
  if (file) importBank(file);
});
