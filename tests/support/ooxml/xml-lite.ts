// A small, strict, namespace-aware XML parser and serialiser for the OOXML checker.
// Why not jsdom or @xmldom: both take ~2 s on a 2.4 MB document.xml (20,000 paragraphs); this takes a
// tenth of that, and the checker needs only elements, attributes, text and namespace scopes.
// Comments and processing instructions are dropped: they mean nothing to schema validation.

export const XML_NS = "http://www.w3.org/XML/1998/namespace";

export type XmlAttr = { qname: string; prefix: string; local: string; ns: string; value: string };
export type XmlText = { kind: "text"; text: string };
export type XmlElement = {
  kind: "element";
  qname: string;
  prefix: string;
  local: string;
  ns: string;
  attrs: XmlAttr[];
  /** Namespace declarations written on this element: [prefix ("" = default), uri]. */
  nsDecls: Array<[string, string]>;
  children: XmlNode[];
};
export type XmlNode = XmlElement | XmlText;

export type ParsedXml = {
  root: XmlElement | null;
  /** Fatal well-formedness error (parsing stopped), if any. */
  fatal: string | null;
  /** Characters XML 1.0 forbids (raw or as character references), with line:column. */
  forbidden: string[];
};

const NAME_START = "A-Za-z_\\u00C0-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\uFFFD";
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
// The XML Name production includes combining marks (U+0300–U+036F) as name characters, on purpose.
// eslint-disable-next-line no-misleading-character-class
const QNAME = new RegExp(`[${NAME_START}][${NAME_CHAR}]*(?::[${NAME_START}][${NAME_CHAR}]*)?`, "y");
const SPACE = /[ \t\r\n]*/y;
// Fast paths for the usual ASCII names; anything else goes the careful way.
const ASCII_QNAME = "[A-Za-z_][-\\w.]*(?::[A-Za-z_][-\\w.]*)?";
const FAST_TAG = new RegExp(
  `<(${ASCII_QNAME})((?:[ \\t\\r\\n]+${ASCII_QNAME}[ \\t\\r\\n]*=[ \\t\\r\\n]*(?:"[^"<]*"|'[^'<]*'))*)[ \\t\\r\\n]*(/?)>`,
  "y",
);
const FAST_ATTR = new RegExp(`(${ASCII_QNAME})[ \\t\\r\\n]*=[ \\t\\r\\n]*(?:"([^"]*)"|'([^']*)')`, "g");
const END_TAG = new RegExp(`</(${ASCII_QNAME})[ \\t\\r\\n]*>`, "y");

type RawAttr = { qname: string; value: string; at: number };
// Anything outside XML 1.0's Char production; with the u flag lone surrogates match too.
export const FORBIDDEN_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const MAX_FORBIDDEN_REPORTS = 5;

class XmlSyntaxError extends Error {}

function isAllowedCodePoint(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

export function describeCodePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Line and column (1-based) of an offset; only computed for error messages. */
export function lineColumn(text: string, offset: number): string {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    last = i;
  }
  return `${line}:${offset - last}`;
}

export function parseXml(text: string): ParsedXml {
  const forbidden: string[] = [];
  FORBIDDEN_CHAR.lastIndex = 0;
  for (let m = FORBIDDEN_CHAR.exec(text); m; m = FORBIDDEN_CHAR.exec(text)) {
    if (forbidden.length >= MAX_FORBIDDEN_REPORTS) {
      forbidden.push("… more forbidden characters");
      break;
    }
    const cp = m[0].codePointAt(0) ?? 0;
    forbidden.push(
      `${lineColumn(text, m.index)}: character ${describeCodePoint(cp)} is not allowed in XML 1.0`,
    );
  }
  const parser = new Parser(text, forbidden);
  try {
    return { root: parser.parse(), fatal: null, forbidden };
  } catch (e) {
    if (e instanceof XmlSyntaxError) return { root: null, fatal: e.message, forbidden };
    throw e;
  }
}

class Parser {
  private i = 0;
  private readonly scopes: Array<Map<string, string>> = [new Map([["xml", XML_NS]])];

  constructor(
    private readonly s: string,
    private readonly forbidden: string[],
  ) {}

  private fail(message: string, at = this.i): never {
    throw new XmlSyntaxError(`${lineColumn(this.s, at)}: ${message}`);
  }

  parse(): XmlElement {
    const s = this.s;
    if (s.charCodeAt(0) === 0xfeff) this.i = 1;
    let root: XmlElement | null = null;
    const stack: XmlElement[] = [];
    while (this.i < s.length) {
      const lt = s.indexOf("<", this.i);
      const textEnd = lt === -1 ? s.length : lt;
      if (textEnd > this.i) {
        const raw = s.slice(this.i, textEnd);
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push({ kind: "text", text: this.decode(raw, this.i, false) });
        else if (/[^ \t\r\n]/.test(raw)) this.fail("text outside the root element");
        this.i = textEnd;
        continue;
      }
      if (s.startsWith("<?", this.i)) {
        const end = s.indexOf("?>", this.i);
        if (end === -1) this.fail("unterminated processing instruction");
        if (/^<\?xml[ \t\r\n?]/.test(s.slice(this.i, this.i + 6)) && this.i > 1) {
          this.fail("XML declaration not at the start of the part");
        }
        this.i = end + 2;
      } else if (s.startsWith("<!--", this.i)) {
        const end = s.indexOf("-->", this.i + 4);
        if (end === -1) this.fail("unterminated comment");
        this.i = end + 3;
      } else if (s.startsWith("<![CDATA[", this.i)) {
        const end = s.indexOf("]]>", this.i);
        const parent = stack[stack.length - 1];
        if (end === -1) this.fail("unterminated CDATA section");
        if (!parent) this.fail("CDATA outside the root element");
        parent.children.push({ kind: "text", text: s.slice(this.i + 9, end) });
        this.i = end + 3;
      } else if (s.startsWith("<!", this.i)) {
        // OPC (ECMA-376 Part 2) forbids DTD declarations in package parts.
        this.fail("DOCTYPE/DTD declarations are not allowed in OOXML parts");
      } else if (s.charCodeAt(this.i + 1) === 0x2f /* "</" */) {
        const at = this.i;
        END_TAG.lastIndex = this.i;
        const fast = END_TAG.exec(s);
        let name: string;
        if (fast) {
          name = fast[1] as string;
          this.i = END_TAG.lastIndex;
        } else {
          this.i += 2;
          name = this.name();
          this.skipSpace();
          if (s[this.i] !== ">") this.fail("malformed end tag");
          this.i++;
        }
        const open = stack.pop();
        if (!open) this.fail(`end tag </${name}> without a start tag`, at);
        if (open.qname !== name) this.fail(`end tag </${name}> does not match <${open.qname}>`, at);
        this.scopes.pop();
      } else {
        if (root && stack.length === 0) this.fail("more than one root element");
        const el = this.startTag();
        const parent = stack[stack.length - 1];
        if (parent) parent.children.push(el);
        else root = el;
        if (s.startsWith("/>", this.i)) {
          this.i += 2;
          this.scopes.pop();
        } else {
          this.i++; // ">"
          stack.push(el);
        }
      }
    }
    const open = stack[stack.length - 1];
    if (open) this.fail(`element <${open.qname}> is never closed`);
    if (!root) this.fail("no root element");
    return root;
  }

  private name(): string {
    QNAME.lastIndex = this.i;
    const m = QNAME.exec(this.s);
    if (!m) this.fail("expected a name");
    this.i = QNAME.lastIndex;
    return m[0];
  }

  private skipSpace(): number {
    SPACE.lastIndex = this.i;
    SPACE.exec(this.s);
    const skipped = SPACE.lastIndex - this.i;
    this.i = SPACE.lastIndex;
    return skipped;
  }

  private startTag(): XmlElement {
    const s = this.s;
    const at = this.i;
    FAST_TAG.lastIndex = at;
    const m = FAST_TAG.exec(s);
    if (!m) return this.startTagSlow();
    const raw: RawAttr[] = [];
    const attrText = m[2] as string;
    if (attrText) {
      const offset = at + 1 + (m[1] as string).length;
      FAST_ATTR.lastIndex = 0;
      for (let a = FAST_ATTR.exec(attrText); a; a = FAST_ATTR.exec(attrText)) {
        const value = a[2] ?? a[3] ?? "";
        const attrAt = offset + a.index;
        raw.push({ qname: a[1] as string, value: this.decode(value, attrAt, true), at: attrAt });
      }
    }
    this.i = FAST_TAG.lastIndex - (m[3] ? 2 : 1);
    return this.element(m[1] as string, raw, at);
  }

  /** Character by character, for tags the fast pattern rejects: finds and names the exact problem. */
  private startTagSlow(): XmlElement {
    const s = this.s;
    const at = this.i;
    this.i++; // "<"
    const qname = this.name();
    const raw: RawAttr[] = [];
    for (;;) {
      const spaced = this.skipSpace();
      if (s[this.i] === ">" || s.startsWith("/>", this.i)) break;
      if (this.i >= s.length) this.fail(`unterminated start tag <${qname}>`, at);
      if (!spaced) this.fail(`attributes of <${qname}> must be separated by white space`);
      const attrAt = this.i;
      const name = this.name();
      this.skipSpace();
      if (s[this.i] !== "=") this.fail(`attribute ${name} has no value`);
      this.i++;
      this.skipSpace();
      const quote = s[this.i];
      if (quote !== '"' && quote !== "'") this.fail(`attribute ${name}: value must be quoted`);
      const end = s.indexOf(quote, this.i + 1);
      if (end === -1) this.fail(`attribute ${name}: unterminated value`);
      const value = s.slice(this.i + 1, end);
      if (value.includes("<")) this.fail(`attribute ${name}: '<' is not allowed in a value`);
      raw.push({ qname: name, value: this.decode(value, this.i + 1, true), at: attrAt });
      this.i = end + 1;
    }
    return this.element(qname, raw, at);
  }

  private element(qname: string, raw: RawAttr[], at: number): XmlElement {
    for (let i = 1; i < raw.length; i++) {
      for (let j = 0; j < i; j++) {
        if (raw[i]!.qname === raw[j]!.qname)
          this.fail(`duplicate attribute ${raw[i]!.qname} on <${qname}>`, raw[i]!.at);
      }
    }
    const nsDecls: Array<[string, string]> = [];
    for (const a of raw) {
      if (a.qname === "xmlns") nsDecls.push(["", a.value]);
      else if (a.qname.startsWith("xmlns:")) nsDecls.push([a.qname.slice(6), a.value]);
    }
    // Most elements declare nothing: share the parent's scope instead of copying it.
    let scope = this.scopes[this.scopes.length - 1] as Map<string, string>;
    if (nsDecls.length > 0) {
      scope = new Map(scope);
      for (const [p, uri] of nsDecls) scope.set(p, uri);
    }
    this.scopes.push(scope);
    const [prefix, local] = splitQName(qname);
    if (prefix && !scope.has(prefix)) this.fail(`namespace prefix ${prefix} is not declared`, at);
    const ns = scope.get(prefix) ?? "";
    const attrs: XmlAttr[] = [];
    for (const a of raw) {
      if (a.qname === "xmlns" || a.qname.startsWith("xmlns:")) continue;
      const [ap, al] = splitQName(a.qname);
      if (ap && !scope.has(ap)) this.fail(`namespace prefix ${ap} is not declared`, a.at);
      const ans = ap ? (scope.get(ap) ?? "") : "";
      for (const b of attrs) {
        if (b.local === al && b.ns === ans)
          this.fail(`attribute ${a.qname} appears twice on <${qname}>`, a.at);
      }
      attrs.push({ qname: a.qname, prefix: ap, local: al, ns: ans, value: a.value });
    }
    return { kind: "element", qname, prefix, local, ns, attrs, nsDecls, children: [] };
  }

  /** Expands entity and character references; in attributes, literal white space becomes a space. */
  private decode(raw: string, offset: number, attribute: boolean): string {
    if (!raw.includes("&") && !(attribute && /[\t\n\r]/.test(raw))) return raw;
    const normalised = attribute ? raw.replace(/[\t\n\r]/g, " ") : raw;
    return normalised.replace(/&([^;&]*);?/g, (whole, body: string, pos: number) => {
      if (!whole.endsWith(";")) this.fail("'&' must start an entity or character reference", offset + pos);
      switch (body) {
        case "lt":
          return "<";
        case "gt":
          return ">";
        case "amp":
          return "&";
        case "quot":
          return '"';
        case "apos":
          return "'";
      }
      const m = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(body);
      if (!m) this.fail(`unknown entity &${body};`, offset + pos);
      const cp = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2] ?? "", 10);
      if (!isAllowedCodePoint(cp)) {
        if (this.forbidden.length < MAX_FORBIDDEN_REPORTS) {
          this.forbidden.push(
            `${lineColumn(this.s, offset + pos)}: character reference ${whole} names ${describeCodePoint(cp)}, which XML 1.0 forbids`,
          );
        }
        return "\uFFFD";
      }
      return String.fromCodePoint(cp);
    });
  }
}

export function splitQName(qname: string): [string, string] {
  const colon = qname.indexOf(":");
  return colon === -1 ? ["", qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
}

/** Visits every element (document order). */
export function* elements(root: XmlElement): Generator<XmlElement> {
  const stack: XmlElement[] = [root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    yield el;
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (c && c.kind === "element") stack.push(c);
    }
  }
}

export function attr(el: XmlElement, ns: string, local: string): string | undefined {
  for (const a of el.attrs) if (a.local === local && a.ns === ns) return a.value;
  return undefined;
}
