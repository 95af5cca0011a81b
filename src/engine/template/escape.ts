import { S_BREAK, S_NOLINK, S_SPACE, SENTINEL_RANGE } from "./sentinels";

// A value is data, never Markdown: whatever a user types ("*x*", "[a](b)", "| # 1.") must come out as
// those characters. CommonMark lets every ASCII punctuation character be backslash-escaped, and an
// escaped character never starts or ends any construct, so escaping all of them is enough for inline
// syntax. Line structure is the other risk: a newline in a value would start a new Markdown line (a
// list item, a heading, the end of a table row), and leading spaces would be indentation (a code
// block). Newlines therefore become S_BREAK and edge spaces S_SPACE, sentinels the renderer turns
// back into a line break and a space. Finally GFM autolink literals (www.x.com, http://…, a@b.com)
// are recognised in the parsed text, after escapes are gone, so S_NOLINK (rendered as nothing) is put
// where they would match: a value never turns into a link, whatever its scheme.

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;
const EDGE_BLANKS = /^[ \t]+|[ \t]+$/g;
const AUTOLINK_START = /(?<=https?:)(?=\/\/)|(?<=www)(?=\.)|(?<=@)(?=[\w-])/gi;

/** Escapes one line of a value (no line breaks in it). */
function escapeLine(line: string): string {
  let out = line;
  // The autolink pattern uses look-behinds, slow on long text: run it only when it can match.
  if (out.includes("@") || out.includes("//") || /www\./i.test(out))
    out = out.replace(AUTOLINK_START, S_NOLINK);
  out = out.replace(ASCII_PUNCTUATION, "\\$&");
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
