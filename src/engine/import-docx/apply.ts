import { validateLibrary } from "../assemble/validate";
import { errorsOf, type Problem } from "../errors/problem";
import { LIBRARY_FORMAT, type VariableType } from "../model/types";
import type { DocxImport, ImportedSnippet, SnippetJson } from "./import-docx";
import { retype, variableJson } from "./variables";

// Accepting an import report: the snippets go into the library whole or not at all. Each duplicate is
// handled as the user chose (skip it, make it a new version of the other snippet, or keep it as a snippet
// of its own); variable types the user changed apply to every snippet that uses the variable. The result
// is checked as any library is (validateLibrary): with an error, nothing is applied.

export type DuplicateChoice = "skip" | "version" | "new";

export type ImportDecisions = {
  /** By imported snippet id. Default: identical → skip; near the library → new version; near this import → new snippet. */
  duplicates?: Readonly<Record<string, DuplicateChoice>>;
  /** By variable name. */
  types?: Readonly<Record<string, VariableType>>;
};

export type LibraryJson = { format: typeof LIBRARY_FORMAT; name?: string; snippets: Array<Record<string, unknown>> };

export type AppliedImport =
  | { ok: true; library: LibraryJson; added: Array<{ id: string; version: number; title: string }>; skipped: string[]; problems: Problem[] }
  | { ok: false; problems: Problem[] };

export function defaultChoice(s: ImportedSnippet): DuplicateChoice | undefined {
  if (!s.duplicate) return undefined;
  if (s.duplicate.identical) return "skip";
  return s.duplicate.of === "library" ? "version" : "new";
}

const versionOf = (s: Record<string, unknown>): number => (typeof s.version === "number" ? s.version : 1);

export function applyImport(
  imports: readonly DocxImport[],
  decisions: ImportDecisions = {},
  existing?: { name?: string; snippets?: unknown[] },
  name?: string,
): AppliedImport {
  const snippets = [...((existing?.snippets ?? []) as Array<Record<string, unknown>>)];
  const highest = new Map<string, number>();
  for (const s of snippets) if (typeof s.id === "string") highest.set(s.id, Math.max(highest.get(s.id) ?? 0, versionOf(s)));
  const added: Array<{ id: string; version: number; title: string }> = [];
  const skipped: string[] = [];
  /** Where an imported snippet went: its id (a new version may take the other snippet's id). */
  const placed = new Map<string, string>();
  for (const imp of imports)
    for (const item of imp.snippets) {
      const choice = decisions.duplicates?.[item.snippet.id] ?? defaultChoice(item);
      let target: string | undefined = item.snippet.id;
      if (choice === "skip") {
        skipped.push(item.snippet.id);
        continue;
      }
      if (choice === "version" && item.duplicate)
        target = item.duplicate.of === "library" ? item.duplicate.id : placed.get(item.duplicate.id);
      const id = target ?? item.snippet.id;
      const isVersion = choice === "version" && target !== undefined;
      const version = isVersion ? (highest.get(id) ?? 0) + 1 : 1;
      // A new snippet whose id the library already has (imported twice, say) becomes a new version of it.
      const finalVersion = !isVersion && highest.has(id) ? highest.get(id)! + 1 : version;
      highest.set(id, finalVersion);
      placed.set(item.snippet.id, id);
      const json: SnippetJson = { ...item.snippet, id, version: finalVersion };
      if (decisions.types) json.variables = item.snippet.variables.map((v) => retyped(v, imp, decisions.types!));
      snippets.push(json as unknown as Record<string, unknown>);
      added.push({ id, version: finalVersion, title: item.snippet.title });
    }
  const library: LibraryJson = {
    format: LIBRARY_FORMAT,
    ...(existing?.name ?? name ? { name: existing?.name ?? name } : {}),
    snippets,
  };
  const checked = validateLibrary(library, { source: name ?? "the imported library" });
  const errors = errorsOf(checked.problems);
  if (errors.length > 0) return { ok: false, problems: checked.problems };
  return { ok: true, library, added, skipped, problems: checked.problems };
}

function retyped(v: Record<string, unknown>, imp: DocxImport, types: Readonly<Record<string, VariableType>>): Record<string, unknown> {
  const name = v.name as string;
  const type = types[name];
  const full = imp.variables.find((x) => x.name === name);
  if (!type || !full) return v;
  return variableJson(retype(full, type));
}
