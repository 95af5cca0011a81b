// The values each inserted section was built with, as they travel inside the Word document: one custom
// XML part in Sectionsmith's namespace, one <section> per content-control tag, the values as JSON text.
// Pure (no Office.js): word-values.ts moves the XML in and out of Word, the tests read it directly.
//
//   <sectionValues xmlns="urn:sectionsmith:section-values:1">
//     <section tag="sectionsmith:confidentiality@3">{"party":"Acme Ltd","term":3}</section>
//   </sectionValues>
//
// Nothing but the tag and the values the user typed is stored: no user name, no library address, no
// date. A part that cannot be read (edited by hand, written by a newer version) is treated as missing,
// with a coded warning, never as an error: the pane then asks for the values once, as for an old insert.

import { SaxesParser, type SaxesTagNS } from "saxes";

export const VALUES_NAMESPACE = "urn:sectionsmith:section-values:1";

type ScalarValue = string | number | boolean;
type StoredValue = ScalarValue | Array<Record<string, ScalarValue>>;
export type StoredValues = Record<string, StoredValue>;

export type ValuesWarning = { code: "values-unreadable"; message: string };
export type ReadValues = { sections: Record<string, StoredValues>; warnings: ValuesWarning[] };

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The part's XML for these sections (tags in a stable order, so the same values write the same part). */
export function encodeSectionValues(sections: Readonly<Record<string, StoredValues>>): string {
  const body = Object.keys(sections)
    .sort()
    .map((tag) => `<section tag="${escapeXml(tag)}">${escapeXml(JSON.stringify(sections[tag]))}</section>`)
    .join("");
  return `<sectionValues xmlns="${VALUES_NAMESPACE}">${body}</sectionValues>`;
}

const isScalar = (v: unknown): v is ScalarValue =>
  typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function isStoredValues(v: unknown): v is StoredValues {
  if (!isPlainObject(v)) return false;
  return Object.values(v).every(
    (value) =>
      isScalar(value) ||
      (Array.isArray(value) &&
        value.every((item) => isPlainObject(item) && Object.values(item).every(isScalar))),
  );
}

const unreadable = (message: string): ValuesWarning => ({ code: "values-unreadable", message });

/**
 * Reads one part's XML with saxes (a strict XML parser with namespaces; no DOM, no DTD), so a part Word
 * hands back laid out differently (other quotes, prefixes, white space) reads the same. What cannot be
 * read is left out with a warning: the whole part when it is not well-formed or its root is not
 * Sectionsmith's, one section when its values are not the JSON object this file writes.
 */
export function decodeSectionValues(xml: string): ReadValues {
  const warnings: ValuesWarning[] = [];
  const sections: Record<string, StoredValues> = {};
  const found: { tag: string | undefined; text: string }[] = [];
  let rootOk = false;
  let depth = 0;
  let current: { tag: string | undefined; text: string } | undefined;
  const parser = new SaxesParser({ xmlns: true });
  parser.on("doctype", () => {
    throw new Error("a DOCTYPE");
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    depth++;
    if (depth === 1) rootOk = tag.uri === VALUES_NAMESPACE && tag.local === "sectionValues";
    else if (depth === 2 && tag.uri === VALUES_NAMESPACE && tag.local === "section") {
      const attr = Object.values(tag.attributes).find((a) => a.uri === "" && a.local === "tag");
      current = { tag: attr?.value, text: "" };
    }
  });
  parser.on("text", (text) => {
    if (current && depth === 2) current.text += text;
  });
  parser.on("cdata", (text) => {
    if (current && depth === 2) current.text += text;
  });
  parser.on("closetag", () => {
    if (depth === 2 && current) {
      found.push(current);
      current = undefined;
    }
    depth--;
  });
  try {
    parser.write(xml.replace(/^\uFEFF/, "")).close();
  } catch {
    rootOk = false;
  }
  if (!rootOk) {
    warnings.push(unreadable("The values stored in this document are not in a form Sectionsmith reads."));
    return { sections, warnings };
  }
  for (const { tag, text } of found) {
    let values: unknown;
    try {
      values = JSON.parse(text);
    } catch {
      values = undefined;
    }
    if (tag === undefined || tag === "" || !isStoredValues(values)) {
      warnings.push(unreadable(`The values stored for “${tag || "a section"}” could not be read.`));
      continue;
    }
    sections[tag] = values;
  }
  return { sections, warnings };
}

/** Several parts (a document pieced together from others): later parts win for a tag both hold. */
export function mergeSectionValues(reads: readonly ReadValues[]): ReadValues {
  const merged: ReadValues = { sections: {}, warnings: [] };
  for (const r of reads) {
    Object.assign(merged.sections, r.sections);
    merged.warnings.push(...r.warnings);
  }
  return merged;
}
