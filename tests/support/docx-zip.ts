// Reading and rewriting parts of a .docx in tests (e.g. to corrupt a valid document on purpose).

import JSZip from "jszip";
import { Packer, type Document } from "docx";
import { useWordNoteSeparators } from "../../src/engine/render/notes";

/**
 * Packs a docx Document as the engine does: with the footnote/endnote separators in Word's shape
 * (docx 9.15's own fail the Word rules check, WORD_NOTE_SEPARATOR). `packRawDocx` keeps docx's.
 */
export async function packDocx(doc: Document): Promise<Uint8Array> {
  return Packer.pack(useWordNoteSeparators(doc), "uint8array");
}

/** Packs exactly what docx writes (its separators included). */
export async function packRawDocx(doc: Document): Promise<Uint8Array> {
  return Packer.pack(doc, "uint8array");
}

export async function readPart(bytes: Uint8Array, name: string): Promise<string | undefined> {
  const zip = await JSZip.loadAsync(bytes);
  return zip.file(name)?.async("string");
}

/** Each edit gets the part's text (undefined when absent) and returns new text, or null to delete it. */
export type PartEdit = (xml: string | undefined) => string | null;

export async function rewriteParts(bytes: Uint8Array, edits: Record<string, PartEdit>): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  for (const [name, edit] of Object.entries(edits)) {
    const next = edit(await zip.file(name)?.async("string"));
    if (next === null) zip.remove(name);
    else zip.file(name, next);
  }
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

/** Replaces text that must be present (so a corruption cannot silently miss its target). */
export function mustReplace(xml: string | undefined, search: string | RegExp, replacement: string): string {
  if (xml === undefined) throw new Error("part is missing");
  const next = xml.replace(search, replacement);
  if (next === xml) throw new Error(`pattern ${String(search)} not found`);
  return next;
}
