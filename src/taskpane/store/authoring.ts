// Changes the pane makes to its own library, with the governance rules: an approved (or deprecated)
// snippet is never edited in place — saving it creates the next version as a draft, so the approved text
// stays what documents get until the new version is approved. Drafts are edited in place.

import { findRecord, highestVersion, nextSeq, versionOf } from "./library-file";
import type { Change, HistoryInput, LibrarySnapshot, RawSnippet, SnippetRecord } from "./types";

export type Status = "draft" | "approved" | "deprecated";
export type Edit = { changes: Change[]; history: HistoryInput[]; id: string; version: number };

const statusOf = (s: RawSnippet): Status =>
  s.status === "approved" || s.status === "deprecated" ? s.status : "draft";
const stamp = (s: RawSnippet, now: Date): RawSnippet => ({ ...s, updated: now.toISOString() });

function local(snapshot: LibrarySnapshot, snippet: RawSnippet, seq?: number): SnippetRecord {
  return {
    id: snippet.id,
    version: versionOf(snippet),
    snippet,
    seq: seq ?? nextSeq(snapshot.records),
    origin: "local",
    edited: true,
  };
}

/** A brand-new snippet (its id must be free); it starts as a draft at version 1 unless it says otherwise. */
export function createSnippet(snapshot: LibrarySnapshot, snippet: RawSnippet, now = new Date()): Edit {
  if (snapshot.records.some((r) => r.id === snippet.id))
    throw new Error(`A snippet with the id "${snippet.id}" already exists; choose another id.`);
  const raw = stamp({ ...snippet, version: versionOf(snippet), status: statusOf(snippet) }, now);
  const record = local(snapshot, raw);
  return {
    changes: [{ type: "put", record }],
    history: [{ action: "create", id: record.id, version: record.version }],
    id: record.id,
    version: record.version,
  };
}

/**
 * Saves the editor's content for the snippet at id@version. A draft is replaced; an approved or
 * deprecated one gets a new draft version (highest + 1) and stays as it was.
 */
export function saveSnippet(
  snapshot: LibrarySnapshot,
  id: string,
  version: number,
  edited: RawSnippet,
  now = new Date(),
): Edit {
  const existing = findRecord(snapshot.records, id, version);
  if (!existing) throw new Error(`Snippet ${id}@${version} is no longer in the library.`);
  if (statusOf(existing.snippet) === "draft") {
    const snippet = stamp({ ...edited, id, version, status: "draft" }, now);
    return {
      changes: [{ type: "put", record: { ...existing, snippet, edited: true } }],
      history: [{ action: "edit", id, version }],
      id,
      version,
    };
  }
  const next = highestVersion(snapshot.records, id) + 1;
  const snippet = stamp({ ...edited, id, version: next, status: "draft" }, now);
  return {
    changes: [{ type: "put", record: local(snapshot, snippet) }],
    history: [{ action: "edit", id, version: next, detail: `new draft of approved version ${version}` }],
    id,
    version: next,
  };
}

/** Moves a snippet along draft → approved → deprecated (or back to draft from deprecated). */
export function setStatus(
  snapshot: LibrarySnapshot,
  id: string,
  version: number,
  status: Status,
  now = new Date(),
): Edit {
  const existing = findRecord(snapshot.records, id, version);
  if (!existing) throw new Error(`Snippet ${id}@${version} is no longer in the library.`);
  const snippet = stamp({ ...existing.snippet, status }, now);
  return {
    changes: [{ type: "put", record: { ...existing, snippet, edited: true } }],
    history: [{ action: "status", id, version, detail: `${statusOf(existing.snippet)} → ${status}` }],
    id,
    version,
  };
}

/** A copy under a free id ("<id>-copy", "<id>-copy-2", …) as a version 1 draft. */
export function duplicateSnippet(
  snapshot: LibrarySnapshot,
  id: string,
  version: number,
  now = new Date(),
): Edit {
  const existing = findRecord(snapshot.records, id, version);
  if (!existing) throw new Error(`Snippet ${id}@${version} is no longer in the library.`);
  const ids = new Set(snapshot.records.map((r) => r.id));
  const stem = `${id}-copy`.slice(0, 95);
  let copy = stem;
  for (let n = 2; ids.has(copy); n++) copy = `${stem}-${n}`;
  const title = typeof existing.snippet.title === "string" ? existing.snippet.title : id;
  const snippet = stamp(
    { ...existing.snippet, id: copy, version: 1, status: "draft", title: `${title} (copy)` },
    now,
  );
  const record = local(snapshot, snippet);
  return {
    changes: [{ type: "put", record }],
    history: [{ action: "duplicate", id: copy, version: 1, detail: `from ${id}@${version}` }],
    id: copy,
    version: 1,
  };
}

export function deleteSnippet(snapshot: LibrarySnapshot, id: string, version: number): Edit {
  if (!findRecord(snapshot.records, id, version))
    throw new Error(`Snippet ${id}@${version} is not in the library.`);
  return {
    changes: [{ type: "delete", id, version }],
    history: [{ action: "delete", id, version }],
    id,
    version,
  };
}

/** A new draft version (highest + 1) with the body of `version` and the rest of the latest version. */
export function restoreVersion(
  snapshot: LibrarySnapshot,
  id: string,
  version: number,
  now = new Date(),
): Edit {
  const old = findRecord(snapshot.records, id, version);
  const top = highestVersion(snapshot.records, id);
  const latest = findRecord(snapshot.records, id, top);
  if (!old || !latest) throw new Error(`Snippet ${id}@${version} is not in the library.`);
  const snippet = stamp(
    { ...latest.snippet, body: old.snippet.body, version: top + 1, status: "draft" },
    now,
  );
  return {
    changes: [{ type: "put", record: local(snapshot, snippet) }],
    history: [{ action: "restore", id, version: top + 1, detail: `body of version ${version}` }],
    id,
    version: top + 1,
  };
}

/** First run: the starter library (and any libraries the pane kept before this store existed). */
export function seedChanges(
  snapshot: LibrarySnapshot,
  libraries: ReadonlyArray<{
    name?: string;
    snippets: readonly RawSnippet[];
    origin: "starter" | "imported";
  }>,
): { changes: Change[]; history: HistoryInput[] } {
  if (snapshot.seeded) return { changes: [], history: [] };
  let seq = nextSeq(snapshot.records);
  const changes: Change[] = [];
  // A later library's id@version replaces an earlier one (as the engine's merge does) in the same place.
  const seqs = new Map(snapshot.records.map((r) => [`${r.id}@${r.version}`, r.seq]));
  for (const library of libraries)
    for (const snippet of library.snippets) {
      const key = `${snippet.id}@${versionOf(snippet)}`;
      const at = seqs.get(key) ?? seq++;
      seqs.set(key, at);
      const record: SnippetRecord = {
        id: snippet.id,
        version: versionOf(snippet),
        snippet,
        seq: at,
        origin: library.origin,
        edited: false,
      };
      changes.push({ type: "put", record });
    }
  changes.push({ type: "meta", key: "seeded", value: true });
  if (snapshot.name === undefined)
    changes.push({ type: "meta", key: "name", value: libraries[0]?.name ?? "My library" });
  return { changes, history: [{ action: "seed", detail: `${changes.length - 2} snippets` }] };
}
