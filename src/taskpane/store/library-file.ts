// Export to and helpers around the contract's library file ("sectionsmith/library@1").

import {
  recordKey,
  type LibrarySnapshot,
  type RawLibrary,
  type RawSnippet,
  type SnippetRecord,
} from "./types";

export const LIBRARY_FORMAT = "sectionsmith/library@1";

/** The whole library, or the chosen id@version keys, as a library file value (snippets as stored, in order). */
export function exportLibrary(snapshot: LibrarySnapshot, keys?: ReadonlySet<string>): RawLibrary {
  const records = keys
    ? snapshot.records.filter((r) => keys.has(recordKey(r.id, r.version)))
    : snapshot.records;
  return {
    format: LIBRARY_FORMAT,
    ...(snapshot.name !== undefined ? { name: snapshot.name } : {}),
    snippets: records.map((r) => r.snippet),
  };
}

/** The file's text: two-space JSON with a final newline (diff-friendly when kept in version control). */
export const libraryFileText = (library: RawLibrary) => `${JSON.stringify(library, null, 2)}\n`;

export const versionOf = (snippet: RawSnippet): number =>
  typeof snippet.version === "number" ? snippet.version : 1;

export const nextSeq = (records: readonly SnippetRecord[]) =>
  records.reduce((max, r) => Math.max(max, r.seq), -1) + 1;

export const highestVersion = (records: readonly SnippetRecord[], id: string) =>
  records.reduce((max, r) => (r.id === id ? Math.max(max, r.version) : max), 0);

export const findRecord = (records: readonly SnippetRecord[], id: string, version: number) =>
  records.find((r) => r.id === id && r.version === version);

export const isRawSnippet = (value: unknown): value is RawSnippet =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as RawSnippet).id === "string";
