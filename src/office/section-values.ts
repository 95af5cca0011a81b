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

export const VALUES_NAMESPACE = "urn:sectionsmith:section-values:1";

type ScalarValue = string | number | boolean;
type StoredValue = ScalarValue | Array<Record<string, ScalarValue>>;
export type StoredValues = Record<string, StoredValue>;

export type ValuesWarning = { code: "values-unreadable"; message: string };
export type ReadValues = { sections: Record<string, StoredValues>; warnings: ValuesWarning[] };

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const ENTITY = /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi;
/** XML text back to a string; undefined when it holds a stray "&" or an entity XML does not define. */
function unescapeXml(text: string): string | undefined {
  if (/&/.test(text.replace(ENTITY, ""))) return undefined;
  let bad = false;
  const out = text.replace(ENTITY, (_, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#")) {
      const code = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : Number(lower.slice(1));
      if (!(code >= 1 && code <= 0x10ffff)) {
        bad = true;
        return "";
      }
      return String.fromCodePoint(code);
    }
    const known = ENTITIES[name];
    if (known === undefined) bad = true;
    return known ?? "";
  });
  return bad ? undefined : out;
}

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
 * Reads one part's XML. What cannot be read is left out with a warning: the whole part when its root is
 * not Sectionsmith's, one section when its values are not the JSON object this file writes.
 */
export function decodeSectionValues(xml: string): ReadValues {
  const warnings: ValuesWarning[] = [];
  const sections: Record<string, StoredValues> = {};
  const text = xml.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>)?\s*/, "").trim();
  const root = /^<sectionValues\s+xmlns="([^"]*)"\s*(?:\/>|>([\s\S]*)<\/sectionValues>)$/.exec(text);
  if (!root || root[1] !== VALUES_NAMESPACE) {
    warnings.push(unreadable("The values stored in this document are not in a form Sectionsmith reads."));
    return { sections, warnings };
  }
  let rest = (root[2] ?? "").trim();
  const item = /^<section\s+tag="([^"]*)"\s*>([^<]*)<\/section>\s*/;
  while (rest.length > 0) {
    const m = item.exec(rest);
    if (!m) {
      warnings.push(unreadable("Part of the values stored in this document could not be read."));
      break;
    }
    rest = rest.slice(m[0].length);
    const tag = unescapeXml(m[1]!);
    const json = unescapeXml(m[2]!);
    let values: unknown;
    try {
      values = json === undefined ? undefined : JSON.parse(json);
    } catch {
      values = undefined;
    }
    if (tag === undefined || tag === "" || !isStoredValues(values)) {
      warnings.push(unreadable(`The values stored for “${tag ?? "a section"}” could not be read.`));
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
