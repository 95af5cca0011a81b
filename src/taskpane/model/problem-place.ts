// Where a problem is, as the pane shows it. The engine names places by JSON path in a library file
// ("My library: snippets[62].body:3:5"), which is right for a file but means nothing to someone in the
// pane, whose library is not a file they see: there the snippet's id and version say it
// ("nda@2: body:3:5"). Problems about files (an import) keep their file name and path. The snippet
// comes from the problem's place (the engine's structured location), never from re-reading the path.

import type { Problem } from "../../engine/core";

/** The names of the pane's own libraries: problems in them are shown by snippet. */
export type LibraryContext = { names: readonly string[] };

/** The place to show for `problem`: "source: path" as the engine gives it, or "id@version: rest". */
export function problemPlace(problem: Problem, context?: LibraryContext): string {
  const plain = [problem.source, problem.path].filter((s) => s !== undefined && s !== "").join(": ");
  const place = problem.place;
  if (!context || place?.snippet === undefined || place.library === undefined) return plain;
  if (!context.names.includes(place.library)) return plain;
  const at = `${place.snippet}@${place.version ?? 1}`;
  return place.path === undefined || place.path === "" ? at : `${at}: ${place.path}`;
}
