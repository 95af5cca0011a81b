// `sectionsmith import-docx` as a shell runs it (the built CLI): the report first, on standard error; the
// library written whole or not at all; an existing library extended, with what it already holds skipped;
// refusals coded, with nothing written and the old file untouched.

import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../src/engine";
import { expectBuiltCli, runCli } from "./spawn-cli";

const AGREEMENTS = join(process.cwd(), "tests/fixtures/agreements");
let dir: string;

beforeAll(() => {
  expectBuiltCli();
  dir = mkdtempSync(join(tmpdir(), "sectionsmith-import-docx-"));
  copyFileSync(join(AGREEMENTS, "common-paper-one-way-nda.docx"), join(dir, "nda.docx"));
  copyFileSync(join(AGREEMENTS, "openagreements-employment-offer-letter.docx"), join(dir, "offer.docx"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const library = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8")) as { name: string; snippets: Array<{ id: string; version: number; title: string; status: string }> };

describe("sectionsmith import-docx", () => {
  it("imports documents into a new, valid library after reporting every snippet", async () => {
    const run = await runCli(["import-docx", "nda.docx", "offer.docx", "-o", "bank.json"], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("nda.docx: “One-Way NDA”, split at each top-level numbered clause — 12 snippets");
    expect(run.stderr).toContain("  nda.use-and-protection-of-confidential-information — Use and Protection of Confidential Information\n");
    expect(run.stderr).toMatch(/warning DOCX_NOT_KEPT nda\.docx: headers and footers — The header/);
    expect(run.stderr).toMatch(/Wrote bank\.json \(32 snippets added\)\.\n$/);
    const lib = library("bank.json");
    expect(lib.name).toBe("bank");
    expect(lib.snippets.every((s) => s.status === "draft")).toBe(true);
    expect(validateLibrary(lib).ok).toBe(true);
  });

  it("extends an existing library, skipping what it already holds", async () => {
    const before = readFileSync(join(dir, "bank.json"), "utf8");
    const run = await runCli(["import-docx", "nda.docx", "-o", "bank.json"], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("the same words as the library's");
    expect(run.stderr).toContain("Wrote bank.json (0 snippets added, 12 skipped as duplicates).");
    expect(library("bank.json").snippets).toHaveLength(JSON.parse(before).snippets.length);
  });

  it("writes nothing with --dry-run, and splits as asked", async () => {
    const run = await runCli(["import-docx", "offer.docx", "--split", "document", "--dry-run", "-o", "none.json"], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("split as one snippet — 1 snippet");
    expect(run.stderr).toContain("Nothing written (--dry-run): 1 snippet added.");
    expect(existsSync(join(dir, "none.json"))).toBe(false);
  });

  it("prints the report as JSON with --json", async () => {
    const run = await runCli(["import-docx", "offer.docx", "--json", "--dry-run"], { cwd: dir });
    const report = JSON.parse(run.stdout.toString("utf8")) as { documents: Array<{ snippets: unknown[]; variables: Array<{ name: string }> }> };
    expect(report.documents[0]!.snippets).toHaveLength(20);
    expect(report.documents[0]!.variables.map((v) => v.name)).toContain("legal_name_of_the_employer");
  });

  it("refuses a file that is not a Word document: nothing written, the library as it was", async () => {
    writeFileSync(join(dir, "notes.docx"), "not a zip at all");
    const before = readFileSync(join(dir, "bank.json"), "utf8");
    const run = await runCli(["import-docx", "offer.docx", "notes.docx", "-o", "bank.json"], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("error DOCX_NOT_DOCX notes.docx");
    expect(run.stderr).toContain("1 error — nothing was written.");
    expect(readFileSync(join(dir, "bank.json"), "utf8")).toBe(before);
  });

  it("refuses -o naming one of the documents, and bad options with the usage", async () => {
    const same = await runCli(["import-docx", "nda.docx", "-o", "nda.docx"], { cwd: dir });
    expect(same.code).toBe(1);
    expect(same.stderr).toContain("error OUTPUT_IS_INPUT nda.docx — -o names the Word document nda.docx");
    const usage = await runCli(["import-docx", "nda.docx", "--split", "paragraph"], { cwd: dir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--split must be heading, heading:N (1–9), clause, section or document, not "paragraph".');
  });
});
