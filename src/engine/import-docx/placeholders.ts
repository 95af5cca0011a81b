import type { VariableType } from "../model/types";
import type { ControlInfo } from "./model";

// Placeholders in a paragraph's text, as precedents write them: [Company Name], [●] and [•], [insert
// date], [DATE], ____ blanks, {party_name} and {{party_name}} (template tools), «Name» (mail merge),
// highlighted text and content controls. Each becomes a variable: named from its words, merged with the
// same name elsewhere, its type inferred only where the text makes it plain (a date, a number of days,
// an amount after a currency sign, a choice written [A/B]). A drafting note in brackets ("[Drafting
// note: …]") is not a placeholder: it moves to the snippet's notes.

export type PlaceholderGuess = {
  name: string;
  label: string;
  type: VariableType;
  options?: string[];
  currency?: string;
  format?: string;
};

export type Found =
  | { kind: "variable"; start: number; end: number; guess: PlaceholderGuess; original: string }
  | { kind: "note"; start: number; end: number; text: string };

const CURRENCY: Record<string, string> = { $: "USD", "£": "GBP", "€": "EUR" };
const RESERVED = new Set([
  "page", "pages", "today", "toc", "pagebreak", "else", "this", "eq", "ne", "gt", "lt", "and", "or", "not", "note",
  "true", "false", "null", "undefined", "__proto__",
]);
const INSTRUCTION = /^(insert|enter|fill in|add|describe|specify|state|include|list|provide)\b\s*:?\s*/i;
const DRAFTING_NOTE = /^\s*(drafting note|note to draft(er)?|note to drafter|nb)\s*:/i;
const CHECKBOX = /^\s*[xX✓✔]?\s*$/;
const BLANK = /^[\s●•.…_\-–—]*$/;

/** A variable name from words: "Company Name" → company_name; never a reserved word, never empty. */
export function nameFrom(words: string): string {
  const slug = words
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(INSTRUCTION, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "")
    .slice(0, 6)
    .join("_")
    .slice(0, 40)
    .replace(/_+$/, "");
  const name = slug === "" ? "blank" : /^[0-9]/.test(slug) ? `v_${slug}` : slug;
  return RESERVED.has(name) ? `${name}_value` : name;
}

/** What the words (and the text around a blank) make plain about a value's type. */
export function inferType(label: string, before = "", after = ""): Pick<PlaceholderGuess, "type" | "currency"> {
  const currency = CURRENCY[before.slice(-1)];
  if (currency) return { type: "currency", currency };
  const words = label.toLowerCase();
  if (/\b(date|dated)\b/.test(words) || (label.trim() === "" || BLANK.test(label)) && /\b(dated|on|date:?)\s*$/i.test(before))
    return { type: "date" };
  if (/\b(amount|fee|fees|price|sum|salary|cap amount)\b/.test(words)) return { type: "currency" };
  if (/\b(number of|days|months|years|weeks|percent|percentage|quantity)\b/.test(words) ||
    (BLANK.test(label) && /^\s*(%|per cent|percent|business days|days|months|years|weeks|hours)\b/i.test(after)))
    return { type: "number" };
  return { type: label.length > 80 ? "multiline" : "text" };
}

/** Bracketed text: a placeholder, a drafting note, or wording to keep (an option, a check box). */
function classifyBracket(inner: string): "blank" | "note" | "choice" | "variable" | "keep" {
  if (CHECKBOX.test(inner)) return "keep";
  if (BLANK.test(inner)) return "blank";
  if (DRAFTING_NOTE.test(inner)) return "note";
  const options = inner.split("/").map((s) => s.trim());
  if (options.length >= 2 && options.length <= 6 && options.every((o) => o !== "" && o.split(/\s+/).length <= 4 && !/[.;:]$/.test(o)))
    return "choice";
  if (INSTRUCTION.test(inner)) return "variable";
  const words = inner.trim().split(/\s+/);
  if (/^\s*[(\d]/.test(inner) || words.length > 8 || inner.length > 60 || /[.;]\s/.test(inner)) return "keep";
  return "variable";
}

/**
 * The placeholders in `text` (one paragraph; U+FFFC stands for anything that is not text, so nothing
 * matches across it). `blanks` counts nameless placeholders across the snippet ("blank_1", "blank_2").
 */
export function findPlaceholders(text: string, blanks: { n: number }, signatureLine: boolean): Found[] {
  const found: Found[] = [];
  const taken = (s: number, e: number) => found.some((f) => s < f.end && e > f.start);
  const add = (f: Found) => {
    if (!taken(f.start, f.end)) found.push(f);
  };
  const blankName = () => `blank_${++blanks.n}`;
  for (const m of text.matchAll(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g))
    add(variable(m.index, m.index + m[0].length, m[0], m[1]!.replace(/[.-]/g, "_"), m[1]!, text));
  for (const m of text.matchAll(/([$£€])?\{([A-Za-z_]\w*)\}/g)) {
    const name = m[2]!;
    const guess = variable(m.index, m.index + m[0].length, m[0], name, name.replace(/_/g, " "), text);
    if (m[1] && guess.kind === "variable") Object.assign(guess.guess, { type: "currency", currency: CURRENCY[m[1]] });
    add(guess);
  }
  for (const m of text.matchAll(/([$£€])?\[([^[\]\n\uFFFC]{0,300})\]/g)) {
    const inner = m[2]!;
    const start = m.index;
    const end = m.index + m[0].length;
    const before = text.slice(Math.max(0, start - 40), start) + (m[1] ?? "");
    const after = text.slice(end, end + 40);
    switch (classifyBracket(inner)) {
      case "keep":
        break;
      case "note":
        add({ kind: "note", start, end, text: inner.trim() });
        break;
      case "blank": {
        const name = blankName();
        add({ kind: "variable", start, end, original: m[0], guess: { name, label: blankLabel(name, before), ...inferType("", before, after) } });
        break;
      }
      case "choice": {
        const options = inner.split("/").map((s) => s.trim());
        add({ kind: "variable", start, end, original: m[0], guess: { name: nameFrom(options.join(" or ")), label: options.join(" / "), type: "choice", options } });
        break;
      }
      case "variable": {
        const label = inner.trim().replace(INSTRUCTION, "") || inner.trim();
        add({ kind: "variable", start, end, original: m[0], guess: { name: nameFrom(inner), label: capitalise(label), ...inferType(inner, before, after) } });
        break;
      }
    }
  }
  for (const m of text.matchAll(/«([^«»\n\uFFFC]{1,60})»/g))
    add(variable(m.index, m.index + m[0].length, m[0], nameFrom(m[1]!), m[1]!, text));
  if (!signatureLine)
    for (const m of text.matchAll(/_{4,}/g)) {
      const start = m.index;
      const end = start + m[0].length;
      const before = text.slice(Math.max(0, start - 40), start);
      if (/\b(sign(ed|ature)?|by|initials?|witness)\s*:?\s*$/i.test(before)) continue;
      const labelled = /([A-Za-z][A-Za-z ]{0,30}):\s*$/.exec(before)?.[1];
      const name = labelled ? nameFrom(labelled) : blankName();
      add({
        kind: "variable",
        start,
        end,
        original: m[0],
        guess: { name, label: labelled ? capitalise(labelled) : blankLabel(name, before), ...inferType(labelled ?? "", before, text.slice(end, end + 40)) },
      });
    }
  return found.sort((a, b) => a.start - b.start);
}

function variable(start: number, end: number, original: string, name: string, label: string, text: string): Found {
  const valid = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !RESERVED.has(name) ? name : nameFrom(label);
  return {
    kind: "variable",
    start,
    end,
    original,
    guess: { name: valid, label: capitalise(label.replace(/_/g, " ")), ...inferType(label, text.slice(Math.max(0, start - 40), start), text.slice(end, end + 40)) },
  };
}

const capitalise = (s: string): string => (s === "" ? s : s[0]!.toUpperCase() + s.slice(1));

function blankLabel(name: string, before: string): string {
  const words = before.replace(/[^\p{L}\p{N}\s]/gu, " ").trim().split(/\s+/).slice(-3).join(" ");
  return words ? `${capitalise(name.replace(/_/g, " "))} (after “${words}”)` : capitalise(name.replace(/_/g, " "));
}

/** A content control as a variable: named by its tag or title, else by its text. */
export function controlGuess(control: ControlInfo, text: string, blanks: { n: number }): PlaceholderGuess {
  const source = control.tag ?? control.alias ?? text;
  const name = source.trim() === "" || BLANK.test(source) ? `blank_${++blanks.n}` : nameFrom(source);
  const label = capitalise((control.alias ?? control.tag ?? text).trim()) || capitalise(name.replace(/_/g, " "));
  switch (control.kind) {
    case "checkbox":
      return { name, label, type: "boolean" };
    case "choice":
      return control.items && control.items.length > 0
        ? { name, label, type: "choice", options: [...new Set(control.items)] }
        : { name, label, type: "text" };
    case "date": {
      const format = control.dateFormat ? unicodeDatePattern(control.dateFormat) : undefined;
      return { name, label, type: "date", ...(format ? { format } : {}) };
    }
    default:
      return { name, label, type: control.multiline ? "multiline" : inferType(label).type === "date" ? "date" : "text" };
  }
}

/** Word's date picture ("dd MMMM yyyy", "dddd, d MMMM") as a Unicode pattern; undefined when it has parts we do not map. */
export function unicodeDatePattern(word: string): string | undefined {
  const out = word.replace(/dddd/g, "EEEE").replace(/ddd/g, "EEE");
  return /^[dMyE\s,./-]+$/.test(out) ? out : undefined;
}
