// What an import would do, worked out before anything is written: every snippet of the file is new,
// updated, unchanged, conflicting or invalid. A conflict is an id@version the library already holds with
// other content (whoever wrote it: the starter library, an earlier import or the user): one id@version
// must mean one text, so neither text is dropped. By default both are kept — the library's at its
// version, the file's as a new draft version beside it; the user may instead keep only theirs, or take
// the file's text at that version (the library's then moves to the new draft version, so history keeps
// it). Text the library already holds at another version is unchanged, not a new version (importing a
// file twice adds nothing). Which text documents get after the import is worked out in import-in-use.ts:
// an update in another language is imported as a draft unless the user makes it the one in use.
// The report is applied all or nothing, and only when nothing is invalid.

import type { Problem, ParseResult, Library } from "../../engine/core";
import { sameContent, sameText } from "./canonical";
import { findRecord, highestVersion, isRawSnippet, nextSeq, versionOf } from "./library-file";
import {
  recordKey,
  type Change,
  type HistoryInput,
  type LibrarySnapshot,
  type RawSnippet,
  type SnippetRecord,
} from "./types";

export type ImportKind = "new" | "updated" | "unchanged" | "conflicting" | "invalid";

/**
 * What to do with a conflict: "both" (default) keeps the library's text at id@version and the file's as
 * version keptAs (draft); "mine" keeps the library's only; "theirs" puts the file's text at id@version and
 * keeps the library's as version keptAs (draft).
 */
export type ConflictChoice = "both" | "mine" | "theirs";

/**
 * For an update that would change the text documents get: "use" (the file's version is imported as it
 * is, and is used) or "draft" (imported as a draft: the library's version stays the one in use).
 */
export type UpdateChoice = "use" | "draft";

/** ISO 639-3 code of a text's language ("eng", "deu"), or undefined when it cannot be told. */
export type LanguageOf = (snippet: RawSnippet) => string | undefined;

export type ImportItem = {
  kind: ImportKind;
  id: string;
  version: number;
  title: string;
  /** JSON path of the snippet in the file ("snippets[3]"). */
  path: string;
  snippet: RawSnippet;
  /** What the store holds at that id@version, for updated / conflicting / unchanged. */
  existing?: SnippetRecord;
  /** Unchanged: the library's version holding the same text (another version than the file's). */
  sameAs?: number;
  /** For a conflict: the version the file's text will be kept under. */
  keptAs?: number;
  /** A conflict's choice (absent: "both"), or an update's (absent: "use"). */
  choice?: ConflictChoice | UpdateChoice;
  /** The language of the file's text (LanguageOf), when it could be told. */
  language?: string;
  problems: Problem[];
};

export type ImportReport = {
  source: string;
  name?: string;
  items: ImportItem[];
  /** Every error in the file, with its path (and line/column inside a body). */
  errors: Problem[];
  warnings: Problem[];
  /** Nothing invalid: the import can be applied (all of it). */
  canApply: boolean;
  /** The store revision the report was made against. */
  revision: number;
  /** The library's versions of the ids in the file, as they were: what is in use before the import. */
  library: SnippetRecord[];
  /** The language of each of those versions (by recordKey), when it could be told. */
  languages: Record<string, string>;
};

export type Validate = (input: unknown, options: { source?: string }) => ParseResult<Library>;

/** Builds the report for `input` (the file's text or parsed JSON) against the store's snapshot. */
export function buildImportReport(
  input: unknown,
  source: string,
  snapshot: LibrarySnapshot,
  validate: Validate,
  languageOf?: LanguageOf,
): ImportReport {
  const result = validate(input, { source });
  const errors = result.problems.filter((p) => p.severity === "error");
  const warnings = result.problems.filter((p) => p.severity !== "error");
  let raw: unknown = input;
  if (typeof input === "string") {
    try {
      raw = JSON.parse(input.replace(/^\uFEFF/, ""));
    } catch {
      raw = undefined;
    }
  }
  const file = raw as { name?: unknown; snippets?: unknown } | undefined;
  const list = Array.isArray(file?.snippets) ? (file.snippets as unknown[]) : [];
  const items: ImportItem[] = [];
  // Versions handed out to conflicting snippets, so two conflicts of one id do not collide.
  const taken = new Map<string, number>();
  list.forEach((value, k) => {
    const path = `snippets[${k}]`;
    const problems = errors.filter(
      (p) => p.path === path || p.path.startsWith(`${path}.`) || p.path.startsWith(`${path}[`),
    );
    if (!isRawSnippet(value)) {
      items.push({
        kind: "invalid",
        id: "?",
        version: 0,
        title: "?",
        path,
        snippet: value as RawSnippet,
        problems,
      });
      return;
    }
    const version = versionOf(value);
    const title = typeof value.title === "string" ? value.title : value.id;
    const base = { id: value.id, version, title, path, snippet: value, problems };
    if (problems.length > 0) {
      items.push({ ...base, kind: "invalid" });
      return;
    }
    const existing = findRecord(snapshot.records, value.id, version);
    const twin = existing && sameContent(existing.snippet, value) ? undefined : sameTextIn(snapshot, value);
    if (twin) items.push({ ...base, kind: "unchanged", existing: twin, sameAs: twin.version });
    else if (!existing) {
      const had = highestVersion(snapshot.records, value.id);
      items.push({ ...base, kind: had > 0 && version > had ? "updated" : "new" });
    } else if (sameContent(existing.snippet, value)) items.push({ ...base, kind: "unchanged", existing });
    else {
      const inFile = list.reduce<number>(
        (max, s) => (isRawSnippet(s) && s.id === value.id ? Math.max(max, versionOf(s)) : max),
        0,
      );
      const keptAs =
        Math.max(highestVersion(snapshot.records, value.id), inFile, taken.get(value.id) ?? 0) + 1;
      taken.set(value.id, keptAs);
      items.push({ ...base, kind: "conflicting", existing, keptAs });
    }
  });
  const ids = new Set(items.map((i) => i.id));
  const library = snapshot.records.filter((r) => ids.has(r.id));
  const languages: Record<string, string> = {};
  if (languageOf) {
    for (const r of library) {
      const language = languageOf(r.snippet);
      if (language) languages[recordKey(r.id, r.version)] = language;
    }
    for (const item of items) {
      const language = item.kind === "invalid" ? undefined : languageOf(item.snippet);
      if (language) item.language = language;
    }
  }
  return {
    source,
    ...(typeof file?.name === "string" ? { name: file.name } : {}),
    items,
    errors,
    warnings,
    canApply: errors.length === 0 && result.ok,
    revision: snapshot.revision,
    library,
    languages,
  };
}

/** A version of the snippet's id that already holds its text (ignoring version, status, updated). */
function sameTextIn(snapshot: LibrarySnapshot, snippet: RawSnippet): SnippetRecord | undefined {
  return snapshot.records.find((r) => r.id === snippet.id && sameText(r.snippet, snippet));
}

/** The store changes that apply a report (empty when it cannot be applied). */
export function importChanges(
  report: ImportReport,
  snapshot: LibrarySnapshot,
): { changes: Change[]; history: HistoryInput[] } {
  if (!report.canApply) return { changes: [], history: [] };
  let seq = nextSeq(snapshot.records);
  const changes: Change[] = [];
  const history: HistoryInput[] = [];
  for (const item of report.items) {
    if (item.kind === "new" || item.kind === "updated") {
      const asDraft = item.choice === "draft";
      const record: SnippetRecord = {
        id: item.id,
        version: item.version,
        snippet: asDraft ? { ...item.snippet, status: "draft" } : item.snippet,
        seq: item.existing?.seq ?? seq++,
        origin: "imported",
        edited: false,
      };
      changes.push({ type: "put", record });
      history.push({
        action: "import",
        id: item.id,
        version: item.version,
        detail: asDraft
          ? `${item.kind} from ${report.source}, imported as a draft (the version in use stays)`
          : `${item.kind} from ${report.source}`,
      });
    } else if (item.kind === "conflicting" && item.keptAs !== undefined && item.existing) {
      const choice = (item.choice as ConflictChoice | undefined) ?? "both";
      if (choice === "mine") {
        history.push({
          action: "import",
          id: item.id,
          version: item.version,
          detail: `conflict: kept the library's version ${item.version}; ${report.source}'s text not imported`,
        });
        continue;
      }
      // The text that moves to the new draft version: the file's ("both") or the library's ("theirs").
      const moved: RawSnippet = choice === "theirs" ? item.existing.snippet : item.snippet;
      changes.push({
        type: "put",
        record: {
          id: item.id,
          version: item.keptAs,
          snippet: { ...moved, version: item.keptAs, status: "draft" },
          seq: seq++,
          origin: choice === "theirs" ? item.existing.origin : "imported",
          edited: choice === "theirs" ? item.existing.edited : false,
        },
      });
      if (choice === "theirs")
        changes.push({
          type: "put",
          record: { ...item.existing, snippet: item.snippet, origin: "imported", edited: false },
        });
      history.push({
        action: "import",
        id: item.id,
        version: item.keptAs,
        detail:
          choice === "theirs"
            ? `conflict: ${report.source}'s text took version ${item.version}; the library's text kept as draft version ${item.keptAs}`
            : `conflict with version ${item.version}; ${report.source}'s text kept as draft version ${item.keptAs}`,
      });
    }
  }
  if (snapshot.records.length === 0 && snapshot.name === undefined && report.name !== undefined)
    changes.push({ type: "meta", key: "name", value: report.name });
  return { changes, history };
}

export const countByKind = (report: ImportReport): Record<ImportKind, number> => {
  const counts: Record<ImportKind, number> = { new: 0, updated: 0, unchanged: 0, conflicting: 0, invalid: 0 };
  for (const item of report.items) counts[item.kind]++;
  return counts;
};

/** The report with the user's choice for each conflict and update (by path), ready for importChanges. */
export function withChoices(
  report: ImportReport,
  choices: Readonly<Record<string, ConflictChoice | UpdateChoice>>,
): ImportReport {
  return {
    ...report,
    items: report.items.map((i) =>
      (i.kind === "conflicting" || i.kind === "updated") && choices[i.path]
        ? { ...i, choice: choices[i.path] }
        : i,
    ),
  };
}
