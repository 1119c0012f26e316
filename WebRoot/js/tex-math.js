// Maths in a question's text, as Moodle banks write it, drawn as MathML (Chromium, Safari and
// Firefox draw MathML themselves: no library). A formula is `$$…$$` or `\[…\]` (its own line)
// or `\(…\)` (within the line).
//
// The subset understood:
// - numbers (`3.14`), letters (each an identifier), `+ - * / = < > ( ) [ ] | , . ; : ! ' ?`;
// - powers and indices: `x^2`, `a_{ij}`, `x_1^{n+1}`; groups `{…}`;
// - `\frac{a}{b}` (also `\dfrac`, `\tfrac`), `\sqrt{x}`, `\sqrt[n]{x}`;
// - Greek letters: `\alpha` … `\omega`, `\varepsilon`, `\vartheta`, `\varphi`, `\varrho`,
//   `\varsigma`, `\varpi`, and the capitals that differ from Latin ones (`\Gamma`, `\Delta`,
//   `\Theta`, `\Lambda`, `\Xi`, `\Pi`, `\Sigma`, `\Upsilon`, `\Phi`, `\Psi`, `\Omega`);
// - operators and relations: `\cdot \times \div \pm \mp \le \leq \ge \geq \ne \neq \approx
//   \equiv \sim \propto \to \rightarrow \leftarrow \Rightarrow \Leftrightarrow \in \notin \subset
//   \subseteq \cup \cap \forall \exists \sum \prod \int \ldots \cdots \circ \angle \perp
//   \parallel \infty \partial \nabla \% \{ \}`;
// - functions `\sin \cos \tan \log \ln \exp \lim \min \max`; `\text{…}`, `\mathrm{…}`;
// - spaces `\ ` `\, \; \: \! \quad \qquad`, and `\left` / `\right` before a delimiter.
//
// Anything else (another command, an unbalanced brace, a formula over 1,000 characters or
// nested over 20 deep) leaves that formula as its source text, delimiters included. Everything
// is built with DOM nodes and text nodes, never parsed as markup: nothing in a question can
// become an element, an attribute or a script.

const MATHML = "http://www.w3.org/1998/Math/MathML";
const MAX_LENGTH = 1000;
const MAX_DEPTH = 20;

const GREEK = {
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ϵ", varepsilon: "ε", zeta: "ζ", eta: "η",
  theta: "θ", vartheta: "ϑ", iota: "ι", kappa: "κ", lambda: "λ", mu: "μ", nu: "ν", xi: "ξ", pi: "π",
  varpi: "ϖ", rho: "ρ", varrho: "ϱ", sigma: "σ", varsigma: "ς", tau: "τ", upsilon: "υ", phi: "ϕ",
  varphi: "φ", chi: "χ", psi: "ψ", omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ",
  Xi: "Ξ", Pi: "Π", Sigma: "Σ", Upsilon: "Υ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
};
const IDENTIFIERS = { infty: "∞", partial: "∂", nabla: "∇" };
const OPERATORS = {
  cdot: "⋅", times: "×", div: "÷", pm: "±", mp: "∓", le: "≤", leq: "≤", ge: "≥", geq: "≥", ne: "≠",
  neq: "≠", approx: "≈", equiv: "≡", sim: "∼", propto: "∝", to: "→", rightarrow: "→", leftarrow: "←",
  Rightarrow: "⇒", Leftrightarrow: "⇔", in: "∈", notin: "∉", subset: "⊂", subseteq: "⊆", cup: "∪",
  cap: "∩", forall: "∀", exists: "∃", sum: "∑", prod: "∏", int: "∫", ldots: "…", cdots: "⋯",
  circ: "∘", angle: "∠", perp: "⊥", parallel: "∥", "%": "%", "{": "{", "}": "}",
};
const FUNCTIONS = new Set(["sin", "cos", "tan", "log", "ln", "exp", "lim", "min", "max"]);
const SPACES = { " ": "0.25em", ",": "0.1667em", ":": "0.2222em", ";": "0.2778em", "!": "0em", quad: "1em", qquad: "2em" };
const PLAIN_OPERATORS = "+-*/=<>()[]|,.;:!'?";
// `$$…$$` and `\(…\)` sit inline in the sentence (as Moodle's TeX filter draws `$$`); `\[…\]` is
// a block. Both at the size of the text around them (css/ios.css).
const DELIMITERS = [["$$", "$$", false], ["\\[", "\\]", true], ["\\(", "\\)", false]];

class OutsideSubset extends Error {}

function node(name, children = [], attributes = {}) {
  const element = document.createElementNS(MATHML, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  for (const child of children) element.append(typeof child === "string" ? document.createTextNode(child) : child);
  return element;
}

/** A reader of one formula's source: each `parse…` returns MathML nodes or throws OutsideSubset. */
class Parser {
  constructor(source) { this.source = source; this.at = 0; this.depth = 0; }

  peek() { return this.source[this.at]; }

  skipSpaces() { while (/\s/.test(this.peek() ?? "")) this.at += 1; }

  /** Atoms until a closing brace or the end, as an array of nodes. */
  parseList(closing) {
    const items = [];
    for (;;) {
      this.skipSpaces();
      const next = this.peek();
      if (next === undefined) {
        if (closing) throw new OutsideSubset("unclosed group");
        return items;
      }
      if (next === "}") {
        if (!closing) throw new OutsideSubset("unopened group");
        this.at += 1;
        return items;
      }
      items.push(this.parseScripts(this.parseAtom()));
    }
  }

  /** `base` with the `^` and `_` that follow it. */
  parseScripts(base) {
    let sub = null;
    let sup = null;
    for (;;) {
      this.skipSpaces();
      const next = this.peek();
      if (next !== "^" && next !== "_") break;
      this.at += 1;
      if ((next === "^" ? sup : sub) !== null) throw new OutsideSubset("double script");
      const argument = this.parseArgument();
      if (next === "^") sup = argument; else sub = argument;
    }
    if (sub && sup) return node("msubsup", [base, sub, sup]);
    if (sub) return node("msub", [base, sub]);
    if (sup) return node("msup", [base, sup]);
    return base;
  }

  /** One atom or a braced group as one node. */
  parseArgument() {
    this.skipSpaces();
    if (this.peek() === undefined) throw new OutsideSubset("missing argument");
    return this.parseAtom();
  }

  group() {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new OutsideSubset("too deep");
    const items = this.parseList(true);
    this.depth -= 1;
    return items.length === 1 ? items[0] : node("mrow", items);
  }

  parseAtom() {
    const character = this.peek();
    if (character === "{") { this.at += 1; return this.group(); }
    if (character === "\\") return this.parseCommand();
    if (/[0-9]/.test(character)) {
      const number = /^[0-9]+(\.[0-9]+)?/.exec(this.source.slice(this.at))[0];
      this.at += number.length;
      return node("mn", [number]);
    }
    this.at += 1;
    if (/\p{L}/u.test(character)) return node("mi", [character]);
    if (PLAIN_OPERATORS.includes(character)) return node("mo", [character === "-" ? "−" : character]);
    throw new OutsideSubset(`character ${character}`);
  }

  /** The text of a braced argument taken literally (for `\text`). */
  literal() {
    this.skipSpaces();
    if (this.peek() !== "{") throw new OutsideSubset("text without braces");
    const end = this.source.indexOf("}", this.at);
    const text = end < 0 ? null : this.source.slice(this.at + 1, end);
    if (text === null || /[{\\]/.test(text)) throw new OutsideSubset("text with markup");
    this.at = end + 1;
    return text;
  }

  parseCommand() {
    this.at += 1;
    const name = /^[A-Za-z]+/.exec(this.source.slice(this.at))?.[0] ?? this.source[this.at] ?? "";
    this.at += name.length;
    if (Object.hasOwn(GREEK, name)) return node("mi", [GREEK[name]]);
    if (Object.hasOwn(IDENTIFIERS, name)) return node("mi", [IDENTIFIERS[name]]);
    if (Object.hasOwn(OPERATORS, name)) return node("mo", [OPERATORS[name]]);
    if (Object.hasOwn(SPACES, name)) return node("mspace", [], { width: SPACES[name] });
    if (FUNCTIONS.has(name)) return node("mi", [name], { mathvariant: "normal" });
    switch (name) {
      case "frac": case "dfrac": case "tfrac": {
        const numerator = this.parseArgument();
        return node("mfrac", [numerator, this.parseArgument()]);
      }
      case "sqrt": {
        this.skipSpaces();
        if (this.peek() !== "[") return node("msqrt", [this.parseArgument()]);
        this.at += 1;
        const index = [];
        for (this.skipSpaces(); this.peek() !== "]"; this.skipSpaces()) {
          if (this.peek() === undefined) throw new OutsideSubset("unclosed root index");
          index.push(this.parseScripts(this.parseAtom()));
        }
        this.at += 1;
        const radicand = this.parseArgument();
        return node("mroot", [radicand, node("mrow", index)]);
      }
      case "text": return node("mtext", [this.literal()]);
      case "mathrm": return node("mi", [this.literal()], { mathvariant: "normal" });
      case "left": case "right": {
        this.skipSpaces();
        const delimiter = this.peek() === "\\" ? this.source.slice(this.at, this.at + 2) : this.peek();
        const shown = new Map([["(", "("], [")", ")"], ["[", "["], ["]", "]"], ["|", "|"], [".", ""], ["\\{", "{"], ["\\}", "}"]]).get(delimiter);
        if (shown === undefined) throw new OutsideSubset("delimiter");
        this.at += delimiter.length;
        return node("mo", [shown]);
      }
      default: throw new OutsideSubset(`\\${name}`);
    }
  }
}

/** The MathML element of formula `source` (without delimiters), or null outside the subset. */
export function mathElement(source, display = false) {
  if (source.length > MAX_LENGTH || source.trim() === "") return null;
  try {
    const items = new Parser(source).parseList(false);
    const attributes = { alttext: source.trim() };
    if (display) attributes.display = "block";
    return node("math", [node("mrow", items)], attributes);
  } catch (error) {
    if (error instanceof OutsideSubset) return null;
    throw error;
  }
}

/** `text` cut into its runs of plain text (`{ text }`) and its formulas (`{ text, source,
 * display }`, `text` the whole formula with its delimiters), in order. */
export function mathParts(text) {
  const parts = [];
  let rest = String(text ?? "");
  while (rest) {
    const found = DELIMITERS
      .map(([open, close, display]) => ({ open, close, display, start: rest.indexOf(open) }))
      .filter(({ start }) => start >= 0)
      .sort((a, b) => a.start - b.start)[0];
    const end = found ? rest.indexOf(found.close, found.start + found.open.length) : -1;
    if (!found || end < 0) {
      parts.push({ text: rest });
      break;
    }
    if (found.start > 0) parts.push({ text: rest.slice(0, found.start) });
    const source = rest.slice(found.start + found.open.length, end);
    parts.push({ text: rest.slice(found.start, end + found.close.length), source, display: found.display });
    rest = rest.slice(end + found.close.length);
  }
  return parts;
}

/** One part of `mathParts` as a node: a `<math>` for a formula of the subset, else text. */
export function mathPartNode(part) {
  return (part.source !== undefined ? mathElement(part.source, part.display) : null) ?? document.createTextNode(part.text);
}

/** `text` as a fragment: text nodes, and a `<math>` for each formula of the subset (one outside
 * it stays as its source text). */
export function mathText(text) {
  const fragment = document.createDocumentFragment();
  fragment.append(...mathParts(text).map(mathPartNode));
  return fragment;
}

/** Puts `text` in `element`, its formulas drawn (what `textContent = text` would do, with maths). */
export function setMathText(element, text) {
  element.replaceChildren(mathText(text));
}

/** `element` with `text` in it, its formulas drawn; returns `element` (to build a page with). */
export function withMath(element, text) {
  setMathText(element, text ?? "");
  return element;
}
