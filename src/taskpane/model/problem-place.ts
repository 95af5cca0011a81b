// Where a problem is, as the pane shows it. The engine names places by JSON path in a library file
// ("My library: snippets[62].body:3:5"), which is right for a file but means nothing to someone in the
// pane, whose library is not a file they see: there the snippet's id and version say it
// ("nda@2: body:3:5"). Problems about files (an import) keep their file name and path.

import type { Problem } from "../../engine/core";

export type LibraryContext = { libraries: readonly unknown[]; names: readonly string[] };

const SNIPPET_PATH = /^snippets\[(\d+)\](?:\.(.*)|(\[.*))?$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The place to show for `problem`: "source: path" as the engine gives it, or "id@version: rest". */
export function problemPlace(problem: Problem, context?: LibraryContext): string {
  const plain = [problem.source, problem.path].filter((s) => s !== undefined && s !== "").join(": ");
  if (!context || problem.source === undefined) return plain;
  const index = context.names.indexOf(problem.source);
  const match = SNIPPET_PATH.exec(problem.path);
  if (index < 0 || !match) return plain;
  const library = context.libraries[index];
  const snippets = isRecord(library) && Array.isArray(library.snippets) ? library.snippets : [];
  const snippet: unknown = snippets[Number(match[1])];
  if (!isRecord(snippet) || typeof snippet.id !== "string") return plain;
  const version = typeof snippet.version === "number" ? snippet.version : 1;
  const rest = match[2] ?? match[3] ?? "";
  return rest === "" ? `${snippet.id}@${version}` : `${snippet.id}@${version}: ${rest}`;
}
