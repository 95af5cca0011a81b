// Which Markdown texts markdown-it (parse-fast.ts) parses to micromark's tree: a cheap scan for the
// constructs where the two differ, each sent to micromark (parse.ts). Every rule is here because the
// differential test (tests/engine/markdown/parse-fast.test.ts) found or would find a difference:
// - "\r" and NUL: markdown-it normalises line endings and NUL before parsing; micromark keeps them.
// - Link reference definitions ([label]: url): markdown-it resolves and removes them; mdast keeps the
//   definition and linkReference nodes the renderer resolves itself.
// - A run of tildes other than two: micromark's GFM strikethrough also takes ~one~ (its default) and
//   refuses runs of three or more; markdown-it takes ~~two~~ only.
// - ~~ next to * or _ (`a*~~b*~~`): markdown-it pairs strikethrough before emphasis.
// - A [ and a run of backticks left unmatched (`` [`a`*` ``): markdown-it's label scan leaves code spans
//   unparsed.
// - A line starting with < right after a line of text: in a list item or block quote micromark lets an
//   HTML tag line interrupt the paragraph (a lazy line), markdown-it continues it.
// - A list marker with nothing after it at the very end (`1. + `): micromark reads it as text.
// - Raw HTML CDATA sections, processing instructions and a comment never closed: the two disagree on
//   where they end.
// - Footnote labels other than lower-case runs without whitespace, brackets or backslashes: micromark
//   matches labels case- and whitespace-insensitively, markdown-it-footnote exactly.
// - Runs of three or more * or _: the two parsers pair such delimiter runs differently
//   (`a**b****c *d***`, `b* b***a *a`); prose rarely has them.
// - A last line of only spaces and tabs (no line ending after it): micromark keeps it in an indented or an
//   unclosed fenced code block (```\nx\n  ), markdown-it drops it.
// - A line of only spaces and tabs holding a tab or four spaces, after a blank line: after an indented
//   code block micromark keeps part of it (and a line ending) in the block, markdown-it ends the block.
// - A character next to *, _ or ~ that the two parsers class differently for emphasis (punctuation,
//   whitespace or other): an astral one (markdown-it reads the surrogate pair as one code point,
//   micromark each half), or one of the few BMP characters their Unicode data disagree on (symbols newer
//   than markdown-it's tables, U+2028, U+2029, U+FEFF); and lone surrogates anywhere. Curly quotes, dashes
//   and accented letters around bold and italic — common in contracts — class alike and stay here.
// - An escaped * or _ right before another (`\\**`): paired differently.
// - Whitespace other than space, tab and line feed (\v, \f, no-break and Unicode spaces, BOM):
//   markdown-it trims cells, info strings and paragraphs with String.trim, micromark only spaces and tabs.
// - A numeric character reference to a code point HTML does not allow (&#0;, &#xD800;, &#x110000;…):
//   micromark decodes it to U+FFFD everywhere, markdown-it leaves it as written in addresses and info strings.

import { isPunctChar, isWhiteSpace } from "./parse-fast";


const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// Without \v and \f (looked for with includes): a class of non-ASCII characters alone is checked
// several times faster (V8 skips most of a one-byte string), 0.87 → 0.16 ms for the benchmark's 100 bodies.
// U+00A0 apart too (with includes): a class without any Latin-1 character fails a one-byte string at once.
const OTHER_WHITESPACE = /[\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;
const NUMERIC_REFERENCE = /&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));/g;
const TILDES_BY_EMPHASIS = /[*_]~|~[*_]/;
const INDENTED_BLANK_AFTER_BLANK = /\n[ \t]*\n[ \t]*(?:\t| {4})[ \t]*\n/;

const EMPTY_ITEM_AT_END = /(?:^|\n)[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)+$/;
const PLAIN_LABEL = /^[^\s[\]\\^]+$/;

export function fastable(markdown: string): boolean {
  if (markdown.includes("\r") || markdown.includes("\0")) return false;
  for (let at = markdown.indexOf("]:"); at >= 0; at = markdown.indexOf("]:", at + 2)) {
    const open = markdown.lastIndexOf("[", at);
    if (open < 0 || markdown.charCodeAt(open + 1) !== 0x5e /* ^ */) return false;
  }
  const tilde = markdown.indexOf("~");
  for (let at = tilde; at >= 0;) {
    let end = at;
    while (markdown.charCodeAt(end) === 0x7e) end++;
    if (end - at !== 2) return false;
    at = markdown.indexOf("~", end);
  }
  if (longDelimiterRun(markdown) || unlikeByDelimiter(markdown)) return false;
  const lt = markdown.indexOf("<") >= 0;
  if ((lt && tagAfterText(markdown)) || emptyItemAtEnd(markdown)) return false;
  if ((tilde >= 0 && TILDES_BY_EMPHASIS.test(markdown)) || trailingCodeBlank(markdown)) return false;
  if (indentedBlankAfterBlank(markdown)) return false;
  if (markdown.includes("`") && markdown.includes("[") && unmatchedBackticks(markdown)) return false;
  if (
    LONE_SURROGATE.test(markdown) ||
    escapedBeforeDelimiter(markdown) ||
    markdown.includes("\v") ||
    markdown.includes("\f") ||
    markdown.includes("\u00a0") ||
    OTHER_WHITESPACE.test(markdown)
  )
    return false;
  if (lt && (markdown.includes("<![CDATA[") || markdown.includes("<?"))) return false;
  const comment = lt ? markdown.lastIndexOf("<!--") : -1;
  if (comment >= 0 && markdown.indexOf("-->", comment + 2) < 0) return false;
  if (markdown.includes("&#")) {
    for (const m of markdown.matchAll(NUMERIC_REFERENCE)) {
      if (!allowedCodePoint(m[1] !== undefined ? parseInt(m[1], 16) : Number(m[2]))) return false;
    }
  }
  if (markdown.includes("[^") && !plainFootnoteLabels(markdown)) return false;
  return true;
}

// Rules whose regular expression V8 tries at every position of the text, each as a cheaper test that
// gives the same answer (tests/engine/markdown/fastable-scans.test.ts checks each against its expression):
// the detector took ~17 ms for the benchmark's 1,000 sections warm and ~33 ms in a first build, a dozen
// passes over 5.5 MB of which these were two thirds (issue 15).

/** /\*{3}|_{3}/: String.includes searches for a fixed string with a fast skip. */
export function longDelimiterRun(markdown: string): boolean {
  return markdown.includes("***") || markdown.includes("___");
}

/** /(?:^|\n)[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)+$/: it ends with a blank, so only a text ending with one can match. */
export function emptyItemAtEnd(markdown: string): boolean {
  const last = markdown.charCodeAt(markdown.length - 1);
  return (last === 0x20 || last === 0x09) && EMPTY_ITEM_AT_END.test(markdown);
}

/**
 * /\n[ \t]*\n[ \t]*(?:\t| {4})[ \t]*\n/: its last line holds a tab or four spaces and nothing but blanks,
 * so a blank comes right before a line feed; texts without one (most: a line ending after a blank is rare)
 * skip it. Looked for from each line feed: a search for " \n" stops at every space of the prose.
 */
export function indentedBlankAfterBlank(markdown: string): boolean {
  for (let at = markdown.indexOf("\n", 1); at >= 0; at = markdown.indexOf("\n", at + 1)) {
    const before = markdown.charCodeAt(at - 1);
    if (before === 0x20 || before === 0x09) return INDENTED_BLANK_AFTER_BLANK.test(markdown);
  }
  return false;
}

/** /\\[*_][*_]/, from each backslash (few in prose: escaped values). */
export function escapedBeforeDelimiter(markdown: string): boolean {
  for (let at = markdown.indexOf("\\"); at >= 0; at = markdown.indexOf("\\", at + 1)) {
    const a = markdown.charCodeAt(at + 1);
    const b = markdown.charCodeAt(at + 2);
    if ((a === 0x2a || a === 0x5f) && (b === 0x2a || b === 0x5f)) return true;
  }
  return false;
}

/**
 * Every footnote label (/\[\^([^\]]*)\]/g's matches: from a "[^" to the next "]") lower-case without
 * whitespace, brackets, backslashes or ^. Found with indexOf: matchAll made a match object per label.
 */
export function plainFootnoteLabels(markdown: string): boolean {
  for (let at = markdown.indexOf("[^"); at >= 0; ) {
    const end = markdown.indexOf("]", at + 2);
    if (end < 0) return true;
    const label = markdown.slice(at + 2, end);
    if (!PLAIN_LABEL.test(label) || label !== label.toLowerCase()) return false;
    at = markdown.indexOf("[^", end + 1);
  }
  return true;
}

// Three rules as scans from the characters that start them, not regular expressions tried at every
// position: the detector took half as long as markdown-it's parse itself (4.2 against 9 ms for the
// benchmark's 100 bodies); these three were 2.2 ms of it (tests/engine/markdown/fastable-scans.test.ts).

// micromark's classes of a character (micromark-util-character: unicodeWhitespace, unicodePunctuation),
// which it tests on one UTF-16 unit at a time, with the runtime's own Unicode data.
const MICROMARK_WHITESPACE = /\s/;
const MICROMARK_PUNCTUATION = /\p{P}|\p{S}/u;
/** Per BMP code unit: 0 not looked at yet, 1 both parsers class it alike, 2 they do not. */
const alike = new Uint8Array(0x10000);

/**
 * Whether markdown-it (isWhiteSpace, isPunctChar: its scanDelims) and micromark (classifyCharacter) put a
 * non-ASCII code unit next to an emphasis or strikethrough delimiter in the same class. Worked out on
 * first use in the runtime that parses, so a browser with other Unicode data gets its own answer.
 */
export function classedAlike(code: number): boolean {
  if (code >= 0xd800 && code <= 0xdfff) return false;
  let known = alike[code]!;
  if (known === 0) {
    const ch = String.fromCharCode(code);
    const same = isWhiteSpace(code) === MICROMARK_WHITESPACE.test(ch) && isPunctChar(ch) === MICROMARK_PUNCTUATION.test(ch);
    alike[code] = known = same ? 1 : 2;
  }
  return known === 1;
}

/** A non-ASCII character next to *, _ or ~ that the two parsers class differently (classedAlike). */
export function unlikeByDelimiter(markdown: string): boolean {
  const last = markdown.length - 1;
  for (const delimiter of ["*", "_", "~"]) {
    for (let at = markdown.indexOf(delimiter); at >= 0; at = markdown.indexOf(delimiter, at + 1)) {
      const before = at > 0 ? markdown.charCodeAt(at - 1) : 0;
      const after = at < last ? markdown.charCodeAt(at + 1) : 0;
      if ((before > 0x7f && !classedAlike(before)) || (after > 0x7f && !classedAlike(after))) return true;
    }
  }
  return false;
}

/**
 * /[^\n]\n {0,3}</: a "<" that starts a line (after at most three spaces) right after a line of text. Only
 * the whole run of spaces before a "<" can end at a line feed, so each "<" is looked at once.
 */
export function tagAfterText(markdown: string): boolean {
  for (let at = markdown.indexOf("<"); at >= 0; at = markdown.indexOf("<", at + 1)) {
    let start = at;
    while (start > 0 && at - start < 4 && markdown.charCodeAt(start - 1) === 0x20) start--;
    if (at - start > 3) continue;
    if (start >= 2 && markdown.charCodeAt(start - 1) === 0x0a && markdown.charCodeAt(start - 2) !== 0x0a) return true;
  }
  return false;
}

/** /\n[ \t]+$/: the text ends with a line of only spaces and tabs. */
export function trailingCodeBlank(markdown: string): boolean {
  let end = markdown.length;
  while (end > 0 && (markdown.charCodeAt(end - 1) === 0x20 || markdown.charCodeAt(end - 1) === 0x09)) end--;
  return end < markdown.length && end > 0 && markdown.charCodeAt(end - 1) === 0x0a;
}

/** The code points a numeric character reference may name (both parsers' rule; else U+FFFD). */
function allowedCodePoint(c: number): boolean {
  if (c < 9 || c === 11 || (c > 13 && c < 32) || (c > 126 && c < 160)) return false;
  if ((c >= 0xd800 && c <= 0xdfff) || (c >= 0xfdd0 && c <= 0xfdef)) return false;
  return (c & 0xffff) !== 0xffff && (c & 0xffff) !== 0xfffe && c <= 0x10ffff;
}

/** Whether some length of backtick run occurs an odd number of times (one of them cannot be matched). */
function unmatchedBackticks(markdown: string): boolean {
  const runs = new Map<number, number>();
  for (let at = markdown.indexOf("`"); at >= 0;) {
    let end = at;
    while (markdown.charCodeAt(end) === 0x60) end++;
    runs.set(end - at, (runs.get(end - at) ?? 0) + 1);
    at = markdown.indexOf("`", end);
  }
  for (const count of runs.values()) if (count % 2 === 1) return true;
  return false;
}
