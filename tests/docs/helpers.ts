import { readFileSync } from "node:fs";
import { join } from "node:path";
import JSZip from "jszip";
import { exportDocument, formatProblem, SectionsmithError, type Problem } from "../../src/engine";

// Small helpers for the documentation tests: read a page of docs/, pull code blocks and marked tables
// out of it, and build documents to compare with what the page says.

export const root = join(import.meta.dirname, "..", "..");
export const readDoc = (name: string): string => readFileSync(join(root, "docs", name), "utf8");

export type CodeBlock = { lang: string; text: string; offset: number };

/** Fenced code blocks (``` or longer) of a Markdown page, with their info string's first word. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const out: CodeBlock[] = [];
  const fence = /^(`{3,})([^\n`]*)\n([\s\S]*?)^\1[ \t]*$/gm;
  for (const m of markdown.matchAll(fence)) {
    out.push({
      lang: (m[2] ?? "").trim().split(/\s+/)[0] ?? "",
      text: m[3]!.replace(/\n$/, ""),
      offset: m.index,
    });
  }
  return out;
}

/** The text between `<!-- NAME: … -->` and `<!-- NAME: end -->`. */
export function marked(markdown: string, name: string): string {
  const start = markdown.indexOf(`<!-- ${name}:`);
  const end = markdown.indexOf(`<!-- ${name}: end -->`);
  if (start < 0 || end < 0) throw new Error(`No <!-- ${name}: … --> section`);
  return markdown.slice(start, end);
}

/** The body rows of the first Markdown table in `text`, as cells with `code` backticks removed. */
export function tableRows(text: string): string[][] {
  const lines = text.split("\n").filter((l) => l.startsWith("|"));
  return lines.slice(2).map((line) =>
    line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replace(/\\\|/g, "|")),
  );
}

/** A cell holding one `code` span → its content. */
export function code(cell: string): string {
  const m = /^`([^`]*)`$/.exec(cell);
  if (!m) throw new Error(`Expected one code span, got: ${cell}`);
  return m[1]!;
}

export const TODAY = new Date("2026-11-22T10:00:00Z");

export type Built = {
  warnings: Problem[];
  snippets: string[];
  part(name: string): Promise<string | undefined>;
  files: string[];
  /** The body's XML. */
  document: string;
  /** The body as text: one line per paragraph, line breaks inside a paragraph as "\n" too. */
  text: string;
};

export const plain = (xml: string): string =>
  xml
    .replace(/<w:br\/>/g, "\n")
    .replace(/<\/w:p>/g, "\n")
    .replace(/<w:instrText[^>]*>[\s\S]*?<\/w:instrText>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");

export async function build(
  library: unknown,
  assembly: unknown,
  options: { shape?: "document" | "fragment" } = {},
): Promise<Built> {
  const result = await exportDocument(library, assembly, { as: "buffer", today: TODAY, ...options });
  const zip = await JSZip.loadAsync(result.output);
  const part = async (name: string) => zip.file(name)?.async("string");
  const document = (await part("word/document.xml"))!;
  return {
    warnings: result.warnings,
    snippets: result.snippets,
    part,
    files: Object.keys(zip.files),
    document,
    text: plain(document),
  };
}

/** The problems a failing build reports, as one-line strings. */
export async function buildProblems(library: unknown, assembly: unknown): Promise<string[]> {
  try {
    await exportDocument(library, assembly, { as: "buffer", today: TODAY });
  } catch (error) {
    if (error instanceof SectionsmithError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error("The build succeeded, but problems were expected");
}

type Obj = Record<string, unknown>;

export const library = (...snippets: Obj[]): Obj => ({
  format: "sectionsmith/library@1",
  snippets: snippets.map((s, i) => ({
    id: `s${i + 1}`,
    title: `Snippet ${i + 1}`,
    status: "approved",
    ...s,
  })),
});

export const assembly = (sections: Obj[], more: Obj = {}): Obj => ({
  format: "sectionsmith/assembly@1",
  ...more,
  sections,
});

/** Paragraphs of the body XML, each with its style, page-break flag, numbering id and text. */
export function paragraphs(
  xml: string,
): Array<{ style?: string; pageBreakBefore: boolean; numId?: string; text: string }> {
  const body = xml.slice(xml.indexOf("<w:body>"));
  return [...body.matchAll(/<w:p(?: [^>]*)?>([\s\S]*?)<\/w:p>/g)].map((m) => ({
    style: /<w:pStyle w:val="([^"]+)"/.exec(m[1]!)?.[1],
    pageBreakBefore: m[1]!.includes("<w:pageBreakBefore/>"),
    numId: /<w:numId w:val="(\d+)"/.exec(m[1]!)?.[1],
    text: plain(m[0]).replace(/\n$/, ""),
  }));
}
