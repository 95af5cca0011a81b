import { problem, type Problem } from "../errors/problem";
import { parseLibrary } from "../model/parse-library";
import { selectSnippet } from "../model/select";
import { looseSnippets } from "../model/loose-snippets";
import type { Library, Snippet } from "../model/types";
import type { SnippetLookup } from "../template/types";
import { append } from "../append";
import { libraryWeightProblem } from "../limits-check";

/** Where a snippet lives: its JSON path in its library file, and that file's name. */
export type SnippetHome = { path: string; source?: string };

const CATALOGUE: unique symbol = Symbol.for("sectionsmith.catalogue") as never;

/**
 * Libraries parsed, checked and merged once (loadLibraries): what exportDocument, validateFile and the
 * task pane take instead of library JSON, so a library is never parsed again for each build, preview
 * or listing. Opaque: made only by loadLibraries (the brand says so); read its fields, never build one.
 */
export type Catalogue = {
  readonly [CATALOGUE]: true;
  /** The usable snippets, every version, later libraries' copies replacing earlier ones'. */
  readonly snippets: Snippet[];
  /** Where each snippet came from (its library and JSON path there). */
  readonly home: ReadonlyMap<Snippet, SnippetHome>;
  readonly lookup: SnippetLookup;
  /**
   * The usable snippets by id (every version), made with the catalogue: a build finds each section's
   * snippet here instead of scanning all of them (quadratic in a 1,000-section build of 1,000 snippets).
   */
  readonly byId: ReadonlyMap<string, readonly Snippet[]>;
  /** Every problem of every library, each with its place (errors make the catalogue unusable for builds). */
  readonly problems: Problem[];
  /**
   * Snippets of libraries that have errors, as far as they can be read: not usable, but an assembly
   * checked against such a library is still told which of its snippets no library has at all.
   */
  readonly unusable: readonly Snippet[];
};

/** @deprecated the old name of Catalogue. */
export type LoadedLibraries = Catalogue;

export const isCatalogue = (value: unknown): value is Catalogue =>
  typeof value === "object" && value !== null && (value as { [CATALOGUE]?: unknown })[CATALOGUE] === true;

/**
 * Parses every library given and merges them into one catalogue. A later library's snippet with the same
 * id and version replaces an earlier one (with a warning), so a team library can be overlaid by a personal one.
 * `sources` name the libraries in problems (file names); several unnamed ones are "library 1", "library 2"….
 */
export function loadLibraries(
  inputs: readonly unknown[],
  sources: readonly (string | undefined)[] = [],
): Catalogue {
  const problems: Problem[] = [];
  const byKey = new Map<string, Snippet>();
  const home = new Map<Snippet, SnippetHome>();
  const unusable: Snippet[] = [];
  inputs.forEach((input, i) => {
    const source = sources[i] ?? (inputs.length > 1 ? `library ${i + 1}` : undefined);
    const parsed = parseLibrary(input, source === undefined ? {} : { source });
    append(problems, parsed.problems);
    if (!parsed.ok) {
      append(unusable, looseSnippets(input));
      return;
    }
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
            place: { ...(source ? { library: source } : {}), snippet: snippet.id, version: snippet.version },
          }),
        );
        home.delete(earlier);
      }
      byKey.set(key, snippet);
      home.set(snippet, { path: `snippets[${k}]`, ...(source ? { source } : {}) });
    });
  });
  const snippets = [...byKey.values()];
  const byId = new Map<string, Snippet[]>();
  for (const snippet of snippets) {
    const same = byId.get(snippet.id);
    if (same) same.push(snippet);
    else byId.set(snippet.id, [snippet]);
  }
  // The whole catalogue, whatever the number of files: several libraries each within the limit must
  // not add up to an enormous one.
  const tooLarge = libraryWeightProblem(snippets, inputs.length);
  const source = inputs.length === 1 ? sources[0] : undefined;
  if (tooLarge) problems.push(source === undefined ? tooLarge : { ...tooLarge, source });
  const lookup: SnippetLookup = (id, version) => {
    const snippet = selectSnippet(byId.get(id) ?? [], id, version);
    if (!snippet) return undefined;
    const at = home.get(snippet)!;
    return {
      snippet,
      path: at.path,
      place: { ...(at.source ? { library: at.source } : {}), snippet: snippet.id, version: snippet.version },
    };
  };
  return { [CATALOGUE]: true, snippets, home, lookup, byId, problems, unusable };
}

/** A catalogue as given, or one loaded from library JSON (one library or a list of them). */
export function catalogueOf(input: unknown, sources?: readonly (string | undefined)[]): Catalogue {
  if (isCatalogue(input)) return input;
  return loadLibraries(Array.isArray(input) ? input : [input], sources);
}

/** A library value made of the merged snippets (for callers that want one Library back). */
export const mergedLibrary = (loaded: Catalogue, name?: string): Library => ({
  format: "sectionsmith/library@1",
  ...(name ? { name } : {}),
  snippets: loaded.snippets,
});
