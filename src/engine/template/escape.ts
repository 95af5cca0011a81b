import { S_BREAK, S_SPACE, SENTINEL_RANGE } from "./sentinels";

// A value is data, never Markdown: whatever a user types ("*x*", "[a](b)", "| # 1.") must come out as
// those characters. CommonMark lets every ASCII punctuation character be backslash-escaped, and an
// escaped character never starts or ends any construct, so escaping all of them is enough for inline
// syntax. Line structure is the other risk: a newline in a value would start a new Markdown line (a
// list item, a heading, the end of a table row), and leading spaces would be indentation (a code
// block). Newlines therefore become S_BREAK and edge spaces S_SPACE, sentinels the renderer turns
// back into a line break and a space. (GFM autolink literals, which would see "www.x.com" in the parsed
// text after escapes are gone, are not enabled: see markdown/parse.ts.)

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;
const EDGE_BLANKS = /^[ \t]+|[ \t]+$/g;

/** Escapes one line of a value (no line breaks in it). */
function escapeLine(line: string): string {
  let out = line.replace(ASCII_PUNCTUATION, "\\$&");
  // Leading blanks would be indentation and trailing ones a hard break ("  " + newline): keep them as
  // sentinel spaces, which Markdown treats as ordinary characters.
  const first = out.charCodeAt(0);
  const last = out.charCodeAt(out.length - 1);
  if (first === 32 || first === 9 || last === 32 || last === 9) {
    out = out.replace(EDGE_BLANKS, (blanks) => S_SPACE.repeat(blanks.length));
  }
  return out;
}

/** Makes a formatted value safe to drop anywhere in Markdown as literal text. */
export function escapeValue(text: string): string {
  if (text === "") return "";
  // Sentinels are reserved for the engine: a value must not be able to forge a page break or a note.
  const clean = text.replace(SENTINEL_RANGE, "");
  return clean
    .split(/\r\n|\r|\n/)
    .map(escapeLine)
    .join(S_BREAK);
}
