// The template expander turns a snippet body into Markdown for the Markdown parser. Things that
// Markdown cannot say (fields, page breaks, drafting-note ranges, line breaks inside a value) travel
// through the parser as Unicode *noncharacters* U+FDD0–U+FDEF: the parser treats them as ordinary
// text, no real document uses them, and the loader strips any found in user input (with a
// CHARACTERS_REMOVED warning) so a sentinel is never ambiguous. The renderer turns them into OOXML.

/** A line break inside a value (multiline values keep their breaks): renders as <w:br/>. */
export const S_BREAK = "\uFDD0";
/** {{page}}: a PAGE field. */
export const S_PAGE = "\uFDD1";
/** {{pages}}: a NUMPAGES field. */
export const S_PAGES = "\uFDD2";
/** Start of a drafting-note range: S_NOTE_START + decimal index + S_ID_END. */
export const S_NOTE_START = "\uFDD3";
/** Closes the decimal index after S_NOTE_START / S_NOTE_END. */
export const S_ID_END = "\uFDD4";
/** End of a drafting-note range: S_NOTE_END + decimal index + S_ID_END. */
export const S_NOTE_END = "\uFDD5";
/** {{pagebreak}}: a paragraph made of this alone is a page break. */
export const S_PAGEBREAK = "\uFDD6";
/** {{toc}}: a paragraph made of this alone is a table of contents. */
export const S_TOC = "\uFDD7";
/** A space from a value that must not count as Markdown indentation (leading spaces of a value line). */
export const S_SPACE = "\uFDD8";

/**
 * {{ref "target"}}: a cross-reference field. S_REF + form ("n" number, "t" heading text, "p" page) +
 * the Markdown offset of the tag (for its place) + "." + the target in hex + S_ID_END. Hex keeps any
 * target id clear of Markdown's own characters.
 */
export const S_REF = "\uFDD9";
/** {{anchor "name"}} on a heading: S_ANCHOR + the name in hex + S_ID_END. */
export const S_ANCHOR = "\uFDDA";

export type RefForm = "number" | "text" | "page";
const FORM_LETTER: Record<RefForm, string> = { number: "n", text: "t", page: "p" };
const LETTER_FORM: Record<string, RefForm> = { n: "number", t: "text", p: "page" };

/** UTF-16 code units, four hex digits each. */
const toHex = (text: string): string =>
  Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, "0")).join("");
const fromHex = (hex: string): string =>
  String.fromCharCode(...(hex.match(/[0-9a-f]{4}/g) ?? []).map((h) => parseInt(h, 16)));

export const refMark = (form: RefForm, target: string, offset: number): string =>
  `${S_REF}${FORM_LETTER[form]}${offset}.${toHex(target)}${S_ID_END}`;
export const anchorMark = (name: string): string => `${S_ANCHOR}${toHex(name)}${S_ID_END}`;

const ANCHOR = /\uFDDA([0-9a-f]*)\uFDD4/g;

/** The anchor names a heading's text carries ({{anchor}} tags), in order. */
/** Text with its {{anchor}} marks, and the spaces around each, replaced by one space (heading-targets.ts). */
export const withoutAnchorMarks = (text: string): string => text.replace(/\s*\uFDDA[0-9a-f]*\uFDD4\s*/g, " ");

export function anchorsIn(text: string): string[] {
  return [...text.matchAll(ANCHOR)].map((m) => fromHex(m[1]!));
}

/** Every sentinel character, for stripping from user input. */
export const SENTINEL_RANGE = /[\uFDD0-\uFDEF]/g;

export const noteStart = (index: number): string => `${S_NOTE_START}${index}${S_ID_END}`;
export const noteEnd = (index: number): string => `${S_NOTE_END}${index}${S_ID_END}`;

/** A piece of text after splitting on sentinels. */
export type InlinePiece =
  | { kind: "text"; text: string }
  | { kind: "break" }
  | { kind: "page" }
  | { kind: "pages" }
  | { kind: "note-start"; index: number }
  | { kind: "note-end"; index: number }
  | { kind: "ref"; form: RefForm; target: string; offset: number };

const PIECE =
  /\uFDD0|\uFDD1|\uFDD2|\uFDD3(\d+)\uFDD4|\uFDD5(\d+)\uFDD4|\uFDD9([ntp])(\d+)\.([0-9a-f]*)\uFDD4|\uFDDA[0-9a-f]*\uFDD4/g;

/** Splits text that may hold sentinels into text and markers (S_SPACE becomes a plain space). */
export function splitSentinels(text: string): InlinePiece[] {
  const out: InlinePiece[] = [];
  const plain = (s: string): void => {
    // Any other sentinel here is out of place (a {{toc}} inside a sentence…): it never reaches the file.
    const text = s.replaceAll(S_SPACE, " ").replace(SENTINEL_RANGE, "");
    if (text !== "") out.push({ kind: "text", text });
  };
  let last = 0;
  for (const m of text.matchAll(PIECE)) {
    plain(text.slice(last, m.index));
    const [all, start, end, form, offset, target] = m;
    if (all === S_BREAK) out.push({ kind: "break" });
    else if (all === S_PAGE) out.push({ kind: "page" });
    else if (all === S_PAGES) out.push({ kind: "pages" });
    else if (start !== undefined) out.push({ kind: "note-start", index: Number(start) });
    else if (end !== undefined) out.push({ kind: "note-end", index: Number(end) });
    else if (form !== undefined)
      out.push({
        kind: "ref",
        form: LETTER_FORM[form]!,
        offset: Number(offset),
        target: fromHex(target ?? ""),
      });
    // An anchor is read from the heading's text (anchorsIn) and shows nothing.
    last = m.index + all.length;
  }
  plain(text.slice(last));
  return out;
}
