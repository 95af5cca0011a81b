// A link's destination as Word needs it in the relationship's Target: a valid URI (RFC 3986).
// Markdown destinations are decoded text and may hold spaces (`<https://a b>`), a stray `%`, or `[ ]`
// in a path; Word and .NET's Uri refuse such targets (dotnet/Open-XML-SDK#85, xceedsoftware/DocX#324).
// Characters a URI may not hold are percent-encoded as UTF-8; escapes already there (%HH) are kept;
// non-ASCII letters stay as they are (an IRI, which Word accepts and shows as typed) — only RFC 3987's
// `ucschar`: private-use characters, noncharacters and specials are encoded (found by the fuzz suite).

const KEEP = /[A-Za-z0-9\-._~:/?#@!$&'()*+,;=\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF\u{10000}-\u{EFFFD}]/uy;
const ESCAPE = /%[0-9A-Fa-f]{2}/y;
const IP_LITERAL_HOST = /^(https?:\/\/(?:[^/?#@[\]]*@)?)(\[[0-9A-Fa-f:.]+\])/i;

const encode = (ch: string): string =>
  [...new TextEncoder().encode(ch)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

export function linkTarget(href: string): string {
  // [ ] are kept only around an IP-literal host (https://[::1]/); anywhere else they are encoded.
  const literal = IP_LITERAL_HOST.exec(href);
  const head = literal ? literal[1]! + literal[2]! : "";
  let out = head;
  let seenHash = false;
  for (let i = head.length; i < href.length;) {
    ESCAPE.lastIndex = i;
    if (href[i] === "%" && ESCAPE.test(href)) {
      out += href.slice(i, i + 3);
      i += 3;
      continue;
    }
    KEEP.lastIndex = i;
    const m = KEEP.exec(href);
    const ch = m ? m[0] : String.fromCodePoint(href.codePointAt(i)!);
    if (m && !(ch === "#" && seenHash)) out += ch;
    else out += encode(ch);
    if (ch === "#") seenHash = true;
    i += ch.length;
  }
  return out;
}
