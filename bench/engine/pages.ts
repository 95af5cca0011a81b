// How many pages is a fixture? LibreOffice lays the 10-section outputs out as PDF and pdfinfo counts the
// pages: the figure behind "one section ≈ 2 pages" and "100 sections ≈ a 200-page document". Optional:
// skipped (with a note) when soffice or pdfinfo is missing.

import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Page count per .docx (by file name), or undefined when LibreOffice is not installed. */
export async function countPages(files: readonly string[]): Promise<Map<string, number> | undefined> {
  try {
    await run("which", ["soffice"]);
    await run("which", ["pdfinfo"]);
  } catch {
    return undefined;
  }
  const dir = await mkdtemp(join(tmpdir(), "sectionsmith-pages-"));
  try {
    const home = join(dir, "home");
    await mkdir(home);
    await run("soffice", ["--headless", "--convert-to", "pdf", "--outdir", dir, ...files], {
      env: { ...process.env, HOME: home },
      timeout: 180_000,
    });
    const pages = new Map<string, number>();
    for (const file of files) {
      const pdf = join(dir, basename(file).replace(/\.docx$/, ".pdf"));
      const { stdout } = await run("pdfinfo", [pdf]);
      const n = /^Pages:\s+(\d+)/m.exec(stdout)?.[1];
      if (n) pages.set(file, Number(n));
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
