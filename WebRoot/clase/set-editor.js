// The host's editor of one quiz set ("Nuevo conjunto", "Editar"): the title and each question
// (quiz-editor.js: its kind and fields), an image by URL or uploaded, saved to the server. Loaded
// by sets.js the first time the host opens it, so the host page's first visit skips it.
import { act } from "../js/events.js";
import { el, announce, showAlert } from "../js/ui.js";
import { field, keptFields, quizFields, readQuiz } from "./quiz-editor.js";

const $ = (id) => document.getElementById(id);

const editorSection = $("set-editor-section");
const editorHeader = $("set-editor-header");
const editor = $("set-editor");
const titleField = $("set-title");
const quizList = $("set-quizzes");
const addQuizButton = $("add-quiz");
const cancelButton = $("cancel-set");

const MAX_IMAGE = 1024 * 1024;
let editing = null; // the id of the set being edited, or null for a new one
let returnFocus = null;
let savedHandler = null;

/**
 * Opens the editor on `set` (null: a new one); `opener` gets the focus back if it is cancelled;
 * `onSaved(saved, title)` runs once the server kept it.
 */
export function editSet(set, opener, onSaved) {
  editing = set ? set.id : null;
  returnFocus = opener;
  savedHandler = onSaved;
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
  const target = returnFocus && returnFocus.isConnected ? returnFocus : document.getElementById("new-set");
  target.focus();
}

function addQuiz(quiz = {}) {
  const [imageLabel, image] = field("Imagen: la que subas con «Subir imagen…» (opcional)", { type: "text", value: quiz.image ?? "", dataset: { role: "image" } });
  const preview = el("img", { className: "set-preview", alt: "Vista previa de la imagen", hidden: true });
  const upload = el("input", { type: "file", accept: "image/png,image/jpeg,image/gif,image/webp", hidden: true });
  const legend = el("legend", { className: "set-legend" });
  const item = el("li", { className: "set-quiz", dataset: keptFields(quiz) },
    el("fieldset", { className: "set-fieldset" },
      legend, ...quizFields(quiz), imageLabel, image, preview,
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
  return { title: titleField.value, quizzes: [...quizList.children].map(readQuiz) };
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
  await savedHandler?.(saved, body.title.trim());
});
addQuizButton.addEventListener("click", () => addQuiz().querySelector('[data-role="question"]').focus());
cancelButton.addEventListener("click", closeEditor);
