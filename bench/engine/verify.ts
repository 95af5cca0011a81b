// Every contender's output must be a real .docx with the whole document in it: the zip opens, the parts a
// word processor needs are there, and word/document.xml holds the expected paragraphs, tables, footnote
// references, text and values. A contender that produced less would otherwise "win".

import JSZip from "jszip";
import type { Expected } from "../fixtures/document";

export type Verification = {
  ok: boolean;
  failures: string[];
  found: {
    /** Paragraphs with text. */
    paragraphs: number;
    /** Paragraphs without text (html-to-docx adds one after every table): reported, not failed. */
    emptyParagraphs: number;
    tables: number;
    footnoteReferences: number;
    textChars: number;
    bytes: number;
  };
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : (ENTITIES[e] ?? m),
  );

const count = (xml: string, re: RegExp): number => xml.match(re)?.length ?? 0;

/** Text tolerance: contenders may trim or keep a space at a run boundary differently. */
const TEXT_TOLERANCE = 0.01;

export async function verifyDocx(bytes: Uint8Array, expected: Expected): Promise<Verification> {
  const failures: string[] = [];
  const zip = await JSZip.loadAsync(bytes);
  for (const part of ["[Content_Types].xml", "_rels/.rels", "word/document.xml"]) {
    if (!zip.file(part)) failures.push(`missing part ${part}`);
  }
  const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
  const textOf = (part: string): string => [...part.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decode(m[1]!)).join("");
  const text = textOf(xml);
  const paragraphs = xml.match(/<w:p\/>|<w:p[\s>][\s\S]*?<\/w:p>/g) ?? [];
  const empty = paragraphs.filter((p) => textOf(p) === "").length;
  const found = {
    paragraphs: paragraphs.length - empty,
    emptyParagraphs: empty,
    tables: count(xml, /<w:tbl[\s>]/g),
    footnoteReferences: count(xml, /<w:footnoteReference[\s/>]/g),
    textChars: text.length,
    bytes: bytes.byteLength,
  };
  if (found.paragraphs !== expected.paragraphs) failures.push(`paragraphs ${found.paragraphs} ≠ ${expected.paragraphs}`);
  if (found.tables !== expected.tables) failures.push(`tables ${found.tables} ≠ ${expected.tables}`);
  if (found.footnoteReferences !== expected.footnoteReferences) {
    failures.push(`footnote references ${found.footnoteReferences} ≠ ${expected.footnoteReferences}`);
  }
  if (Math.abs(found.textChars - expected.textChars) > expected.textChars * TEXT_TOLERANCE) {
    failures.push(`text ${found.textChars} chars, expected ${expected.textChars} ±${TEXT_TOLERANCE * 100}%`);
  }
  for (const probe of expected.probes) if (!text.includes(probe)) failures.push(`missing text "${probe}"`);
  return { ok: failures.length === 0, failures, found };
}
