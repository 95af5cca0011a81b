// LibreOffice as an independent judge of tracked changes: it opens each .docx, applies its own Accept All
// or Reject All (.uno:AcceptAllTrackedChanges / .uno:RejectAllTrackedChanges, through a Basic macro run
// by soffice --headless: libreoffice/review-changes.bas) and reports what a reader then sees — each
// paragraph's style, outline level, list level and list label, its text with bold, italic and footnote
// marks, every table's cells and every footnote. One soffice run serves every document of a call.

import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import JSZip from "jszip";
import { run, SOFFICE } from "./libreoffice";

/** "fields": as it is, fields' results shown as {result}; "update": every field updated first, then as "fields". */
export type ReviewMode = "accept" | "reject" | "none" | "fields" | "update";

export type Review = {
  /** Tracked changes LibreOffice found in the file. */
  found: number;
  /** Tracked changes left after accepting or rejecting them all (undefined for "none"). */
  left?: number;
  /** The document as a reader sees it, one line per paragraph, table row and footnote. */
  lines: string[];
};

const MACRO = [
  join(__dirname, "libreoffice", "review-changes.bas"),
  join(process.cwd(), "tests", "support", "libreoffice", "review-changes.bas"),
].find((p) => existsSync(p))!;

export async function reviewDocx(
  jobs: ReadonlyArray<{ docx: Uint8Array; mode: ReviewMode }>,
  options: { timeoutMs?: number } = {},
): Promise<Review[]> {
  if (jobs.length === 0) return [];
  const dir = await mkdtemp(join(tmpdir(), "sectionsmith-review-"));
  try {
    const home = join(dir, "home");
    const profile = join(dir, "profile");
    await mkdir(home);
    const env = { ...process.env, HOME: home, TMPDIR: dir, SAL_USE_VCLPLUGIN: "svp" };
    const base = [
      "--headless",
      "--norestore",
      "--nolockcheck",
      `-env:UserInstallation=${pathToFileURL(profile).href}`,
    ];
    // A first start makes the profile (its Basic library "Standard"); the macro then replaces Module1.
    await run(SOFFICE, [...base, "--terminate_after_init"], {
      env,
      cwd: dir,
      timeoutMs: options.timeoutMs ?? 120_000,
    });
    const module = join(profile, "user", "basic", "Standard", "Module1.xba");
    if (!existsSync(module)) throw new Error(`soffice made no Basic library in ${profile}`);
    const source = await readFile(MACRO, "utf8");
    await writeFile(
      module,
      `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">\n<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">${escapeXml(source)}</script:module>\n`,
    );
    const lines: string[] = [];
    for (const [k, job] of jobs.entries()) {
      const input = join(dir, `doc${k}.docx`);
      await writeFile(input, await withoutComments(job.docx));
      lines.push(`${job.mode}\t${input}\t${join(dir, `doc${k}.txt`)}`);
    }
    const jobsFile = join(dir, "jobs.txt");
    await writeFile(jobsFile, lines.join("\n") + "\n");
    const result = await run(SOFFICE, [...base, `macro:///Standard.Module1.Review("${jobsFile}")`], {
      env,
      cwd: dir,
      timeoutMs: options.timeoutMs ?? 300_000,
    });
    if (existsSync(`${jobsFile}.error`))
      throw new Error(`LibreOffice: ${await readFile(`${jobsFile}.error`, "utf8")}`);
    const reviews: Review[] = [];
    for (const [k, job] of jobs.entries()) {
      const out = join(dir, `doc${k}.txt`);
      if (!existsSync(out)) {
        throw new Error(
          `LibreOffice reviewed no document ${k} (exit ${result.code})\n${result.stdout}\n${result.stderr}`,
        );
      }
      const text = (await readFile(out, "utf8")).replace(/^\uFEFF/, "");
      const all = text.split("\n").filter((l) => l !== "");
      const counts = all.filter((l) => l.startsWith("redlines ")).map((l) => Number(l.slice(9)));
      reviews.push({
        found: counts[0] ?? 0,
        ...(job.mode === "none" ? {} : { left: counts[1] ?? -1 }),
        lines: all.filter((l) => !l.startsWith("redlines ")),
      });
    }
    return reviews;
  } finally {
    if (!process.env.SECTIONSMITH_KEEP_TMP) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * LibreOffice 7.4 without its GUI packages (libreoffice-writer-nogui) aborts (SIGABRT: its comment
 * window's UI file is missing) when it opens a view of a document with comments, and Accept All needs a
 * view. Comments are not what the review reads, so they are taken out of every document it is given —
 * old, new and redline alike; their own correctness is the schema and Word rules checks'.
 */
async function withoutComments(docx: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(docx);
  const rels = zip.file("word/_rels/document.xml.rels");
  const doc = zip.file("word/document.xml");
  if (!zip.file("word/comments.xml") || !rels || !doc) return docx;
  zip.file(
    "word/document.xml",
    (await doc.async("string"))
      .replace(/<w:commentRange(?:Start|End)\b[^>]*\/>/g, "")
      .replace(/<w:r>(?:<w:rPr>(?:(?!<\/w:r>)[\s\S])*?<\/w:rPr>)?<w:commentReference\b[^>]*\/><\/w:r>/g, ""),
  );
  zip.file(
    "word/_rels/document.xml.rels",
    (await rels.async("string")).replace(/<Relationship\b[^>]*\/comments"[^>]*\/>/g, ""),
  );
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE" });
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
