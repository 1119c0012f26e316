// A question's text written in Markdown (a Moodle bank's `[markdown]` question: the set's
// `markdown` is true), drawn as Moodle draws it, with DOM nodes and text nodes only: nothing in
// a question can become an element of its choosing, an attribute, a link or a script.
//
// The subset drawn:
// - paragraphs (a blank line between them); a line ending in two spaces or `\` breaks the line,
//   the other line ends are spaces;
// - lists: `-`, `*` or `+` items (bulleted), `1.` or `1)` items (numbered);
// - a heading `# …` to `###### …`, drawn as a bold paragraph (the question is the page's heading);
// - code: `` `inline` `` and fenced blocks (```` ``` ```` lines) or lines indented four spaces;
// - `**strong**`, `__strong__`, `*emphasis*`, `_emphasis_` (not inside a word for `_`);
// - `\` before a mark makes it a plain character; a link `[text](url)` and an image
//   `![alt](url)` are drawn as their text (a question shows no outside address).
// Formulas (`$$…$$`, `\(…\)`, `\[…\]`) are drawn by tex-math.js and never read as Markdown.

import { mathParts, mathPartNode, mathText } from "./tex-math.js";

const OPEN = "\uE000";
const CLOSE = "\uE001";
const LIST_ITEM = /^\s{0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const ESCAPABLE = "\\`*_{}[]()#+-.!";

/** `text` (Markdown) as a fragment of paragraphs, lists and code, its formulas drawn. */
export function markdownText(text) {
  const formulas = [];
  // Each formula becomes a marker the inline reader leaves alone, drawn back at the end.
  const marked = mathParts(text).map((part) => {
    if (part.source === undefined) return part.text;
    formulas.push(part);
    return `${OPEN}${formulas.length - 1}${CLOSE}`;
  }).join("");
  const fragment = document.createDocumentFragment();
  fragment.append(...blocks(marked.replace(/\r\n?/g, "\n").split("\n"), formulas));
  return fragment;
}

/** Puts `text` in `element`: drawn as Markdown when `markdown` is true, else as plain text
 * with its formulas (the question's own rule: `SetQuiz.markdown`); returns `element`. */
export function withQuestionText(element, text, markdown) {
  element.replaceChildren(markdown === true ? markdownText(text ?? "") : mathText(text ?? ""));
  element.classList.toggle("markdown", markdown === true);
  return element;
}

/** The words of a Markdown `text` with its marks left out (for what is read aloud). */
export function markdownWords(text) {
  const scratch = document.createElement("div");
  scratch.append(markdownText(text ?? ""));
  return scratch.textContent.replace(/\s+/g, " ").trim();
}

function blocks(lines, formulas) {
  const made = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (line.trim() === "") {
      index += 1;
    } else if (FENCE.test(line)) {
      const fence = line.trim().slice(0, 3);
      const body = [];
      index += 1;
      while (index < lines.length && !lines[index].trim().startsWith(fence)) body.push(lines[index++]);
      index += 1;
      made.push(codeBlock(body, formulas));
    } else if (/^( {4}|\t)/.test(line)) {
      const body = [];
      while (index < lines.length && (/^( {4}|\t)/.test(lines[index]) || lines[index].trim() === "")) body.push(lines[index++].replace(/^( {4}|\t)/, ""));
      while (body.length && body[body.length - 1].trim() === "") body.pop();
      made.push(codeBlock(body, formulas));
    } else if (HEADING.test(line)) {
      made.push(element("p", [element("strong", inline(line.match(HEADING)[1], formulas))]));
      index += 1;
    } else if (LIST_ITEM.test(line)) {
      const numbered = /\d/.test(line.match(LIST_ITEM)[1]);
      const list = document.createElement(numbered ? "ol" : "ul");
      while (index < lines.length && LIST_ITEM.test(lines[index]) && /\d/.test(lines[index].match(LIST_ITEM)[1]) === numbered) {
        const item = [lines[index].match(LIST_ITEM)[2]];
        index += 1;
        // A line indented under an item, with no mark of its own, goes on with it.
        while (index < lines.length && /^\s+\S/.test(lines[index]) && !LIST_ITEM.test(lines[index])) item.push(lines[index++].trim());
        list.append(element("li", paragraph(item, formulas)));
      }
      made.push(list);
    } else {
      const text = [];
      while (index < lines.length && lines[index].trim() !== "" && !FENCE.test(lines[index]) && !HEADING.test(lines[index]) && !LIST_ITEM.test(lines[index])) {
        text.push(lines[index++]);
      }
      made.push(element("p", paragraph(text, formulas)));
    }
  }
  return made;
}

/** The lines of one paragraph as inline nodes: hard breaks kept, other line ends spaces. */
function paragraph(lines, formulas) {
  const nodes = [];
  lines.forEach((line, at) => {
    const hard = / {2,}$/.test(line) || /\\$/.test(line);
    nodes.push(...inline(line.replace(/( {2,}|\\)$/, "").trim(), formulas));
    if (at < lines.length - 1) nodes.push(hard ? document.createElement("br") : document.createTextNode(" "));
  });
  return nodes;
}

function codeBlock(lines, formulas) {
  return element("pre", [element("code", [document.createTextNode(restored(lines.join("\n"), formulas))])]);
}

/** A line's inline Markdown as nodes: code spans, strong, emphasis, escapes, links' text. */
function inline(text, formulas) {
  const nodes = [];
  let plain = "";
  const flush = () => {
    if (plain) nodes.push(...withFormulas(plain, formulas));
    plain = "";
  };
  let at = 0;
  while (at < text.length) {
    const rest = text.slice(at);
    const char = text[at];
    let match;
    if (char === "\\" && ESCAPABLE.includes(text[at + 1] ?? "")) {
      plain += text[at + 1];
      at += 2;
    } else if ((match = rest.match(/^(`+)([\s\S]*?[^`])\1(?!`)/))) {
      flush();
      nodes.push(element("code", [document.createTextNode(restored(match[2].trim(), formulas))]));
      at += match[0].length;
    } else if ((match = rest.match(/^!?\[([^\]]*)\]\([^)]*\)/))) {
      flush();
      nodes.push(...inline(match[1], formulas));
      at += match[0].length;
    } else if ((match = rest.match(/^(\*\*|__)(?=\S)([\s\S]*?\S)\1/)) && opensHere(text, at, match[1][0])) {
      flush();
      nodes.push(element("strong", inline(match[2], formulas)));
      at += match[0].length;
    } else if ((match = rest.match(/^(\*|_)(?=[^\s*_])([\s\S]*?[^\s\\])\1(?!\1)/)) && opensHere(text, at, char) && closesHere(text, at + match[0].length, char)) {
      flush();
      nodes.push(element("em", inline(match[2], formulas)));
      at += match[0].length;
    } else {
      plain += char;
      at += 1;
    }
  }
  flush();
  return nodes;
}

/** `_` marks only at a word's edge (`snake_case_name` stays as it is); `*` anywhere. */
function opensHere(text, at, mark) {
  return mark !== "_" || at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]);
}

function closesHere(text, end, mark) {
  return mark !== "_" || end >= text.length || !/[\p{L}\p{N}]/u.test(text[end]);
}

/** Text with the formulas' markers drawn as the formulas. */
function withFormulas(text, formulas) {
  return text.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`)).map((piece, index) => {
    if (index % 2 === 0) return document.createTextNode(piece);
    const formula = formulas[Number(piece)];
    return formula ? mathPartNode(formula) : document.createTextNode(piece);
  }).filter((node) => node.nodeType !== Node.TEXT_NODE || node.data !== "");
}

/** Text with the formulas' markers put back as their source (inside code). */
function restored(text, formulas) {
  return text.replace(new RegExp(`${OPEN}(\\d+)${CLOSE}`, "g"), (whole, number) => formulas[Number(number)]?.text ?? whole);
}

function element(name, children) {
  const made = document.createElement(name);
  made.append(...children);
  return made;
}
