import { SaxesParser, type SaxesTagNS } from "saxes";
import { strFromU8 } from "fflate";
import { MAX_DOCX_ELEMENTS, MAX_DOCX_NESTING, formatCount } from "../limits";
import { ImportFailure } from "./failure";

// The XML parts of a .docx as small trees. saxes is a strict XML 1.0 parser with namespaces that needs no
// DOM (it runs in the pane and in Node alike) and never reads a DTD or an entity it was not given: a part
// with a DOCTYPE is refused outright (Word refuses it too: "DTD is prohibited"), and an entity reference
// other than XML's five is a well-formedness error — no external entity, no "billion laughs".
// Elements are named by a fixed prefix per namespace ("w:p"), whatever prefix the file uses, so Strict
// and Transitional Open XML read alike. Only the text of the elements that hold document text is kept.

export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlNode[] };
export type XmlNode = XmlElement | string;

const NAMESPACES: Record<string, string> = {
  "http://schemas.openxmlformats.org/wordprocessingml/2006/main": "w",
  "http://purl.oclc.org/ooxml/wordprocessingml/main": "w",
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships": "r",
  "http://purl.oclc.org/ooxml/officeDocument/relationships": "r",
  "http://schemas.openxmlformats.org/package/2006/relationships": "rel",
  "http://schemas.openxmlformats.org/markup-compatibility/2006": "mc",
  "http://schemas.microsoft.com/office/word/2010/wordml": "w14",
  "http://schemas.microsoft.com/office/word/2012/wordml": "w15",
  "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing": "wp",
  "http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing": "wp",
  "http://schemas.openxmlformats.org/drawingml/2006/main": "a",
  "http://purl.oclc.org/ooxml/drawingml/main": "a",
  "http://schemas.openxmlformats.org/drawingml/2006/picture": "pic",
  "http://purl.oclc.org/ooxml/drawingml/picture": "pic",
  "http://schemas.microsoft.com/office/word/2010/wordprocessingShape": "wps",
  "urn:schemas-microsoft-com:vml": "v",
  "http://schemas.openxmlformats.org/officeDocument/2006/math": "m",
  "http://purl.oclc.org/ooxml/officeDocument/math": "m",
  "http://purl.org/dc/elements/1.1/": "dc",
  "http://schemas.openxmlformats.org/package/2006/metadata/core-properties": "cp",
  "http://www.w3.org/XML/1998/namespace": "xml",
};

/** Elements whose text is document text (everything else keeps only its elements and attributes). */
const TEXT_HOLDERS = new Set(["w:t", "w:delText", "w:instrText", "w:delInstrText", "m:t", "dc:title", "a:t"]);

const nameOf = (uri: string, local: string): string => `${NAMESPACES[uri] ?? "x"}:${local}`;

/** Counts elements across every part of one import (MAX_DOCX_ELEMENTS is for the whole document). */
export type XmlBudget = { elements: number };

/** Parses one part; `part` names it in messages ("word/document.xml"). */
export function parseXml(bytes: Uint8Array, part: string, budget: XmlBudget): XmlElement {
  const text = decode(bytes);
  const parser = new SaxesParser({ xmlns: true, fileName: part });
  const root: XmlElement = { name: "#document", attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let keepText = false;
  parser.on("doctype", () => {
    throw new ImportFailure(
      "DOCX_XML_DOCTYPE",
      `The part ${part} declares a DOCTYPE (a DTD). Word refuses such files ("DTD is prohibited") and so does Sectionsmith: the file was not made by Word, or was tampered with.`,
      where(parser, part),
    );
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    if (++budget.elements > MAX_DOCX_ELEMENTS)
      throw new ImportFailure(
        "LIMIT_DOCX_ELEMENTS",
        `The document has more than ${formatCount(MAX_DOCX_ELEMENTS)} XML elements, far more than a long agreement; split it into several documents.`,
        part,
      );
    if (stack.length > MAX_DOCX_NESTING)
      throw new ImportFailure(
        "LIMIT_DOCX_NESTING",
        `Elements are nested more than ${MAX_DOCX_NESTING} deep (tables inside tables inside tables…); Sectionsmith reads at most that.`,
        where(parser, part),
      );
    const attrs: Record<string, string> = {};
    for (const attr of Object.values(tag.attributes)) {
      if (attr.prefix === "xmlns" || attr.name === "xmlns") continue;
      attrs[attr.uri === "" ? attr.local : nameOf(attr.uri, attr.local)] = attr.value;
    }
    const element: XmlElement = { name: nameOf(tag.uri, tag.local), attrs, children: [] };
    stack[stack.length - 1]!.children.push(element);
    stack.push(element);
    keepText = TEXT_HOLDERS.has(element.name);
  });
  parser.on("closetag", () => {
    stack.pop();
    keepText = TEXT_HOLDERS.has(stack[stack.length - 1]!.name);
  });
  const onText = (t: string): void => {
    if (keepText) stack[stack.length - 1]!.children.push(t);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("error", (error: Error) => {
    throw new ImportFailure(
      "DOCX_XML_INVALID",
      `The part ${part} is not well-formed XML: ${error.message.replace(/^[^:]*:\d+:\d+: /, "")}`,
      where(parser, part),
    );
  });
  parser.write(text).close();
  const top = root.children.find((c): c is XmlElement => typeof c !== "string");
  if (!top) throw new ImportFailure("DOCX_XML_INVALID", `The part ${part} has no root element.`, part);
  return top;
}

const where = (parser: SaxesParser<{ xmlns: true }>, part: string): string => `${part}:${parser.line}:${parser.column}`;

/** UTF-8 (the usual) or UTF-16 with its byte-order mark, as XML allows. */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes, true);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes, false);
  const text = strFromU8(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function utf16(bytes: Uint8Array, little: boolean): string {
  const parts: string[] = [];
  for (let i = 2; i + 1 < bytes.length; i += 2 * 4096) {
    const codes: number[] = [];
    for (let j = i; j + 1 < bytes.length && j < i + 2 * 4096; j += 2)
      codes.push(little ? bytes[j]! | (bytes[j + 1]! << 8) : (bytes[j]! << 8) | bytes[j + 1]!);
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join("");
}

// Small helpers for walking the trees.

export const elementsOf = (el: XmlElement): XmlElement[] => el.children.filter((c): c is XmlElement => typeof c !== "string");
export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el?.children.find((c): c is XmlElement => typeof c !== "string" && c.name === name);
export const childrenNamed = (el: XmlElement | undefined, name: string): XmlElement[] =>
  el ? el.children.filter((c): c is XmlElement => typeof c !== "string" && c.name === name) : [];
export const attr = (el: XmlElement | undefined, name: string): string | undefined => el?.attrs[name];
/** w:val of a child, e.g. val(pPr, "w:pStyle"). */
export const val = (el: XmlElement | undefined, name: string): string | undefined => child(el, name)?.attrs["w:val"];
/** The text directly inside an element. */
export const textOf = (el: XmlElement): string => el.children.filter((c): c is string => typeof c === "string").join("");

/** Every descendant named `name` (depth-first, document order), without recursion limits of its own. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [el];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node !== el && node.name === name) out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      const c = node.children[i]!;
      if (typeof c !== "string") stack.push(c);
    }
  }
  return out;
}

/**
 * An on/off property (w:b, w:i, w:caps …): present means on unless w:val says "0", "false" or "off".
 * Absent: undefined (inherit).
 */
export function toggle(rPr: XmlElement | undefined, name: string): boolean | undefined {
  const el = child(rPr, name);
  if (!el) return undefined;
  const v = el.attrs["w:val"];
  return !(v === "0" || v === "false" || v === "off");
}
