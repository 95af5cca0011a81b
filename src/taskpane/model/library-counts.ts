// One set of library counts for every place the pane shows one (the Library's result line and library
// caption, Manage's heading), worked out once from the stored library: a snippet is an id the Library
// lists (the version a build would use), a version is a row in Manage. Before, the Library counted ids
// and Manage counted stored versions, and after an import of new versions or a draft saved half-written
// the two tabs disagreed about the same library.

export type LibraryCounts = {
  /** Distinct snippets the Library lists (one per id; versions with errors left out). */
  snippets: number;
  /** Stored versions: the rows in Manage. */
  versions: number;
  /** Stored versions left out of the Library because they have errors. */
  withErrors: number;
};

export function countLibrary(stored: number, usable: number, listed: number): LibraryCounts {
  return { snippets: listed, versions: stored, withErrors: Math.max(0, stored - usable) };
}

/**
 * One library's own counts, from its stored versions and the versions of it the pane can use (each
 * library beside another — personal and team — is counted apart: the Import row names each with its own).
 */
export function countSnippets(stored: number, usable: ReadonlyArray<{ id: string }>): LibraryCounts {
  return countLibrary(stored, usable.length, new Set(usable.map((s) => s.id)).size);
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "5 snippets", "5 snippets · 7 versions", "… · 1 version with errors". */
export function countsText(c: LibraryCounts): string {
  const parts = [plural(c.snippets, "snippet")];
  if (c.versions !== c.snippets) parts.push(plural(c.versions, "version"));
  if (c.withErrors > 0) parts.push(`${plural(c.withErrors, "version")} with errors`);
  return parts.join(" · ");
}

/** The Library's result line: "5 snippets" unfiltered, "2 of 5 snippets" when searching or filtering. */
export function shownText(shown: number, c: LibraryCounts, filtered: boolean): string {
  if (!filtered) return plural(c.snippets, "snippet");
  return `${shown.toLocaleString("en-US")} of ${plural(c.snippets, "snippet")}`;
}
