import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
// Each command import()s the engine entry it uses (tsup splits them into chunks): `list` reads libraries
// through src/engine/read and searches through src/engine/core, and never loads docx, JSZip or the
// Markdown parser; `validate` checks through src/engine/check (the Markdown parser, no docx, no JSZip);
// `build` loads src/engine/export (issue 15: load only what a command uses).
import { SectionsmithError, formatProblem, loadLibraries, type Problem } from "../engine/read";
import type { BuildProgress } from "../engine";
import {
  parseCli,
  UsageError,
  USAGE,
  type BuildArgs,
  type ExportArgs,
  type ListArgs,
  type ValidateArgs,
} from "./args";
import { readText } from "./files";
import { resolveOutput, writeOutput, type Input } from "./output";
import { CliFileError, ClosedPipeError, EXIT_CLOSED_PIPE, formatCliError, writeProblem } from "./problems";
import { fetchTeamLibrary, readToken, type TeamLibrary } from "./team";

// The command-line adapter: reads files, calls the engine's public index, writes files. Every
// decision about documents lives in the engine; this file only turns it into exit codes and text.

export type Io = {
  stdout: NodeJS.WritableStream;
  /** isTTY: progress lines are shown only on a terminal. */
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
};
/** Where the CLI writes; tests swap these for buffers. */
export const io: Io = { stdout: process.stdout, stderr: process.stderr };
const say = (text: string): void => void io.stderr.write(text + "\n");

/**
 * Writes to standard output and waits until the bytes are handed over. A reader that has gone away
 * (`| head -1`, `| true`) becomes a ClosedPipeError, which ends the command quietly.
 */
function print(data: Uint8Array | string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    try {
      io.stdout.write(data, (e) => (e ? reject(e) : resolve()));
    } catch (error) {
      // Standard output on a file or device writes synchronously, and throws.
      reject(error as Error);
    }
  }).catch((error: unknown) => {
    throw writeProblem("(standard output)", error, false);
  });
}

export async function main(argv: readonly string[]): Promise<number> {
  let args;
  try {
    args = parseCli(argv);
  } catch (error) {
    say(`sectionsmith: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  try {
    switch (args.command) {
      case "help":
        await print(USAGE + "\n");
        return 0;
      case "version":
        await print(version() + "\n");
        return 0;
      case "build":
        return await build(args);
      case "validate":
        return await validate(args);
      case "list":
        return await list(args);
      case "export":
        return await exportTeamLibrary(args);
      case "import-docx":
        return await (await import("./import-docx")).importDocxCommand(args, { say, print, stdout: io.stdout }, formatProblem);
    }
  } catch (error) {
    // The reader of our output is gone: nothing more to say to anyone (see docs/cli.md, exit codes).
    if (error instanceof ClosedPipeError) return EXIT_CLOSED_PIPE;
    if (error instanceof CliFileError) {
      say(formatCliError(error));
      return 1;
    }
    if (error instanceof SectionsmithError) {
      report(error.problems);
      const errors = error.problems.filter((p) => p.severity === "error").length;
      say(`\n${plural(errors, "error")}${args.command === "build" ? " — nothing was written" : ""}.`);
      return 1;
    }
    if (error instanceof UsageError) {
      say(`sectionsmith: ${error.message}`);
      return 2;
    }
    say(
      `sectionsmith: internal error — please report it with the input that caused it.\n${(error as Error).stack ?? String(error)}`,
    );
    return 3;
  }
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

function report(problems: readonly Problem[]): void {
  for (const p of problems) say(formatProblem(p));
}

/** The team libraries, one after the other (a failure names the first library that failed). */
async function fetchAll(
  team: NonNullable<BuildArgs["team"]>,
  names: readonly string[],
): Promise<TeamLibrary[]> {
  const token = await readToken(team);
  const out: TeamLibrary[] = [];
  for (const name of names) out.push(await fetchTeamLibrary(team, name, token));
  return out;
}

async function build(args: BuildArgs): Promise<number> {
  // The engine's chunks load while the files are read (wall time: the two overlap). A failure to load
  // is reported where it is awaited, below; the catch only keeps an early return from leaving it unheard.
  const loadingEngine = import("../engine/export");
  loadingEngine.catch(() => undefined);
  const assembly = await readText(args.assembly);
  const team = args.team ? await fetchAll(args.team, args.libraries) : undefined;
  const libraries = team ? team.map((l) => l.text) : await Promise.all(args.libraries.map(readText));
  const libraryNames = team ? team.map((l) => l.place) : args.libraries;
  const extension = args.as === "base64" ? "b64" : "docx";
  const suggestedName = `${basename(args.assembly, extname(args.assembly))}.${extension}`;
  // Decided before building: a wrong -o is reported at once, and never after minutes of work.
  const inputs: Input[] = [
    ...(team ? [] : args.libraries.map((path) => ({ path, role: "library" as const }))),
    { path: args.assembly, role: "assembly" },
  ];
  const target =
    args.out === "-"
      ? undefined
      : await resolveOutput(args.out ?? suggestedName, inputs, { suggestedName, stdout: io.stdout });
  const started = Date.now();
  let lastShown = 0;
  // Progress is for a person watching a terminal; in a pipe or a log file it is only noise.
  const showProgress = !args.quiet && io.stderr.isTTY === true;
  const onProgress = (p: BuildProgress): void => {
    // Only builds that take more than a second say anything, at most once a second.
    const now = Date.now();
    if (!showProgress || now - started < 1000 || now - lastShown < 1000) return;
    lastShown = now;
    say(
      `sectionsmith: ${p.stage === "pack" ? "packing the .docx" : `rendering section ${p.done} of ${p.total}`}…`,
    );
  };
  // Parsed once into a catalogue: the build takes it as it is (file names in problems come with it).
  const catalogue = loadLibraries(libraries, libraryNames);
  const { exportDocument } = await loadingEngine;
  const result = await exportDocument(catalogue, assembly, {
    as: "buffer",
    shape: args.fragment ? "fragment" : "document",
    strict: args.strict,
    onProgress,
    names: { assembly: args.assembly },
  });
  report(result.warnings);
  const bytes = result.output;
  const payload = args.as === "base64" ? Buffer.from(bytes).toString("base64") : bytes;
  if (target === undefined) {
    await print(payload);
    return 0;
  }
  await writeOutput(target, payload, print);
  const out = target.shown;
  if (!args.quiet) {
    const kb = (bytes.length / 1024).toFixed(1);
    say(
      `Wrote ${out} (${kb} KB, ${plural(result.snippets.length, "snippet")}${result.warnings.length ? `, ${plural(result.warnings.length, "warning")}` : ""}).`,
    );
  }
  return 0;
}

async function validate(args: ValidateArgs): Promise<number> {
  const texts = await Promise.all(args.libraries.map(readText));
  // Parsed once for every file checked against them.
  const catalogue = texts.length > 0 ? loadLibraries(texts, args.libraries) : undefined;
  // validateFile checks every body's Markdown with the renderer, which makes no docx objects for a check.
  const { validateFile } = await import("../engine/check");
  let failed = 0;
  for (const file of args.files) {
    const text = await readText(file);
    const result = await validateFile(text, {
      source: file,
      ...(catalogue ? { libraries: catalogue } : {}),
    });
    report(result.problems);
    const errors = result.problems.filter((p) => p.severity === "error").length;
    const warnings = result.problems.length - errors;
    if (errors > 0) failed++;
    say(
      `${errors ? "✗" : "✓"} ${file}: ${result.kind ?? "unrecognised file"}, ` +
        `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}` +
        (result.kind === "assembly" && catalogue === undefined
          ? " (pass --library to check snippets and values too)"
          : ""),
    );
  }
  return failed > 0 ? 1 : 0;
}

async function list(args: ListArgs): Promise<number> {
  const [{ createSnippetIndex, snippetHealth }, { loadLibraries }] = await Promise.all([
    import("../engine/core"),
    import("../engine/read"),
  ]);
  const texts = await Promise.all(args.libraries.map(readText));
  const loaded = loadLibraries(texts, args.libraries);
  const errors = loaded.problems.filter((p) => p.severity === "error");
  if (errors.length > 0) throw new SectionsmithError(loaded.problems);
  const today = new Date();
  const hits = createSnippetIndex(loaded.snippets).search(args.search ?? "", { today });
  const rows = hits.map(({ snippet }) => {
    const health = snippetHealth(snippet, today);
    return {
      id: snippet.id,
      version: snippet.version,
      title: snippet.title,
      status: health.status,
      stale: health.stale,
      category: snippet.category ?? "",
      tags: snippet.tags,
      ...(snippet.description ? { description: snippet.description } : {}),
    };
  });
  if (args.json) {
    await print(JSON.stringify(rows, null, 2) + "\n");
    return 0;
  }
  const table = rows.map((r) => [
    `${r.id}@${r.version}`,
    r.status + (r.stale ? " (stale)" : ""),
    r.category,
    r.title,
  ]);
  const widths = [0, 1, 2].map((c) => Math.max(...table.map((row) => row[c]!.length), 4));
  await print(
    table
      .map((row) => row.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]!) : cell)).join("  ") + "\n")
      .join(""),
  );
  say(
    `${rows.length} snippet${rows.length === 1 ? "" : "s"}${args.search ? ` matching "${args.search}"` : ""}.`,
  );
  return 0;
}

/** `export --server`: the team library as a library file (approved versions unless asked otherwise). */
async function exportTeamLibrary(args: ExportArgs): Promise<number> {
  const suggestedName = `${args.library}.library.json`;
  const target =
    args.out === "-"
      ? undefined
      : await resolveOutput(args.out ?? suggestedName, [], { suggestedName, stdout: io.stdout });
  const [library] = await fetchAll(args.team, [args.library]);
  const text = JSON.stringify(JSON.parse(library!.text), null, 2) + "\n";
  if (target === undefined) {
    await print(text);
    return 0;
  }
  await writeOutput(target, text, print);
  say(
    `Wrote ${target.shown} (${plural(library!.snippets, "snippet version")} of "${args.library}"${args.team.includeUnapproved ? ", unapproved included" : ", approved and deprecated"}).`,
  );
  return 0;
}

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    return pkg.version;
  } catch {
    return "unknown";
  }
}
