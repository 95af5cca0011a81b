import { checkChain, entryHash, type ChainCheck, type ChainEntry } from "../audit-chain";
import { iso, type Sql } from "../db";
import type { AuditEntry } from "../wire";

// The append-only audit log: one entry per change, written in the same transaction as the change.
// Sequence numbers are per library and gapless: they come from a counter on the library's row, which
// the transaction holds locked until it commits (a rolled-back change takes its number back with it).
// Database triggers refuse UPDATE, DELETE and TRUNCATE on the log, and a server that runs as a role
// that does not own the tables cannot turn them off (docs/team-library.md); each entry carries a hash
// chained on the one before it (audit-chain.ts), so a rewrite by anyone else shows.

export type { AuditEntry } from "../wire";

export type AuditInput = {
  library: string;
  actor: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
};

/** A value as the log stores it (JSON: undefined is null, a Date its text), which is what the chain hashes. */
const stored = (v: unknown): unknown => (v === undefined ? null : (JSON.parse(JSON.stringify(v)) as unknown));

/**
 * Appends an entry: its seq from the library's counter (the row stays locked until the transaction
 * ends), its time to the millisecond (what the API shows, so that the hash can be checked from it), and
 * its hash chained on the library's last one (audit-chain.ts), which the library's row keeps.
 */
export async function appendAudit(tx: Sql, entry: AuditInput): Promise<number> {
  const [row] = await tx.query<{ audit_last: string | number; audit_head: string | null; at: string }>(
    `update libraries set audit_last = audit_last + 1 where id = $1
     returning audit_last, audit_head, to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`,
    [entry.library],
  );
  const seq = Number(row!.audit_last);
  const chained: ChainEntry = {
    seq,
    at: row!.at,
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    before: stored(entry.before),
    after: stored(entry.after),
  };
  const hash = entryHash(row!.audit_head ?? "", entry.library, chained);
  await tx.query(
    `with entry as (
       insert into audit_log (library_id, seq, at, actor, action, target, before, after, hash)
       values ($1, $2, $3::timestamptz, $4, $5, $6, $7::jsonb, $8::jsonb, $9) returning seq)
     update libraries set audit_head = $9 where id = $1 and exists (select 1 from entry)`,
    [
      entry.library,
      seq,
      chained.at,
      entry.actor,
      entry.action,
      entry.target,
      chained.before === null ? null : JSON.stringify(chained.before),
      chained.after === null ? null : JSON.stringify(chained.after),
      hash,
    ],
  );
  return seq;
}

export async function readAudit(
  db: Sql,
  library: string,
  options: { after?: number; limit?: number } = {},
): Promise<AuditEntry[]> {
  const rows = await db.query(
    `select seq, at, actor, action, target, before, after, hash from audit_log
     where library_id = $1 and seq > $2 order by seq limit $3`,
    [library, options.after ?? 0, options.limit ?? 1000],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    at: iso(r.at),
    actor: String(r.actor),
    action: String(r.action),
    target: String(r.target),
    before: r.before ?? null,
    after: r.after ?? null,
    hash: r.hash === null ? null : String(r.hash),
  }));
}

/** Every entry, oldest first, read a thousand at a time (in the caller's transaction: one snapshot). */
export async function readWholeAudit(db: Sql, library: string): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  for (
    let page = await readAudit(db, library, { limit: 1000 });
    page.length > 0;
    page = await readAudit(db, library, { after: all.at(-1)!.seq, limit: 1000 })
  )
    all.push(...page);
  return all;
}

/**
 * Checks the library's whole log against its chain, and against the library's own count and last hash
 * (entries removed from the end show there); `anchor` is a hash someone kept from an earlier check.
 */
export async function verifyAudit(
  db: Sql,
  library: string,
  anchor?: { seq: number; hash: string },
): Promise<ChainCheck> {
  const entries = await readWholeAudit(db, library);
  const checked = checkChain(library, entries, anchor);
  if (!checked.ok) return checked;
  const [row] = await db.query<{ audit_last: string | number; audit_head: string | null }>(
    "select audit_last, audit_head from libraries where id = $1",
    [library],
  );
  const missing = entries.length + 1;
  if (Number(row!.audit_last) > entries.length)
    return { ok: false, entries: entries.length, seq: missing, problem: `entry ${missing} is missing` };
  if ((row!.audit_head ?? null) !== (checked.head?.hash ?? null))
    return {
      ok: false,
      entries: entries.length,
      seq: entries.length,
      problem: "the library's record of its last hash does not match its last entry",
    };
  return checked;
}

export type Change = Omit<AuditEntry, "before" | "after" | "hash">;

/**
 * What changed after `after` (a changeSeq the client had), for any member: the log's entries without
 * their before and after, so a pane can refresh just the snippets named, and an offline pane can see
 * what happened while it was away, without reading the whole library or the admins' full log.
 */
export async function readChanges(
  db: Sql,
  library: string,
  options: { after?: number; limit?: number; upTo?: number } = {},
): Promise<Change[]> {
  const rows = await db.query(
    `select seq, at, actor, action, target from audit_log
     where library_id = $1 and seq > $2 and ($4::bigint is null or seq <= $4::bigint) order by seq limit $3`,
    [library, options.after ?? 0, options.limit ?? 1000, options.upTo ?? null],
  );
  return rows.map((r) => ({
    seq: Number(r.seq),
    at: iso(r.at),
    actor: String(r.actor),
    action: String(r.action),
    target: String(r.target),
  }));
}

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return:
 * OWASP's "CSV injection") gets a leading apostrophe, which spreadsheets show as text. A sign-in name
 * or a target is whatever the token or the request said.
 */
const inert = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** The log as CSV (RFC 4180: every field quoted, quotes doubled), for a spreadsheet. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const field = (v: unknown) =>
    `"${inert(v === null || v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v)).replace(/"/g, '""')}"`;
  const lines = [["seq", "at", "actor", "action", "target", "before", "after"].map(field).join(",")];
  for (const e of entries)
    lines.push(
      [e.seq, e.at, e.actor, e.action, e.target, e.before, e.after]
        .map((v) => field(typeof v === "number" ? String(v) : v))
        .join(","),
    );
  return lines.join("\r\n") + "\r\n";
}
