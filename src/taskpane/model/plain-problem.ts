// Problems in the user's words. The engine names a place by JSON path and a code
// ("sections[5].snippet (SNIPPET_DRAFT)"), which is right for a file and a log but means nothing in the
// pane: there a section is "Section 6, “Scope of work”" (numbered as the outline numbers it) and a value
// is its field's label ("Versions, row 1, Version"). Patterns are never shown as regular expressions:
// the user gets an example of what to type instead.

import type { Problem, Variable } from "../../engine/core";
import { labelOf, patternExample } from "./values";

export type PlainSection = { title: string; variables?: readonly Variable[] };

export type PlainContext = {
  /** The sections the problems' places count (section i is sections[i] here). */
  sections: readonly PlainSection[];
  /**
   * How a section is named: "outline" — "Section 6, “Scope of work”" (Insert, Download); "single" —
   * "“Scope of work”" (the preview of one snippet).
   */
  naming: "outline" | "single";
};

/** One problem as a sentence for the user: no JSON path, no code, no regular expression. */
export function plainProblem(p: Problem, context: PlainContext): string {
  // The section comes from the problem's place (the engine's structured location), not from its path.
  const index = p.place?.section;
  if (index === undefined) return sentence(stripPatterns(p.message));
  const section = context.sections[index];
  const title = section?.title ?? `section ${index + 1}`;
  const who = context.naming === "outline" ? `Section ${index + 1}, “${title}”,` : `“${title}”`;
  const at = who.replace(/,$/, ""); // before a colon
  const rest = p.place?.path ?? "";
  switch (p.code) {
    case "SNIPPET_DRAFT":
      return `${who} is a draft: it has not been approved for use yet.`;
    case "SNIPPET_DEPRECATED": {
      const hint = /deprecated; (.*)$/.exec(p.message)?.[1];
      return `${who} is deprecated (withdrawn)${hint ? `: ${hint.replace(/"/g, "")}` : ""}.`;
    }
    case "SNIPPET_STALE": {
      const date = /review on (\S+?):/.exec(p.message)?.[1];
      return `${who} was due for review${date ? ` on ${date}` : ""}: its text may be out of date.`;
    }
    case "VALUE_MISSING_HERE":
    case "VALUE_EMPTY_IN_SENTENCE": {
      // A value the text uses (the engine's template/gaps.ts): named by its label, with the text as it reads.
      const name = /^"([^"]+)"/.exec(p.message)?.[1];
      const variable = section?.variables?.find((x) => x.name === name);
      const label = variable ? labelOf(variable) : (name ?? "A value");
      const reads = /so it reads (“[^”]*”)/.exec(p.message)?.[1];
      const gap = reads ? ` — the text reads ${reads}` : "";
      return p.code === "VALUE_MISSING_HERE"
        ? `${at}: ${label} is used in the text but has no value${gap}. Fill it in (Edit values on the section), or choose the wording that does not use it.`
        : `${at}: ${label} is empty in the middle of a sentence${gap}. Fill it in (Edit values on the section).`;
    }
    case "REF_TARGET_MISSING":
    case "REF_TARGET_NOT_INCLUDED":
    case "REF_NOT_NUMBERED":
    case "REF_ANCHOR_DUPLICATE":
      return `${at}: ${referenceSentence(p)}`;
    case "TERM_UNDEFINED":
    case "TERM_DEFINED_ELSEWHERE":
    case "TERM_UNUSED":
    case "TERM_DEFINED_TWICE":
    case "TERM_USED_BEFORE_DEFINITION":
      return `${at}${p.place?.paragraph ? `, paragraph ${p.place.paragraph}` : ""}: ${termSentence(p, context)}`;
    default:
  }
  if (rest.startsWith("values")) {
    const field = fieldName(rest.slice("values".length).replace(/^\./, ""), section?.variables ?? []);
    return `${at}: ${valueMessage(p, field.label, field.variable)}`;
  }
  return `${at}: ${sentence(stripPatterns(p.message))}`;
}

/** "versions[0].version" → "Versions, row 1, Version" (labels where the variables are known). */
function fieldName(path: string, variables: readonly Variable[]): { label: string; variable?: Variable } {
  const parts = [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)];
  const words: string[] = [];
  let scope: readonly Variable[] = variables;
  let last: Variable | undefined;
  for (const [, name, row] of parts) {
    if (row !== undefined) {
      words.push(`row ${Number(row) + 1}`);
      continue;
    }
    const v = scope.find((x) => x.name === name);
    last = v;
    words.push(v ? labelOf(v) : name!);
    scope = v?.fields ?? [];
  }
  return { label: words.join(", ") || "a value", ...(last ? { variable: last } : {}) };
}

function valueMessage(p: Problem, label: string, v: Variable | undefined): string {
  switch (p.code) {
    case "VALUE_PATTERN": {
      const example = v?.pattern !== undefined ? patternExample(v.pattern) : undefined;
      return example ? `${label}: type it like ${example}.` : `${label} does not have the expected form.`;
    }
    case "VALUE_REQUIRED":
      return `${label} is required: fill it in (Edit values on the section).`;
    default:
      return `${label}: ${sentence(stripPatterns(p.message))}`;
  }
}

/** Drops anything that looks like a regular expression from an engine message. */
function stripPatterns(message: string): string {
  return message
    .replace(/\s*(?:the )?pattern\s+\S+/gi, " the expected form")
    .replace(/\/[^/\s]*[[\]\\+*][^/\s]*\//g, "");
}

function sentence(text: string): string {
  const t = text.trim();
  if (t === "") return t;
  const first = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** A cross-reference's problem (issue 32) without the template tag: what the reader would see, and what to do. */
function referenceSentence(p: Problem): string {
  const target =
    /refers to "([^"]+)"/.exec(p.message)?.[1] ?? /\{\{(?:ref|anchor) "([^"]+)"/.exec(p.message)?.[1] ?? "";
  switch (p.code) {
    case "REF_TARGET_MISSING":
      return `the text refers to the clause “${target}”, which is not in this document. Add that section, or remove the reference from the snippet.`;
    case "REF_TARGET_NOT_INCLUDED":
      return `the text refers to the clause “${target}”, which is not in this document: it reads “[clause not included]” there.`;
    case "REF_NOT_NUMBERED":
      return `the text refers to the number of clause “${target}”, but headings are not numbered. Turn on “Legal clause numbers” in Document settings.`;
    default:
      return `two headings carry the same reference name “${target}”: a reference to it could not tell them apart. Rename one in the snippet.`;
  }
}

/** A defined-terms warning (issue 32) as the reader of the document sees it, and what to do. */
function termSentence(p: Problem, context: PlainContext): string {
  const term = /^“([^”]+)”/.exec(p.message)?.[1] ?? "";
  // The engine counts sections from 1 in its messages; the pane names them as the outline does.
  const n = Number(/section (\d+), paragraph/.exec(p.message)?.[1] ?? 0);
  const other =
    n > 0
      ? `section ${n}${context.sections[n - 1] ? ` (“${context.sections[n - 1]!.title}”)` : ""}`
      : "another section";
  switch (p.code) {
    case "TERM_UNDEFINED":
      return `“${term}” reads as a defined term, but nothing in this document defines it. Define it, add the section that does, or write it in lower case.`;
    case "TERM_DEFINED_ELSEWHERE": {
      const ids = [...(/defined only in (.*), which/.exec(p.message)?.[1] ?? "").matchAll(/“([^”]+)”/g)].map(
        (m) => m[1],
      );
      return `“${term}” is defined only in the library snippet ${ids.map((id) => `“${id}”`).join(", ") || "that defines it"}, which is not in this document. Add it, or define the term here.`;
    }
    case "TERM_UNUSED":
      return `“${term}” is defined but never used. Remove the definition, or check the spelling where it is meant.`;
    case "TERM_DEFINED_TWICE":
      return `“${term}” is defined again here with different wording (first in ${other}). Keep one definition.`;
    default:
      return `“${term}” is used before ${other} defines it, and this document puts definitions first. Move the definitions earlier, or define it where it is first used.`;
  }
}
