import { readFile } from "node:fs/promises";
import { basename, extname } from "node:path";
import { parseArgs } from "node:util";
import type { DocxImport, DuplicateChoice, ImportedSnippet, Problem, SplitMode } from "../engine";
import { readText } from "./files";
import { resolveOutput, writeOutput, type Input } from "./output";
import { readProblem } from "./problems";

// `sectionsmith import-docx`: Word documents in, a library out (issue 30). The report comes first — on
// standard error, or as JSON with --json — and the library is written only when every document was read
// and the whole library checks out: all or nothing, as the pane's import. The engine does the reading
// (src/engine/import-docx); this file reads and writes files and words the report for a terminal.

export type ImportDocxArgs = {
  command: "import-docx";
  files: string[];
  out: string | undefined;
  split: SplitMode | undefined;
  category: string | undefined;
  idPrefix: string | undefined;
  libraries: string[];
  duplicates: DuplicateChoice | undefined;
  dryRun: boolean;
  json: boolean;
  quiet: boolean;
};

export class ImportUsageError extends Error {}

export const IMPORT_OPTIONS = {
  output: { type: "string", short: "o" },
  split: { type: "string" },
  category: { type: "string" },
  "id-prefix": { type: "string" },
  library: { type: "string", short: "l", multiple: true },
  duplicates: { type: "string" },
  "dry-run": { type: "boolean" },
  json: { type: "boolean" },
  quiet: { type: "boolean", short: "q" },
} as const;

export function parseSplit(value: string): SplitMode {
  if (value === "clause" || value === "document" || value === "section") return { by: value };
  const heading = /^heading(?::([1-9]))?$/.exec(value);
  if (heading) return { by: "heading", level: Number(heading[1] ?? 1) };
  throw new ImportUsageError(`--split must be heading, heading:N (1–9), clause, section or document, not "${value}".`);
}

export function parseImportDocx(rest: readonly string[]): ImportDocxArgs {
  const { values, positionals } = parseArgs({ args: [...rest], allowPositionals: true, options: IMPORT_OPTIONS });
  if (positionals.length === 0) throw new ImportUsageError("import-docx needs at least one FILE.docx.");
  const duplicates = values.duplicates;
  if (duplicates !== undefined && !["skip", "version", "new"].includes(duplicates))
    throw new ImportUsageError(`--duplicates must be skip, version or new, not "${duplicates}".`);
  const split = values.split === undefined || values.split === "auto" ? undefined : parseSplit(values.split);
  return {
    command: "import-docx",
    files: positionals,
    out: values.output,
    split,
    category: values.category,
    idPrefix: values["id-prefix"],
    libraries: values.library ?? [],
    duplicates: duplicates as DuplicateChoice | undefined,
    dryRun: values["dry-run"] ?? false,
    json: values.json ?? false,
    quiet: values.quiet ?? false,
  };
}

type Say = (text: string) => void;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

export function describeSplit(mode: SplitMode): string {
  switch (mode.by) {
    case "heading":
      return `at each Heading ${mode.level}`;
    case "clause":
      return "at each top-level numbered clause";
    case "section":
      return "at each Sectionsmith section";
    case "document":
      return "as one snippet";
  }
}

function duplicateLine(s: ImportedSnippet, choice: DuplicateChoice | undefined): string {
  const d = s.duplicate!;
  const where = d.of === "library" ? "the library's" : "this import's";
  const how = d.identical ? "the same words as" : `${Math.round(d.similarity * 100)}% the same words as`;
  const action = choice === "skip" ? "skipped" : choice === "version" ? `kept as a new version of ${d.id}` : "kept as a snippet of its own";
  return `      ${how} ${where} “${d.title}” (${d.id}@${d.version}): ${action}`;
}

export async function importDocxCommand(
  args: ImportDocxArgs,
  io: { say: Say; print(data: Uint8Array | string): Promise<void>; stdout: NodeJS.WritableStream },
  formatProblem: (p: Problem) => string,
): Promise<number> {
  const engine = await import("../engine");
  const { say } = io;
  const suggestedName = `${basename(args.files[0]!, extname(args.files[0]!))}.library.json`;
  const outPath = args.out ?? suggestedName;
  const inputs: Input[] = [
    ...args.files.map((path) => ({ path, role: "Word document" as const })),
    ...args.libraries.map((path) => ({ path, role: "library" as const })),
  ];
  const target = args.dryRun || outPath === "-" ? undefined : await resolveOutput(outPath, inputs, { suggestedName, stdout: io.stdout });
  // The library written to: extended when it exists (its snippets are the ones compared with).
  // A new library is named after its one document, or after the file it is written to.
  let existing: { name?: string; snippets?: unknown[] } | undefined;
  const problems: Problem[] = [];
  if (target?.kind === "replace" && target.mode !== undefined) {
    const text = await readText(outPath);
    const parsed = engine.validateLibrary(text, { source: outPath });
    if (!parsed.ok) throw new engine.SectionsmithError(parsed.problems);
    existing = JSON.parse(text.replace(/^\uFEFF/, "")) as { name?: string; snippets?: unknown[] };
  }
  const compared: Array<{ id: string; version?: number; title?: string; body: string }> = [
    ...((existing?.snippets ?? []) as Array<{ id: string; version?: number; title?: string; body: string }>),
  ];
  for (const path of args.libraries) {
    const loaded = engine.loadLibraries([await readText(path)], [path]);
    if (loaded.problems.some((p) => p.severity === "error")) throw new engine.SectionsmithError(loaded.problems);
    compared.push(...loaded.snippets);
  }
  const imports: DocxImport[] = [];
  for (const file of args.files) {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(file));
    } catch (error) {
      throw readProblem(file, error);
    }
    const result = engine.importDocx(bytes, {
      fileName: basename(file),
      ...(args.split ? { split: args.split } : {}),
      ...(args.category !== undefined ? { category: args.category } : {}),
      ...(args.idPrefix !== undefined ? { idPrefix: args.idPrefix } : {}),
      library: [...compared, ...imports.flatMap((i) => i.snippets.map((s) => s.snippet))],
    });
    problems.push(...result.problems);
    if (result.ok) imports.push(result.value);
  }
  const decisions = Object.fromEntries(
    imports.flatMap((i) => i.snippets.filter((s) => s.duplicate).map((s) => [s.snippet.id, args.duplicates ?? engine.defaultChoice(s)!] as const)),
  );
  const errors = problems.filter((p) => p.severity === "error");
  const applied = errors.length === 0 ? engine.applyImport(imports, { duplicates: decisions }, existing, imports.length === 1 ? imports[0]!.title : basename(outPath, ".json")) : undefined;
  if (args.json)
    await io.print(
      JSON.stringify({ documents: imports, problems, written: applied?.ok && !args.dryRun ? outPath : null }, null, 2) + "\n",
    );
  else if (!args.quiet || errors.length > 0) report(imports, problems, decisions, say, formatProblem);
  if (errors.length > 0) {
    say(`\n${plural(errors.length, "error")} — nothing was written.`);
    return 1;
  }
  if (!applied!.ok) {
    for (const p of applied!.problems) say(formatProblem(p));
    say(`\nThe imported library has errors — nothing was written.`);
    return 1;
  }
  const { library, added, skipped } = applied!;
  const summary = `${plural(added.length, "snippet")} added${skipped.length ? `, ${skipped.length} skipped as duplicates` : ""}`;
  if (args.dryRun) {
    say(`Nothing written (--dry-run): ${summary}.`);
    return 0;
  }
  const text = JSON.stringify(library, null, 2) + "\n";
  if (target === undefined) await io.print(text);
  else await writeOutput(target, text, io.print);
  if (!args.quiet && target !== undefined) say(`Wrote ${target.shown} (${summary}).`);
  return 0;
}

function report(
  imports: readonly DocxImport[],
  problems: readonly Problem[],
  decisions: Record<string, DuplicateChoice>,
  say: Say,
  formatProblem: (p: Problem) => string,
): void {
  for (const p of problems) if (p.severity === "error") say(formatProblem(p));
  for (const imp of imports) {
    say(`${imp.source}: “${imp.title}”, split ${describeSplit(imp.split)} — ${plural(imp.snippets.length, "snippet")}, ${plural(imp.variables.length, "variable")}${imp.numberedHeadings ? " (numbered headings: build with \"headingNumbering\": \"legal\")" : ""}`);
    for (const s of imp.snippets) {
      const vars = s.snippet.variables.map((v) => `${v.name as string} (${v.type as string})`);
      say(`  ${s.snippet.id} — ${s.snippet.title}${vars.length ? `: ${vars.join(", ")}` : ""}`);
      if (s.duplicate) say(duplicateLine(s, decisions[s.snippet.id]));
      for (const w of s.warnings) if (w.code !== "DOCX_DUPLICATE") say(`    ${formatProblem(w)}`);
    }
    for (const w of imp.warnings) say(`  ${formatProblem(w)}`);
    const other = imp.choices.filter((c) => JSON.stringify(c.mode) !== JSON.stringify(imp.split));
    if (other.length > 0)
      say(`  (other ways to split it: ${other.map((c) => `--split ${splitFlag(c.mode)} → ${plural(c.snippets, "snippet")}`).join("; ")})`);
  }
}

export const splitFlag = (mode: SplitMode): string => (mode.by === "heading" ? `heading:${mode.level}` : mode.by);
