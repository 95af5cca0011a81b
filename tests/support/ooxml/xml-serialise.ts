// Serialises a parsed (and Markup-Compatibility-resolved) part for the schema validator.

import { FORBIDDEN_CHAR, XML_NS, type XmlElement } from "./xml-lite";

function escapeText(t: string): string {
  return t.replace(/[&<>\r]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&#13;",
  );
}

function escapeAttr(t: string): string {
  return t.replace(/[&<"\t\n\r]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === '"' ? "&quot;" : `&#${c.charCodeAt(0)};`,
  );
}

export type Serialised = {
  xml: string;
  /** Path (/w:document/w:body/w:p[3]) of the element whose start tag is on this 1-based line. */
  pathOfLine: (line: number) => string;
};

/**
 * Writes one start tag per line so that a validator's line numbers map back to elements; white
 * space between elements means nothing to XSD element-only content. Namespace declarations are
 * re-emitted wherever the output scope lacks one. Forbidden characters become U+FFFD so the
 * validator can still check the rest.
 */
export function serialiseXml(root: XmlElement): Serialised {
  const out: string[] = [];
  const lineElements: XmlElement[] = [];
  const lineParents: number[] = [];
  const write = (el: XmlElement, parentLine: number, scope: Map<string, string>) => {
    let local = scope; // copied on first declaration only
    let decls = "";
    const declare = (prefix: string, uri: string) => {
      const bound = prefix === "" ? (local.get("") ?? "") : local.get(prefix);
      if (bound === uri) return;
      if (prefix !== "" && uri === "") return; // XML 1.0 cannot undeclare a prefix
      if (local === scope) local = new Map(scope);
      local.set(prefix, uri);
      decls += prefix ? ` xmlns:${prefix}="${escapeAttr(uri)}"` : ` xmlns="${escapeAttr(uri)}"`;
    };
    for (const [p, uri] of el.nsDecls) declare(p, uri);
    declare(el.prefix, el.ns);
    for (const a of el.attrs) if (a.prefix && a.prefix !== "xml") declare(a.prefix, a.ns);
    const line = lineElements.length;
    lineElements.push(el);
    lineParents.push(parentLine);
    let tag = line > 0 ? `\n<${el.qname}${decls}` : `<${el.qname}${decls}`;
    for (const a of el.attrs) tag += ` ${a.qname}="${sanitise(escapeAttr(a.value))}"`;
    if (el.children.length === 0) {
      out.push(tag + "/>");
      return;
    }
    out.push(tag + ">");
    for (const c of el.children) {
      if (c.kind === "text") out.push(sanitise(escapeText(c.text)));
      else write(c, line, local);
    }
    out.push(`</${el.qname}>`);
  };
  write(root, -1, new Map([["xml", XML_NS]]));

  const pathOfLine = (lineNo: number): string => {
    const steps: string[] = [];
    for (let i = lineNo - 1; i >= 0 && i < lineElements.length; i = lineParents[i] as number) {
      const el = lineElements[i] as XmlElement;
      const parent = lineElements[lineParents[i] as number];
      const same = parent
        ? parent.children.filter((c) => c.kind === "element" && c.qname === el.qname)
        : [el];
      steps.unshift(same.length > 1 ? `${el.qname}[${same.indexOf(el) + 1}]` : el.qname);
    }
    return steps.length > 0 ? `/${steps.join("/")}` : `line ${lineNo}`;
  };
  return { xml: out.join(""), pathOfLine };
}

function sanitise(t: string): string {
  FORBIDDEN_CHAR.lastIndex = 0;
  return FORBIDDEN_CHAR.test(t) ? t.replace(FORBIDDEN_CHAR, "\uFFFD") : t;
}
