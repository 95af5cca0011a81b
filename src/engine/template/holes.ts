// Values as holes: the Markdown a section expands to is parsed once per shape, not once per set of values.
//
// A mail-merge builds the same snippets with other values over and over, and the Markdown parse is the
// dearest stage of a build. So where it is sound, the expander writes a placeholder instead of a value
// (a "hole"), the parser reads that text — the same text, hence the same tree, for every set of values
// that takes the same branches and loop counts, and parsed trees are kept by their text
// (markdown/read.ts) — and the values go into a copy of the tree (assemble/fill-holes.ts).
//
// Sound means the tree of the text with the value is the tree of the text with its placeholder, with
// the value where the placeholder is. A value is escaped (escape.ts): every ASCII punctuation character
// backslash-escaped, line breaks and edge blanks as sentinels, so it is literal text that starts and ends
// no construct. What is left is how its first and last characters class for CommonMark's flanking rules
// (whitespace, punctuation or other: they decide whether `*`, `_` and `~` next to it open or close), so
// the placeholder classes as the value does at each end: "§" (punctuation) where the value's edge is
// punctuation, a noncharacter (other) where it is other. A value is written as it is (no hole) when:
// - an edge is whitespace, or a surrogate (an astral character, which parsers class by halves);
// - it holds `*`, `_` or `~`, so that the Markdown limits (markdown/limits.ts), which count those in the
//   text as it is, see every one; or a backtick, a quote or an angle bracket, which escapes do not keep
//   in: in a code span a backtick ends it, and in an HTML tag a quote or `>` ends an attribute or the tag;
// - it starts a link address (an inline link's, an autolink's or a definition's) or lands inside one
//   (there it is the URL, or percent-encoded: escape.ts);
// - it stands inside brackets (a `[` still open since the last blank line): it may be part of a label, and a
//   label is matched against the document's definitions (`[{{x}}]` against `[ACME]: …`, `[^{{x}}]`
//   against a footnote), which a placeholder would not match;
// - it stands after a `<` not yet closed by a `>` (since the last blank line): it may be in an HTML tag,
//   where an attribute name or unquoted value takes some characters and not others;
// - its word reaches back beyond the last HOLE_WINDOW characters (it may be inside a long link address,
//   which a value with a blank would end: round-two fuzz seed 923148667 case 333), or follows a
//   definition's "]:" across a line end, or continues a character reference (`&am{{x}};`), or it starts
//   a line with a digit (`{{x}}. text` with "7" is an ordered list).
// A value in a text, a title or a code info string is the value unescaped, as the parser reads escapes;
// in code and raw HTML, where escapes are not read, the escaped text itself.

/** Start of a hole whose value starts with an "other" character, and with a punctuation character. */
const OPEN_OTHER = "\uFDE0";
const OPEN_PUNCT = "§\uFDE2";
/** End of a hole whose value ends with an "other" character, and with a punctuation character. */
const CLOSE_OTHER = "\uFDE1";
const CLOSE_PUNCT = "\uFDE3§";

/** Every hole in a text: its index in the expansion's list of values. */
export const HOLE = /(?:§\uFDE2|\uFDE0)(\d+)(?:\uFDE3§|\uFDE1)/g;
/** Whether a text may hold a hole (cheap test before the regular expression). */
export const mayHoldHole = (text: string): boolean => text.includes("\uFDE1") || text.includes("\uFDE3");

const WHITESPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const NOT_HOLED = /[*_~`"'<>]/;

type Edge = "other" | "punctuation" | undefined;

function edge(c: string): Edge {
  const code = c.charCodeAt(0);
  if (code >= 0xd800 && code <= 0xdfff) return undefined;
  if (WHITESPACE.test(c)) return undefined;
  return PUNCTUATION.test(c) ? "punctuation" : "other";
}

/**
 * The text written so far, blanks left out, ends where a link address starts: an inline link's "](", an
 * autolink's "<", or a link reference definition's "]:" (its address may start on a later line). Any "]:"
 * counts, not only a definition's: a value there is written as it is, which is always sound.
 */
const ADDRESS_START = /(?:\]\(|\]:|<)$/;
/** The text before the value's word ends with a definition's "]:": the word may be its address, continued. */
const AFTER_DEFINITION = /\]:[ \t]*\n?[ \t]*$/;
/** An entity or numeric character reference begun: "&am{{x}};" with "p" is "&", with a placeholder not. */
const ENTITY_START = /&#?[A-Za-z0-9]*$/;
/** A line so far holds only blanks, block quote and list markers: a value's digits there may start a list item. */
const LINE_START = /(?:^|\n)(?:[ \t>]|[-+*](?=[ \t])|\d{1,9}[.)](?=[ \t]))*$/;
const DIGIT = /^\d/;

/** How many of the output's last characters the expander shows holeFor and inLinkAddress (escape.ts). */
export const HOLE_WINDOW = 512;

/**
 * Whether a value written after `before` may stand where Markdown reads a placeholder otherwise than the
 * value: where a link address starts, or the value's word reaches back beyond what `before` shows (it may
 * be inside a long link address or autolink, where a value with a blank ends the address and a placeholder
 * does not), after a definition's "]:" on the line before, in a character reference, or at a line's start
 * with a digit (an ordered list's number). `whole`: `before` is all the output.
 */
function unsoundAfter(escaped: string, before: string, whole: boolean): boolean {
  const trimmed = before.trimEnd();
  if (trimmed === "" && !whole) return true;
  if (ADDRESS_START.test(trimmed)) return true;
  const wordStart = Math.max(before.lastIndexOf(" "), before.lastIndexOf("\t"), before.lastIndexOf("\n")) + 1;
  if (wordStart === 0 && !whole) return true;
  if (AFTER_DEFINITION.test(before.slice(0, wordStart))) return true;
  if (ENTITY_START.test(before)) return true;
  return DIGIT.test(escaped) && LINE_START.test(before);
}

/**
 * The placeholder for value `index` (its escaped text `escaped`), written after `before` (the output's
 * last characters; `whole`: all of it), or undefined when the value must be written as it is. The caller
 * has made sure the value does not stand inside brackets or a possible HTML tag (the expander's builder
 * counts them: MarkdownBuilder.inBrackets, inAngle), nor inside a link address it can see (escape.ts).
 */
export function holeFor(index: number, escaped: string, before: string, whole: boolean): string | undefined {
  if (escaped === "" || NOT_HOLED.test(escaped)) return undefined;
  if (unsoundAfter(escaped, before, whole)) return undefined;
  const first = edge(escaped[0]!);
  const last = edge(escaped[escaped.length - 1]!);
  if (first === undefined || last === undefined) return undefined;
  return `${first === "other" ? OPEN_OTHER : OPEN_PUNCT}${index}${last === "other" ? CLOSE_OTHER : CLOSE_PUNCT}`;
}

const ESCAPED = /\\([!-/:-@[-`{-~])/g;

/** A value's text as the parser reads it in text: the escaped value with its backslash escapes read. */
export const unescaped = (escaped: string): string => (escaped.includes("\\") ? escaped.replace(ESCAPED, "$1") : escaped);

/**
 * `text` (part of the expanded Markdown) with its whole holes filled as text and the pieces of holes cut
 * at its ends left out: for quoting the text around a place (gaps.ts).
 */
export function fillForReading(text: string, holes: readonly string[]): string {
  if (holes.length === 0) return text;
  return text
    .replace(HOLE, (_, i: string) => unescaped(holes[Number(i)] ?? ""))
    .replace(/^\d*(?:\uFDE3§|\uFDE1)/, "")
    .replace(/(?:§\uFDE2|\uFDE0)\d*$/, "");
}
