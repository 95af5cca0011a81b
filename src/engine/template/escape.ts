import { S_BREAK, S_SPACE, SENTINEL_RANGE } from "../markdown/sentinels";

// A value is data, never Markdown: whatever a user types ("*x*", "[a](b)", "| # 1.") must come out as
// those characters. CommonMark lets every ASCII punctuation character be backslash-escaped, and an
// escaped character never starts or ends any construct, so escaping all of them is enough for inline
// syntax. Line structure is the other risk: a newline in a value would start a new Markdown line (a
// list item, a heading, the end of a table row), and leading spaces would be indentation (a code
// block). Newlines therefore become S_BREAK and edge spaces S_SPACE, sentinels the renderer turns
// back into a line break and a space. (GFM autolink literals, which would see "www.x.com" in the parsed
// text after escapes are gone, are not enabled: see markdown/parse.ts.)

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** Escapes one line of a value (no line breaks in it). */
function escapeLine(line: string): string {
  let out = line.replace(ASCII_PUNCTUATION, "\\$&");
  // Leading blanks would be indentation and trailing ones a hard break ("  " + newline): keep them as
  // sentinel spaces, which Markdown treats as ordinary characters.
  // Found by scanning from each end: the regular expression /^[ \t]+|[ \t]+$/g tried the "$" branch
  // at every position of a run of blanks, which is quadratic (100,000 blanks took 11 s).
  const isBlank = (i: number): boolean => {
    const c = out.charCodeAt(i);
    return c === 32 || c === 9;
  };
  let start = 0;
  while (start < out.length && isBlank(start)) start++;
  if (start === out.length) return S_SPACE.repeat(out.length);
  let end = out.length;
  while (isBlank(end - 1)) end--;
  if (start > 0 || end < out.length) {
    out = S_SPACE.repeat(start) + out.slice(start, end) + S_SPACE.repeat(out.length - end);
  }
  return out;
}

/** A value without punctuation, sentinels, line endings or blanks at its ends is written as it is. */
const NEEDS_ESCAPE = /[!-/:-@[-`{-~\r\n\uFDD0-\uFDEF]|^[ \t]|[ \t]$/;

/** Makes a formatted value safe to drop anywhere in Markdown as literal text. */
export function escapeValue(text: string): string {
  // Most values (names, dates, plain words) need nothing: the full escape would return them unchanged.
  return NEEDS_ESCAPE.test(text) ? escapeEveryLine(text) : text;
}

/** escapeValue without its shortcut (exported for the test that they agree). */
export function escapeEveryLine(text: string): string {
  if (text === "") return "";
  // Sentinels are reserved for the engine: a value must not be able to forge a page break or a note.
  const clean = text.replace(SENTINEL_RANGE, "");
  return clean
    .split(/\r\n|\r|\n/)
    .map(escapeLine)
    .join(S_BREAK);
}

// A value written inside a link's address after some of it ("[a](https://x/{{id}})",
// "<https://x/{{id}}>", "[r]: https://x/{{id}}") is a URL component, not text: Markdown escapes would
// become part of the address, so a value such as ")![i](https://evil/x.png" changed the path, and a value
// with a space ended the address (and dropped the link). There it is percent-encoded instead, every
// character but RFC 3986's unreserved ones, so a value can never change where the link goes. A value
// that is the whole address ("[a]({{url}})") is the URL itself: it is escaped as text, as before, and
// checked as a link (scheme, valid URI) by the renderer.
// Each check looks only at the last word and line written, anchored, so it costs time linear in them.
const DESTINATION_REST = /^(?:[^()<>\\]|\\[\s\S])+$/;
const AUTOLINK_REST = /^(?:https?|mailto):[^<>]*$/i;
// A definition's address may start on the line after its label.
const DEFINITION_LINE = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:[ \t]*(?:\n[ \t]*)?[^\s<>]+$/;

/** Whether text written after `before` lands inside a link address, after some of the address. */
export function inLinkAddress(before: string): boolean {
  const word = before.slice(Math.max(before.lastIndexOf(" "), before.lastIndexOf("\t"), before.lastIndexOf("\n")) + 1);
  const open = word.lastIndexOf("](");
  if (open >= 0 && DESTINATION_REST.test(word.slice(open + 2))) return true;
  const angle = word.lastIndexOf("<");
  if (angle >= 0 && AUTOLINK_REST.test(word.slice(angle + 1))) return true;
  // The last line alone (label and address on one line), or with the line before it (the address on
  // the line after its label).
  const lastLine = before.lastIndexOf("\n");
  if (DEFINITION_LINE.test(before.slice(lastLine + 1))) return true;
  return lastLine >= 0 && DEFINITION_LINE.test(before.slice(before.lastIndexOf("\n", lastLine - 1) + 1));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes a value as one URL component (UTF-8; only A–Z a–z 0–9 - . _ ~ stay as they are). */
export function escapeUrlComponent(text: string): string {
  const clean = text.replace(SENTINEL_RANGE, "").replace(LONE_SURROGATE, "\uFFFD");
  return encodeURIComponent(clean).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
