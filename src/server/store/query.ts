import { LIBRARY_FORMAT, type Library, type Snippet } from "../../engine/index";
import { iso, type Sql } from "../db";
import { SEARCH_TEXT } from "../migration-search-text";
import type { SnippetContent, SnippetSummary, VersionStatus } from "../wire";

// Reading a library: a summary list for search and review queues, and the whole library as a
// sectionsmith/library@1 file (what the CLI builds from and what a backup-minded team exports).

export type { SnippetSummary } from "../wire";

export type ListOptions = {
  q?: string;
  status?: VersionStatus;
  limit?: number;
  offset?: number;
  /**
   * Only if this subject is a member of the library (any role may read): the membership check in the
   * same statement, instead of a query of its own before it. No rows then means "not a member, or
   * nothing on this page", which the caller tells apart (routes/snippets.ts).
   */
  member?: string;
};

/** ILIKE pattern matching the text literally (its %, _ and \ are not wildcards). */
export const contains = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What the list shows of a snippet: its head row (store/cached-list.ts reads the same). */
export const SUMMARY_COLUMNS = `s.id, s.owner, s.review_by::text as review_by, s.revision, s.updated_at,
       s.latest_version, s.latest_status, s.title, s.category, s.approved_version`;

export const toSummary = (r: Record<string, unknown>): SnippetSummary => ({
  id: String(r.id),
  title: String(r.title),
  category: r.category === null ? null : String(r.category),
  owner: r.owner === null ? null : String(r.owner),
  reviewBy: r.review_by === null ? null : String(r.review_by),
  revision: Number(r.revision),
  updatedAt: iso(r.updated_at),
  latestVersion: Number(r.latest_version),
  latestStatus: r.latest_status as VersionStatus,
  approvedVersion: r.approved_version === null ? null : Number(r.approved_version),
});

export async function listSnippets(
  db: Sql,
  library: string,
  options: ListOptions = {},
): Promise<SnippetSummary[]> {
  // One table in list order: the head row carries its latest and approved versions (kept by a trigger,
  // migration 3), so a page reads its 50 rows (after skipping `offset` narrow ones) and nothing else.
  const params: unknown[] = [library];
  const param = (value: unknown): string => `$${params.push(value)}`;
  // The page's ids first, from an index alone where it can (an index-only scan skips `offset` entries
  // without reading rows: 1.5 ms instead of 6 ms at offset 9,000 of 10,000), then those rows. The ids
  // go in as an array (= any(array(…)): an InitPlan, then one index lookup each); as `in (…)` the
  // planner was free to join them, and PGlite hashed the page and read every snippet to find its 50.
  let page: string;
  if (options.q) {
    // Search: the latest version's words are in a table of their own (migration 3), lower-cased in one
    // column with a trigram index (migration 4) that serves LIKE '%…%'; lower(pattern) makes that ILIKE.
    // The page is ordered and cut in that table, so the planner picks by how common the words are:
    // the index and a sort of the matches when they are few, the table in id order (stopping at the
    // page's end) when most snippets match. (Before: every match was found and rechecked first, then
    // merged with the whole list: 60–70 ms for a word in half the snippets, 1 ms now.)
    const q = param(contains(options.q));
    // A literal match (contains() escapes the wildcards) that spans two fields contains the line break
    // between them: only a query with a line break needs the fields tested one by one.
    const perField = options.q.includes("\n")
      ? ` and (f.snippet_id ilike ${q} or f.title ilike ${q} or f.description ilike ${q} or f.body ilike ${q})`
      : "";
    const status = options.status
      ? ` and exists (select 1 from snippets p where p.library_id = $1 and p.id = f.snippet_id
           and p.latest_status = ${param(options.status)}::text)`
      : "";
    page = `select f.snippet_id from snippet_search f where f.library_id = $1
         and f.${SEARCH_TEXT} like lower(${q})${perField}${status}
       order by f.snippet_id limit ${param(options.limit ?? 200)} offset ${param(options.offset ?? 0)}`;
  } else {
    // Only the conditions asked for go into the statement (still parameterised), so that the planner is
    // not handed conditions that are always true.
    const status = options.status ? ` and p.latest_status = ${param(options.status)}::text` : "";
    page = `select p.id from snippets p where p.library_id = $1${status}
       order by p.id limit ${param(options.limit ?? 200)} offset ${param(options.offset ?? 0)}`;
  }
  const member = options.member
    ? ` and exists (select 1 from members m where m.library_id = $1 and m.subject = ${param(options.member)})`
    : "";
  const rows = await db.query(
    `select ${SUMMARY_COLUMNS}
     from snippets s
     where s.library_id = $1 and s.id = any(array(${page}))${member}
     order by s.id`,
    params,
  );
  return rows.map(toSummary);
}

/**
 * The approved and deprecated versions as a library file: what documents may be built from. With
 * `unapproved`, drafts and versions in review too (as `draft`: the file format has no review status),
 * for trying out wording before it is approved (`sectionsmith build --include-unapproved`).
 */
export async function exportLibrary(
  db: Sql,
  library: string,
  name: string,
  options: { unapproved?: boolean } = {},
): Promise<Library> {
  const rows = await db.query(
    `select ${LIBRARY_SNIPPET_COLUMNS}
     from snippet_versions v join snippets s on s.library_id = v.library_id and s.id = v.snippet_id
     where v.library_id = $1 and ($2::boolean or v.status in ('approved', 'deprecated'))
     order by v.snippet_id, v.version`,
    [library, options.unapproved === true],
  );
  return { format: LIBRARY_FORMAT, name, snippets: rows.map(librarySnippet) };
}

/** The columns librarySnippet reads, from snippet_versions v joined with snippets s. */
export const LIBRARY_SNIPPET_COLUMNS = `v.snippet_id, v.version, v.status, v.content, v.replaced_by, v.approved_at,
       s.owner, s.review_by::text as review_by`;

/** A version as a library file's snippet (a version in review is a draft there). */
export function librarySnippet(r: Record<string, unknown>): Snippet {
  const s: Snippet = {
    ...(r.content as SnippetContent),
    version: Number(r.version),
    status: r.status === "in_review" ? "draft" : (r.status as Snippet["status"]),
  };
  if (r.owner !== null) s.owner = String(r.owner);
  if (r.review_by !== null) s.reviewBy = String(r.review_by);
  if (r.replaced_by !== null) s.replacedBy = String(r.replaced_by);
  if (r.approved_at) s.updated = iso(r.approved_at);
  return s;
}
