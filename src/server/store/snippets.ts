import type { Snippet } from "../../engine/index";
import { checkSnippet, includedIds } from "../check-snippet";
import { iso, type Sql } from "../db";
import { ApiError, notFound, snippetInvalid } from "../errors";
import type { SnippetContent, SnippetView, VersionStatus, VersionView } from "../wire";
import { appendAudit } from "./audit";
import { nameOf, subjectOf, type Actor } from "./members";
import { checkRevision, type IfMatch } from "./revision";

// Snippets: a head row (owner, review-by date, revision) and immutable versions. A version's content
// never changes once written; what changes is its status (draft → in_review → approved → deprecated),
// and every change of either bumps the head's revision, which If-Match guards.

// The wire types (src/server/wire.ts) are the one definition; the store's names stay for its callers.
export type { SnippetContent, SnippetView, VersionStatus, VersionView } from "../wire";

export const VERSION_STATUSES = [
  "draft",
  "in_review",
  "approved",
  "deprecated",
] as const satisfies readonly VersionStatus[];
// Every status of the wire type is listed (the database check and the OpenAPI enum come from this list).
const everyStatus: Exclude<VersionStatus, (typeof VERSION_STATUSES)[number]> extends never ? true : never =
  true;
void everyStatus;

/** Fields of a library file's snippet that the server keeps itself (head row, version row). */
const SERVER_MANAGED = ["version", "status", "owner", "reviewBy", "replacedBy", "updated"] as const;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export const versionView = (r: Record<string, unknown>): VersionView => ({
  version: Number(r.version),
  status: r.status as VersionStatus,
  createdBy: String(r.created_by),
  createdAt: iso(r.created_at),
  submittedBy: str(r.submitted_by),
  approvedBy: str(r.approved_by),
  approvedAt: r.approved_at ? iso(r.approved_at) : null,
  replacedBy: str(r.replaced_by),
  comment: str(r.comment),
  snippet: r.content as SnippetContent,
});

const HEAD =
  "select library_id, id, owner, review_by::text as review_by, revision, created_at, updated_at from snippets";

export async function getSnippet(db: Sql, library: string, id: string): Promise<SnippetView> {
  const [head] = await db.query(`${HEAD} where library_id = $1 and id = $2`, [library, id]);
  if (!head) throw notFound(`Snippet "${id}"`);
  const versions = await db.query(
    "select * from snippet_versions where library_id = $1 and snippet_id = $2 order by version",
    [library, id],
  );
  return {
    library,
    id,
    owner: str(head.owner),
    reviewBy: str(head.review_by),
    revision: Number(head.revision),
    createdAt: iso(head.created_at),
    updatedAt: iso(head.updated_at),
    versions: versions.map(versionView),
  };
}

/** Locks the snippet's head for this transaction and checks the revision the writer read. */
export async function lockSnippet(
  tx: Sql,
  library: string,
  id: string,
  ifMatch: IfMatch | number,
): Promise<SnippetView> {
  const [head] = await tx.query(
    "select revision from snippets where library_id = $1 and id = $2 for update",
    [library, id],
  );
  if (!head) throw notFound(`Snippet "${id}"`);
  const current = await getSnippet(tx, library, id);
  await checkRevision(Number(head.revision), ifMatch, async () => current);
  return current;
}

export async function touch(tx: Sql, library: string, id: string): Promise<void> {
  await tx.query(
    "update snippets set revision = revision + 1, updated_at = now() where library_id = $1 and id = $2",
    [library, id],
  );
}

/**
 * The latest version of each snippet a body includes, and of each those include, and so on: the context
 * for the check, which follows an include into the snippets it includes (a → b → c needs c to check a).
 * Versions in review count as drafts. INCLUDE_LEVELS is past the engine's own limit on nesting (10), which
 * it reports as LIMIT_INCLUDE_DEPTH; each level is one query.
 */
const INCLUDE_LEVELS = 12;

async function includedSnippets(tx: Sql, library: string, body: unknown): Promise<Snippet[]> {
  const found = new Map<string, Snippet>();
  let wanted = includedIds(body);
  for (let depth = 0; wanted.length > 0 && depth < INCLUDE_LEVELS; depth++) {
    const rows = await tx.query(
      `select distinct on (snippet_id) snippet_id, version, status, content from snippet_versions
       where library_id = $1 and snippet_id = any($2::text[]) order by snippet_id, version desc`,
      [library, wanted],
    );
    const next = new Set<string>();
    for (const r of rows) {
      const snippet: Snippet = {
        ...(r.content as SnippetContent),
        version: Number(r.version),
        status: r.status === "in_review" ? "draft" : (r.status as Snippet["status"]),
      };
      found.set(snippet.id, snippet);
      for (const id of includedIds(snippet.body)) if (!found.has(id)) next.add(id);
    }
    wanted = [...next].filter((id) => !found.has(id));
  }
  return [...found.values()];
}

/** Runs the engine's check; 422 SNIPPET_INVALID with its problems when the snippet has errors. */
async function checked(
  tx: Sql,
  library: string,
  raw: unknown,
  id: string,
  version: number,
): Promise<{ content: SnippetContent; full: Snippet }> {
  const body = (raw as { body?: unknown } | null)?.body;
  const result = checkSnippet(raw, id, version, await includedSnippets(tx, library, body));
  if (!result.ok) throw snippetInvalid(result.problems);
  const content: Record<string, unknown> = { ...result.snippet };
  for (const key of SERVER_MANAGED) delete content[key];
  return { content: content as SnippetContent, full: result.snippet };
}

async function insertVersion(
  tx: Sql,
  library: string,
  id: string,
  version: number,
  content: SnippetContent,
  actor: Actor,
) {
  await tx.query(
    `insert into snippet_versions (library_id, snippet_id, version, content, status, created_by, created_by_subject)
     values ($1, $2, $3, $4::jsonb, 'draft', $5, $6)`,
    [library, id, version, JSON.stringify(content), nameOf(actor), subjectOf(actor)],
  );
}

export async function createSnippet(
  tx: Sql,
  library: string,
  raw: Record<string, unknown>,
  actor: Actor,
): Promise<SnippetView> {
  const id = String(raw.id);
  // Creations in one library take turns on its row, so two authors creating the same id at once get
  // one 201 and one 409 rather than a unique-key failure. NO KEY UPDATE: it waits for another creation
  // but not for the shared lock every change holds (routes/common.ts), which a FOR UPDATE here would
  // deadlock with (two creations each holding it shared and waiting for the other).
  await tx.query("select 1 from libraries where id = $1 for no key update", [library]);
  const { content, full } = await checked(tx, library, raw, id, 1);
  // ISO 8601 has a year 0000; PostgreSQL's dates start at year 1.
  if (full.reviewBy?.startsWith("0000"))
    throw new ApiError(400, "INVALID_REQUEST", "reviewBy must be a date from year 1 on", {
      problems: [{ path: "reviewBy", message: "a date from year 1 on" }],
    });
  const exists = await tx.query("select 1 from snippets where library_id = $1 and id = $2", [library, id]);
  if (exists.length > 0)
    throw new ApiError(
      409,
      "ALREADY_EXISTS",
      `Snippet "${id}" already exists: add a version to it (POST …/snippets/${id}/versions) or choose another id`,
      {
        current: await getSnippet(tx, library, id),
      },
    );
  await tx.query("insert into snippets (library_id, id, owner, review_by) values ($1, $2, $3, $4::date)", [
    library,
    id,
    full.owner ?? nameOf(actor),
    full.reviewBy ?? null,
  ]);
  await insertVersion(tx, library, id, 1, content, actor);
  const after = await getSnippet(tx, library, id);
  await appendAudit(tx, {
    library,
    actor: nameOf(actor),
    action: "snippet.create",
    target: `snippet:${id}@1`,
    after,
  });
  return after;
}

export async function addVersion(
  tx: Sql,
  library: string,
  id: string,
  raw: unknown,
  ifMatch: IfMatch | number,
  actor: Actor,
): Promise<SnippetView> {
  const before = await lockSnippet(tx, library, id, ifMatch);
  const version = Math.max(0, ...before.versions.map((v) => v.version)) + 1;
  const { content } = await checked(tx, library, raw, id, version);
  await insertVersion(tx, library, id, version, content, actor);
  await touch(tx, library, id);
  const after = await getSnippet(tx, library, id);
  await appendAudit(tx, {
    library,
    actor: nameOf(actor),
    action: "version.create",
    target: `snippet:${id}@${version}`,
    before: null,
    after: after.versions.at(-1),
  });
  return after;
}

export async function updateHead(
  tx: Sql,
  library: string,
  id: string,
  change: { owner?: string | null; reviewBy?: string | null },
  ifMatch: IfMatch | number,
  actor: Actor,
): Promise<SnippetView> {
  const before = await lockSnippet(tx, library, id, ifMatch);
  await tx.query(
    `update snippets set owner = case when $3::boolean then $4::text else owner end,
       review_by = case when $5::boolean then $6::date else review_by end where library_id = $1 and id = $2`,
    [library, id, "owner" in change, change.owner ?? null, "reviewBy" in change, change.reviewBy ?? null],
  );
  await touch(tx, library, id);
  const after = await getSnippet(tx, library, id);
  await appendAudit(tx, {
    library,
    actor: nameOf(actor),
    action: "snippet.update",
    target: `snippet:${id}`,
    before: { owner: before.owner, reviewBy: before.reviewBy },
    after: { owner: after.owner, reviewBy: after.reviewBy },
  });
  return after;
}
