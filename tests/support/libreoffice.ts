// LibreOffice (headless) and poppler as an independent reader of our .docx files.
// Every soffice call gets its own profile and HOME in a fresh temp dir, so calls can run in parallel
// and never touch a user's LibreOffice. Starting soffice costs ~2–5 s: convert many files in one
// call with docxToTexts / docxToPdfs.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const SOFFICE = process.env.SOFFICE_PATH ?? "soffice";
const DEFAULT_TIMEOUT_MS = 180_000;

export type RunResult = { code: number | null; stdout: string; stderr: string };

/** Runs a command in its own process group so a timeout kills soffice.bin too. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {},
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
      reject(
        new Error(`${command} timed out after ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms\n${stderr}`),
      );
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function withTempDir<T>(prefix: string, body: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await body(dir);
  } finally {
    if (!process.env.SECTIONSMITH_KEEP_TMP) await rm(dir, { recursive: true, force: true });
  }
}

export type ConvertTarget = "txt" | "pdf" | "fodt";
const FILTERS: Record<ConvertTarget, string> = {
  txt: "txt:Text (encoded):UTF8",
  pdf: "pdf:writer_pdf_Export",
  // Flat OpenDocument: the document as LibreOffice understood it, styles and text attributes included.
  fodt: "fodt:OpenDocument Text Flat XML",
};

/** Converts every document with ONE soffice run; results are in input order. */
export async function convertDocx(
  docs: readonly Uint8Array[],
  target: ConvertTarget,
  options: { timeoutMs?: number } = {},
): Promise<Uint8Array[]> {
  if (docs.length === 0) return [];
  return withTempDir("sectionsmith-lo-", async (dir) => {
    const inDir = join(dir, "in");
    const outDir = join(dir, "out");
    const home = join(dir, "home");
    await Promise.all([mkdir(inDir), mkdir(outDir), mkdir(home)]);
    const inputs = docs.map((_, i) => join(inDir, `doc${i}.docx`));
    await Promise.all(docs.map((d, i) => writeFile(inputs[i]!, d)));
    const args = [
      "--headless",
      "--norestore",
      "--nolockcheck",
      "--nodefault",
      `-env:UserInstallation=${pathToFileURL(join(dir, "profile")).href}`,
      // Without a forced import filter LibreOffice reads a broken .docx as plain text and "succeeds".
      "--infilter=MS Word 2007 XML",
      "--convert-to",
      FILTERS[target],
      "--outdir",
      outDir,
      ...inputs,
    ];
    const env = { ...process.env, HOME: home, TMPDIR: dir, SAL_USE_VCLPLUGIN: "svp" };
    const result = await run(SOFFICE, args, { env, timeoutMs: options.timeoutMs, cwd: dir });
    const outputs: Uint8Array[] = [];
    for (let i = 0; i < docs.length; i++) {
      const out = join(outDir, `doc${i}.${target}`);
      if (!existsSync(out)) {
        throw new Error(
          `soffice did not produce ${target} for document ${i} (exit ${result.code})\n${result.stdout}\n${result.stderr}`,
        );
      }
      outputs.push(new Uint8Array(await readFile(out)));
    }
    return outputs;
  });
}

function decodeText(bytes: Uint8Array): string {
  return new TextDecoder("utf-8")
    .decode(bytes)
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n");
}

/** Plain text of each document as LibreOffice reads it (list labels included, headers/footers not). */
export async function docxToTexts(
  docs: readonly Uint8Array[],
  options: { timeoutMs?: number } = {},
): Promise<string[]> {
  return (await convertDocx(docs, "txt", options)).map(decodeText);
}

export async function docxToText(bytes: Uint8Array, options: { timeoutMs?: number } = {}): Promise<string> {
  const [text] = await docxToTexts([bytes], options);
  return text!;
}

export function docxToPdfs(
  docs: readonly Uint8Array[],
  options: { timeoutMs?: number } = {},
): Promise<Uint8Array[]> {
  return convertDocx(docs, "pdf", options);
}

export async function docxToPdf(
  bytes: Uint8Array,
  options: { timeoutMs?: number } = {},
): Promise<Uint8Array> {
  const [pdf] = await convertDocx([bytes], "pdf", options);
  return pdf!;
}

/** Text of a PDF with its layout kept (pdftotext -layout): headers and footers appear on every page. */
export async function pdfToText(
  pdf: Uint8Array,
  options: { firstPage?: number; lastPage?: number } = {},
): Promise<string> {
  return withTempDir("sectionsmith-pdf-", async (dir) => {
    const input = join(dir, "in.pdf");
    const output = join(dir, "out.txt");
    await writeFile(input, pdf);
    const range = [
      ...(options.firstPage ? ["-f", String(options.firstPage)] : []),
      ...(options.lastPage ? ["-l", String(options.lastPage)] : []),
    ];
    const result = await run("pdftotext", ["-layout", "-enc", "UTF-8", ...range, input, output], {
      timeoutMs: 60_000,
    });
    if (result.code !== 0) throw new Error(`pdftotext failed (exit ${result.code}): ${result.stderr}`);
    return decodeText(new Uint8Array(await readFile(output)));
  });
}

/** Number of pages (pdfinfo). */
export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  return withTempDir("sectionsmith-pdf-", async (dir) => {
    const input = join(dir, "in.pdf");
    await writeFile(input, pdf);
    const result = await run("pdfinfo", [input], { timeoutMs: 60_000 });
    const m = /^Pages:\s+(\d+)/m.exec(result.stdout);
    if (result.code !== 0 || !m) throw new Error(`pdfinfo failed (exit ${result.code}): ${result.stderr}`);
    return Number(m[1]);
  });
}

/**
 * Renders one page (1-based) to a PNG and returns its path, for looking at a page by eye. The file
 * is left in a fresh temp dir; the caller may delete it.
 */
export async function pdfToPng(pdf: Uint8Array, page = 1, options: { dpi?: number } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "sectionsmith-png-"));
  const input = join(dir, "in.pdf");
  await writeFile(input, pdf);
  const base = join(dir, `page-${page}`);
  const args = [
    "-png",
    "-r",
    String(options.dpi ?? 96),
    "-f",
    String(page),
    "-l",
    String(page),
    "-singlefile",
    input,
    base,
  ];
  const result = await run("pdftoppm", args, { timeoutMs: 60_000 });
  await rm(input, { force: true });
  if (result.code !== 0 || !existsSync(`${base}.png`)) {
    throw new Error(`pdftoppm failed for page ${page} (exit ${result.code}): ${result.stderr}`);
  }
  return `${base}.png`;
}
