import type { ProblemCode } from "../errors/codes";
import type { Variable } from "../model/types";
import type { SourceText } from "./source-text";
import { fillForReading } from "./holes";

// Values the text uses but does not have: a broken sentence must never reach a document without a word
// (issue 24). The expander notes every {{name}} it writes in the branches taken whose value is missing or
// blank, with where in the output it stands; once the output is whole, each becomes a warning:
//
// - a declared variable with no value at all: VALUE_MISSING_HERE, wherever it stands — the branch taken
//   uses it, so it is required there even when the library does not mark it required;
// - a value given but blank (or a list item's field without one) inside a sentence: VALUE_EMPTY_IN_SENTENCE.
//   Blank on a line or in a table cell of its own is a choice ("no further terms"), not a gap.
//
// Both quote the text as it will read, so the user sees the gap.

export type Gap = {
  name: string;
  variable: Variable;
  /** No value at all (not blank), of a declared variable (not a list item's field). */
  missing: boolean;
  /** Where the empty value stands in the output (its length so far). */
  at: number;
  src: SourceText;
  /** The tag's offset in its body. */
  offset: number;
};

export type GapProblem = { code: ProblemCode; message: string; src: SourceText; offset: number };

// Noncharacters (the template's sentinels) and the backslashes that escape values' punctuation.
const HIDDEN = /[\uFDD0-\uFDEF]|\\(?=[!-/:-@[-`{-~])/g;
const WORD = /[\p{L}\p{N}]/u;
/** About the most characters quoted on either side of a gap (cut at a word). */
const QUOTE = 40;

/** How far on either side of a gap its sentence is looked at (a line may be a whole paragraph). */
const WINDOW = 200;

/** The stretch of its line a gap stands in (within WINDOW): the line, or its table cell when it has pipes. */
function stretch(markdown: string, at: number, holes: readonly string[]): { before: string; after: string } {
  const lineStart = Math.max(markdown.lastIndexOf("\n", at - 1) + 1, at - WINDOW);
  let lineEnd = markdown.indexOf("\n", at);
  if (lineEnd < 0 || lineEnd > at + WINDOW) lineEnd = Math.min(markdown.length, at + WINDOW);
  let before = markdown.slice(lineStart, at);
  let after = markdown.slice(at, lineEnd);
  const pipe = /(?<!\\)\|/;
  const lastPipe = [...before.matchAll(/(?<!\\)\|/g)].pop();
  if (lastPipe?.index !== undefined) before = before.slice(lastPipe.index + 1);
  const nextPipe = pipe.exec(after);
  if (nextPipe) after = after.slice(0, nextPipe.index);
  return { before: fillForReading(before, holes).replace(HIDDEN, ""), after: fillForReading(after, holes).replace(HIDDEN, "") };
}

function cutStart(text: string): string {
  if (text.length <= QUOTE) return text.trimStart();
  const tail = text.slice(-QUOTE);
  const space = tail.indexOf(" ");
  return `…${space >= 0 ? tail.slice(space + 1) : tail}`;
}

function cutEnd(text: string): string {
  if (text.length <= QUOTE) return text.trimEnd();
  const head = text.slice(0, QUOTE);
  const space = head.lastIndexOf(" ");
  return `${space > 0 ? head.slice(0, space) : head}…`;
}

const quote = ({ before, after }: { before: string; after: string }): string => `“${cutStart(before)}${cutEnd(after)}”`;

const named = (gap: Gap): string => `"${gap.name}"${gap.variable.label ? ` (${gap.variable.label})` : ""}`;

/**
 * The warnings for the gaps of one expansion, given its whole output; one per variable and line.
 * `usedIn` names the text ('section 2 ("Fees")'), when known.
 */
export function gapProblems(gaps: readonly Gap[], markdown: string, usedIn: string | undefined, holes: readonly string[]): GapProblem[] {
  const text = usedIn === undefined ? "the text" : `the text of ${usedIn}`;
  const out: GapProblem[] = [];
  const seen = new Set<string>();
  for (const gap of gaps) {
    const key = `${gap.name}|${gap.src.path}|${gap.src.position(gap.offset).line}`;
    if (seen.has(key)) continue;
    const around = stretch(markdown, gap.at, holes);
    const inSentence = WORD.test(around.before) || WORD.test(around.after);
    if (!gap.missing && !inSentence) continue;
    seen.add(key);
    const reads = inSentence ? `, so it reads ${quote(around)}` : "";
    out.push(
      gap.missing
        ? {
            code: "VALUE_MISSING_HERE",
            message: `${named(gap)} has no value, but ${text} uses it here${reads}: give it a value, or choose the wording that does not use it`,
            src: gap.src,
            offset: gap.offset,
          }
        : {
            code: "VALUE_EMPTY_IN_SENTENCE",
            message: `${named(gap)} is empty in the middle of a sentence${usedIn === undefined ? "" : ` in ${usedIn}`}${reads}: give it a value`,
            src: gap.src,
            offset: gap.offset,
          },
    );
  }
  return out;
}
