// Which text documents get, before and after an import. For every id in the file: the version the
// engine's own selection picks (selectSnippet: approved beats draft beats deprecated, then the highest
// version) among the library's versions as they were, and among them with the import applied
// (importChanges, with the report's choices). Where the text changes, the report says so, naming both
// texts and, when it can tell, their languages: an import never makes another text the one in use
// without the report saying it. An update in another language than the text in use is imported as a
// draft unless the user makes it the one in use (importing a German "Honorar" must not quietly turn
// the English "Pricing" of every new document into German).

import { selectSnippet, type Snippet } from "../../engine/core";
import { sameText } from "./canonical";
import { importChanges, type ImportItem, type ImportReport } from "./import-report";
import { recordKey, type SnippetRecord } from "./types";

export type InUseChange = {
  id: string;
  /** The version documents got before the import. */
  before: SnippetRecord;
  /** The version they get after it. */
  after: SnippetRecord;
  /** The file's item whose text becomes the one in use (when it is the file's text). */
  item?: ImportItem;
  /** ISO 639-3 codes, when they could be told. */
  beforeLanguage?: string;
  afterLanguage?: string;
  /** Both languages are known and differ. */
  otherLanguage: boolean;
};

const statusOf = (r: SnippetRecord) =>
  r.snippet.status === "approved" || r.snippet.status === "deprecated" ? r.snippet.status : "draft";

/** The record the engine would use for `id` among `records`. */
function inUse(records: readonly SnippetRecord[], id: string): SnippetRecord | undefined {
  const own = records.filter((r) => r.id === id);
  // selectSnippet reads id, version and status only.
  const picked = selectSnippet(
    own.map((r) => ({ id: r.id, version: r.version, status: statusOf(r) }) as unknown as Snippet),
    id,
  );
  return picked && own.find((r) => r.version === picked.version);
}

/** The ids whose text in use changes when `report` is applied as it stands (its choices included). */
export function inUseChanges(report: ImportReport): InUseChange[] {
  if (!report.canApply) return [];
  const before = report.library;
  const { changes } = importChanges(report, {
    revision: report.revision,
    seeded: true,
    records: [...before],
  });
  const after = new Map(before.map((r) => [recordKey(r.id, r.version), r]));
  for (const c of changes)
    if (c.type === "put") after.set(recordKey(c.record.id, c.record.version), c.record);
  const afterRecords = [...after.values()];
  const out: InUseChange[] = [];
  for (const id of new Set(before.map((r) => r.id))) {
    const was = inUse(before, id);
    const now = inUse(afterRecords, id);
    if (!was || !now || sameText(was.snippet, now.snippet)) continue;
    const item = report.items.find(
      (i) => i.id === id && i.kind !== "invalid" && sameText(i.snippet, now.snippet),
    );
    const beforeLanguage = report.languages[recordKey(was.id, was.version)];
    const afterLanguage = item?.language ?? languageOfText(report, now);
    out.push({
      id,
      before: was,
      after: now,
      ...(item ? { item } : {}),
      ...(beforeLanguage ? { beforeLanguage } : {}),
      ...(afterLanguage ? { afterLanguage } : {}),
      otherLanguage:
        beforeLanguage !== undefined && afterLanguage !== undefined && beforeLanguage !== afterLanguage,
    });
  }
  return out;
}

/** A library text moved to another version (a conflict's "theirs") keeps the language it had. */
function languageOfText(report: ImportReport, record: SnippetRecord): string | undefined {
  const same = report.library.find((r) => sameText(r.snippet, record.snippet));
  return same ? report.languages[recordKey(same.id, same.version)] : undefined;
}

/**
 * The report with its safe defaults: an update that would put a text in another language in use is
 * imported as a draft ("draft"); the user may still choose to use it. Other choices are left as they are.
 */
export function withDefaultChoices(report: ImportReport): ImportReport {
  // Again after each round: with one update a draft, the file's next-highest version may come up.
  for (let round = 0; round < report.items.length; round++) {
    const foreign = new Set(
      inUseChanges(report)
        .filter((c) => c.otherLanguage && c.item?.kind === "updated" && c.item.choice === undefined)
        .map((c) => c.item!.path),
    );
    if (foreign.size === 0) break;
    report = {
      ...report,
      items: report.items.map((i) => (foreign.has(i.path) ? { ...i, choice: "draft" as const } : i)),
    };
  }
  return report;
}
