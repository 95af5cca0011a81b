import { problem, type Problem } from "../errors/problem";
import { parseLibrary } from "../model/parse-library";
import { selectSnippet } from "../model/select";
import type { Library, Snippet } from "../model/types";
import type { SnippetLookup } from "../template/types";
import { append } from "../append";

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
    const parsed = parseLibrary(input, source === undefined ? {} : { source });
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
  const lookup: SnippetLookup = (id, version) => {
    const snippet = selectSnippet(snippets, id, version);
    return snippet ? { snippet, path: home.get(snippet)!.path } : undefined;
  };
  return { snippets, home, lookup, problems };
}

/** A library value made of the merged snippets (for callers that want one Library back). */
export const mergedLibrary = (loaded: LoadedLibraries, name?: string): Library => ({
  format: "sectionsmith/library@1",
  ...(name ? { name } : {}),
  snippets: loaded.snippets,
});
