// Where LibreOffice put each word: `pdftotext -bbox` gives every page's size in points and every word's
// box (x/y from the top-left corner, in points), so layout rules can be checked by position.

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "../../support/libreoffice";

export type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };
export type Page = { width: number; height: number; words: Word[] };

const unescape = (s: string): string =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

export async function pdfWords(pdf: Uint8Array): Promise<Page[]> {
  const dir = await mkdtemp(join(tmpdir(), "sectionsmith-bbox-"));
  try {
    const input = join(dir, "in.pdf");
    const output = join(dir, "out.html");
    await writeFile(input, pdf);
    const result = await run("pdftotext", ["-bbox", "-enc", "UTF-8", input, output], { timeoutMs: 60_000 });
    if (result.code !== 0) throw new Error(`pdftotext -bbox failed (exit ${result.code}): ${result.stderr}`);
    const html = await readFile(output, "utf8");
    return [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map((p) => ({
      width: Number(p[1]),
      height: Number(p[2]),
      words: [
        ...p[3]!.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((w) => ({
        xMin: Number(w[1]),
        yMin: Number(w[2]),
        xMax: Number(w[3]),
        yMax: Number(w[4]),
        text: unescape(w[5]!),
      })),
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The 1-based page and box of the first word equal to `text`, or undefined. */
export function find(pages: readonly Page[], text: string): { page: number; word: Word } | undefined {
  for (const [i, page] of pages.entries()) {
    const word = page.words.find((w) => w.text === text);
    if (word) return { page: i + 1, word };
  }
  return undefined;
}
