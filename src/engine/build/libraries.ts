import { problem, type Problem } from "../errors/problem";
import { parseLibrary } from "../model/parse-library";
import { selectSnippet } from "../model/select";
import type { ParseResult } from "../model/parse-common";
import type { Library, Snippet } from "../model/types";
import type { SnippetLookup } from "../template/types";
import { append } from "../append";
import { libraryWeightProblem } from "../limits-check";

/** Where a snippet lives: its JSON path in its library file, and that file's name. */
export type SnippetHome = { path: string; source?: string };

export type LoadedLibraries = {
  snippets: Snippet[];
  home: Map<Snippet, SnippetHome>;
  lookup: SnippetLookup;
  problems: Problem[];
};

/**
 * Parses every library given and merges them into one catalogue. A later library's snippet with the same
 * id and version replaces an earlier one (with a warning), so a team library can be overlaid by a personal one.
 */
export function loadLibraries(
  inputs: readonly unknown[],
  sources: readonly (string | undefined)[] = [],
): LoadedLibraries {
  const problems: Problem[] = [];
  const byKey = new Map<string, Snippet>();
  const home = new Map<Snippet, SnippetHome>();
  inputs.forEach((input, i) => {
    const source = sources[i] ?? (inputs.length > 1 ? `library ${i + 1}` : undefined);
    const parsed = parseOnce(input, source);
    append(problems, parsed.problems.map((p) => (source && !p.source ? { ...p, source } : p)));
    if (!parsed.ok) return;
    parsed.value.snippets.forEach((snippet, k) => {
      const key = `${snippet.id}@${snippet.version}`;
      const earlier = byKey.get(key);
      if (earlier) {
        const before = home.get(earlier);
        problems.push(
          problem({
            code: "SNIPPET_SHADOWED",
            message: `Snippet ${key} is also in ${before?.source ?? "an earlier library"}; this one is used.`,
            path: `snippets[${k}]`,
            ...(source ? { source } : {}),
          }),
        );
        home.delete(earlier);
      }
      byKey.set(key, snippet);
      home.set(snippet, { path: `snippets[${k}]`, ...(source ? { source } : {}) });
    });
  });
  const snippets = [...byKey.values()];
  // The whole catalogue, whatever the number of files: several libraries each within the limit must
  // not add up to an enormous one.
  const tooLarge = libraryWeightProblem(snippets, inputs.length);
  const source = inputs.length === 1 ? sources[0] : undefined;
  if (tooLarge) problems.push(source === undefined ? tooLarge : { ...tooLarge, source });
  const lookup: SnippetLookup = (id, version) => {
    const snippet = selectSnippet(snippets, id, version);
    return snippet ? { snippet, path: home.get(snippet)!.path } : undefined;
  };
  return { snippets, home, lookup, problems };
}

// The task pane hands the same library objects to every build, preview and listing (ten times for a
// ten-section Insert, one build per section): checking a large library again each time was 15% of an
// Insert (npm run bench:profile -- insert 10). Parsed (not text) libraries are values the caller does
// not change in place — a changed library is a new object — so the result is kept per object and
// source name, and forgotten with the object.
const parsedCache = new WeakMap<object, Map<string | undefined, ParseResult<Library>>>();

function parseOnce(input: unknown, source: string | undefined): ParseResult<Library> {
  if (typeof input !== "object" || input === null) return parseLibrary(input, source === undefined ? {} : { source });
  let bySource = parsedCache.get(input);
  if (bySource === undefined) parsedCache.set(input, (bySource = new Map()));
  let parsed = bySource.get(source);
  if (parsed === undefined) bySource.set(source, (parsed = parseLibrary(input, source === undefined ? {} : { source })));
  return parsed;
}

/** A library value made of the merged snippets (for callers that want one Library back). */
export const mergedLibrary = (loaded: LoadedLibraries, name?: string): Library => ({
  format: "sectionsmith/library@1",
  ...(name ? { name } : {}),
  snippets: loaded.snippets,
});
