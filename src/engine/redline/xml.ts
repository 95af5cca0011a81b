// The XML of the two documents the engine built, as small trees, and back to text. The input is always
// docx's own output (this engine's builds), so element and attribute names are kept as written
// ("w:p", "r:id") and their order is kept: what is not changed is written back as it was read.
// saxes is a strict XML 1.0 parser without a DOM (it runs in the pane and in Node alike) that reads no
// DTD and expands no entity beyond XML's five.

import { SaxesParser } from "saxes";

export type XmlElement = { name: string; attrs: Array<[string, string]>; children: XmlNode[] };
/** A string is text, unescaped. */
export type XmlNode = XmlElement | string;

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

export function parseXml(text: string, part: string): XmlElement {
  const parser = new SaxesParser({ fileName: part });
  const root: XmlElement = { name: "#document", attrs: [], children: [] };
  const stack: XmlElement[] = [root];
  parser.on("opentag", (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attrs: Object.entries(tag.attributes as Record<string, string>),
      children: [],
    };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  const onText = (text: string) => {
    // Whitespace between elements outside text holders carries nothing in WordprocessingML.
    const parent = stack[stack.length - 1]!;
    if (parent === root) return;
    parent.children.push(text);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("doctype", () => {
    throw new Error(`${part}: a part of a generated document declares a DOCTYPE`);
  });
  parser.write(text).close();
  const top = root.children.find((c): c is XmlElement => typeof c !== "string");
  if (!top) throw new Error(`${part}: no root element`);
  return top;
}

export function serializeXml(root: XmlElement): string {
  const out: string[] = [DECLARATION];
  write(root, out);
  return out.join("");
}

function write(node: XmlNode, out: string[]): void {
  if (typeof node === "string") {
    out.push(escapeText(node));
    return;
  }
  out.push("<", node.name);
  for (const [name, value] of node.attrs) out.push(" ", name, '="', escapeAttr(value), '"');
  if (node.children.length === 0) {
    out.push("/>");
    return;
  }
  out.push(">");
  for (const child of node.children) write(child, out);
  out.push("</", node.name, ">");
}

/** The element as text (no declaration): a key for comparing two elements. */
export function xmlOf(node: XmlNode): string {
  const out: string[] = [];
  write(node, out);
  return out.join("");
}

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/"/g, "&quot;")
    .replace(/\n/g, "&#10;")
    .replace(/\t/g, "&#9;");

// ---- small helpers over the trees ----

export const isElement = (node: XmlNode | undefined): node is XmlElement =>
  typeof node === "object" && node !== null;

export function el(name: string, attrs: Array<[string, string]> = [], children: XmlNode[] = []): XmlElement {
  return { name, attrs, children };
}

export function attr(element: XmlElement, name: string): string | undefined {
  for (const [n, v] of element.attrs) if (n === name) return v;
  return undefined;
}

export function setAttr(element: XmlElement, name: string, value: string): void {
  for (const pair of element.attrs) {
    if (pair[0] === name) {
      pair[1] = value;
      return;
    }
  }
  element.attrs.push([name, value]);
}

export function kids(element: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of element.children) if (isElement(c) && (name === undefined || c.name === name)) out.push(c);
  return out;
}

export function kid(element: XmlElement, name: string): XmlElement | undefined {
  for (const c of element.children) if (isElement(c) && c.name === name) return c;
  return undefined;
}

/** Every descendant element (and the element itself), depth first. */
export function* descendants(element: XmlElement): Generator<XmlElement> {
  yield element;
  for (const c of element.children) if (isElement(c)) yield* descendants(c);
}

/** A deep copy, so an element of one tree can be put into another and changed there. */
export function clone(node: XmlElement): XmlElement;
export function clone(node: XmlNode): XmlNode;
export function clone(node: XmlNode): XmlNode {
  if (typeof node === "string") return node;
  return {
    name: node.name,
    attrs: node.attrs.map(([n, v]) => [n, v]),
    children: node.children.map((c) => clone(c)),
  };
}

/** All the text of an element (w:t, w:delText and any other text it holds). */
export function textOf(node: XmlNode): string {
  if (typeof node === "string") return node;
  let out = "";
  for (const c of node.children) out += textOf(c);
  return out;
}
