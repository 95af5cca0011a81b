import JSZip from "jszip";
import { exportDocument, SectionsmithError, type Problem } from "../../src/engine";
import { expectValidDocx } from "../support/ooxml-check";

// Builds small documents from inline snippets and checks every one against the ECMA-376 schemas
// and the reference checks before a test looks at it.

export type SnippetInit = Record<string, unknown> & { id?: string; body: string };

export const library = (...snippets: SnippetInit[]) => ({
  format: "sectionsmith/library@1",
  name: "Test library",
  snippets: snippets.map((s, i) => ({
    id: `s${i + 1}`,
    title: `Snippet ${i + 1}`,
    status: "approved",
    ...s,
  })),
});

export const assembly = (sections: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({
  format: "sectionsmith/assembly@1",
  sections,
  ...extra,
});

export type Built = {
  bytes: Uint8Array;
  warnings: Problem[];
  snippets: string[];
  part(name: string): Promise<string>;
  has(name: string): boolean;
  /** The document body's XML. */
  document: string;
};

export const TODAY = new Date("2026-11-22T10:00:00Z");

export async function build(
  lib: unknown,
  asm: unknown,
  options: { shape?: "document" | "fragment"; strict?: boolean } = {},
): Promise<Built> {
  const result = await exportDocument(lib, asm, { as: "buffer", today: TODAY, ...options });
  const bytes = new Uint8Array(result.output);
  await expectValidDocx(bytes);
  const zip = await JSZip.loadAsync(bytes);
  const part = async (name: string) => {
    const file = zip.file(name);
    if (!file) throw new Error(`No part ${name}; parts: ${Object.keys(zip.files).join(", ")}`);
    return file.async("string");
  };
  return {
    bytes,
    warnings: result.warnings,
    snippets: result.snippets,
    part,
    has: (name) => zip.file(name) !== null,
    document: await part("word/document.xml"),
  };
}

/** One snippet with `body` (and optional variables), one section using it. */
export function buildBody(
  body: string,
  opts: {
    variables?: unknown[];
    values?: Record<string, unknown>;
    section?: Record<string, unknown>;
    assembly?: Record<string, unknown>;
  } = {},
): Promise<Built> {
  return build(
    library({ id: "s1", body, variables: opts.variables ?? [] }),
    assembly([{ snippet: "s1", values: opts.values ?? {}, ...opts.section }], opts.assembly),
  );
}

/** Runs a build that must fail and returns its problems (and proves no output came back). */
export async function problemsOf(lib: unknown, asm: unknown): Promise<Problem[]> {
  try {
    await exportDocument(lib, asm, { as: "buffer", today: TODAY });
  } catch (error) {
    if (error instanceof SectionsmithError) return error.problems;
    throw error;
  }
  throw new Error("The build succeeded but was expected to fail");
}

/** Text of the body's <w:t> elements, joined (what a reader sees, minus fields and numbering). */
export const bodyText = (xml: string): string =>
  [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decode(m[1]!)).join("");

const decode = (s: string): string =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The <w:p> elements of the body, as XML strings. */
export const paragraphs = (xml: string): string[] =>
  [...xml.matchAll(/<w:p\b[^>]*>[\s\S]*?<\/w:p>/g)].map((m) => m[0]);
