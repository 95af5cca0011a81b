import { basename, extname } from "node:path";
import { loadLibraries, type Problem } from "../engine/core";
import type { DiffArgs } from "./args";
import { readText } from "./files";
import { resolveOutput, writeOutput, type Input } from "./output";
import { CliFileError } from "./problems";

// `sectionsmith diff`: a redline .docx between two versions of a snippet (LIB.json ID@V1 ID@V2) or two
// assemblies (OLD.json NEW.json --library LIB.json). The engine builds both and tracks the difference;
// this file reads the inputs, picks the author and writes the file.

export type DiffIo = {
  say(text: string): void;
  print(data: Uint8Array | string): Promise<void>;
  report(problems: readonly Problem[]): void;
  stdout: NodeJS.WritableStream;
};

type Values = Record<string, unknown>;

/** One section of one snippet version, with the values given (or none: the snippet's defaults). */
const oneSection = (id: string, version: number, values: Values) => ({
  format: "sectionsmith/assembly@1",
  sections: [{ snippet: id, version, values }],
});

async function readValues(path: string | undefined): Promise<Values> {
  if (path === undefined) return {};
  const text = await readText(path);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliFileError(
      "VALUES_NOT_AN_OBJECT",
      path,
      `not JSON (${(error as Error).message}). Nothing was written.`,
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new CliFileError(
      "VALUES_NOT_AN_OBJECT",
      path,
      'needs a JSON object of variable names and values, e.g. {"clientName": "Fabrikam"}. Nothing was written.',
    );
  return parsed as Values;
}

export async function diff(args: DiffArgs, io: DiffIo): Promise<number> {
  const loadingEngine = import("../engine");
  loadingEngine.catch(() => undefined);
  const libraryPaths = args.libraries;
  const libraryTexts = await Promise.all(libraryPaths.map(readText));
  const catalogue = loadLibraries(libraryTexts, libraryPaths);
  let before: unknown;
  let after: unknown;
  let names: { before: string; after: string };
  let suggestedName: string;
  let owner: string | undefined;
  const inputs: Input[] = libraryPaths.map((path) => ({ path, role: "library" as const }));
  if (args.mode === "versions") {
    const values = await readValues(args.values);
    if (args.values !== undefined) inputs.push({ path: args.values, role: "values file" });
    before = oneSection(args.before.id, args.before.version, values);
    after = oneSection(args.after.id, args.after.version, values);
    names = {
      before: `${args.before.id}@${args.before.version}`,
      after: `${args.after.id}@${args.after.version}`,
    };
    suggestedName =
      args.before.id === args.after.id
        ? `${args.after.id}-v${args.before.version}-v${args.after.version}-redline.docx`
        : `${args.before.id}-v${args.before.version}-${args.after.id}-v${args.after.version}-redline.docx`;
    owner = catalogue.snippets.find((s) => s.id === args.after.id && s.version === args.after.version)?.owner;
  } else {
    [before, after] = await Promise.all([readText(args.before), readText(args.after)]);
    inputs.push({ path: args.before, role: "assembly" }, { path: args.after, role: "assembly" });
    names = { before: args.before, after: args.after };
    suggestedName = `${basename(args.after, extname(args.after))}-redline.docx`;
  }
  // Decided before building: a wrong -o is reported at once, and an input is never overwritten.
  const target =
    args.out === "-"
      ? undefined
      : await resolveOutput(args.out ?? suggestedName, inputs, { suggestedName, stdout: io.stdout });
  const author = args.author?.trim() || owner?.trim() || "Sectionsmith";
  const { exportRedline } = await loadingEngine;
  const result = await exportRedline(catalogue, before, after, {
    as: "buffer",
    shape: args.fragment ? "fragment" : "document",
    author,
    strict: args.strict,
    names: { libraries: libraryPaths, ...names },
    checkTerms: args.mode !== "versions",
  });
  io.report(result.warnings);
  if (target === undefined) {
    await io.print(result.output);
    return 0;
  }
  await writeOutput(target, result.output, io.print);
  if (!args.quiet) {
    const { insertions, deletions, formatting } = result.changes;
    const kb = (result.output.length / 1024).toFixed(1);
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
    io.say(
      `Wrote ${target.shown} (${kb} KB, ${names.before} → ${names.after}: ${count(insertions, "insertion")}, ${count(deletions, "deletion")}, ${count(formatting, "formatting change")}, by ${author}).`,
    );
  }
  return 0;
}
