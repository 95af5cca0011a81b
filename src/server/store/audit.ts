import { iso, type Sql } from "../db";
import type { AuditEntry } from "../wire";

// The append-only audit log: one entry per change, written in the same transaction as the change.
// Sequence numbers are per library and gapless: they come from a counter on the library's row, which
// the transaction holds locked until it commits (a rolled-back change takes its number back with it).
// Database triggers refuse UPDATE, DELETE and TRUNCATE on the log.

export type { AuditEntry } from "../wire";

export type AuditInput = {
  library: string;
  actor: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
};

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

export async function appendAudit(tx: Sql, entry: AuditInput): Promise<number> {
  const [row] = await tx.query<{ audit_last: string | number }>(
    "update libraries set audit_last = audit_last + 1 where id = $1 returning audit_last",
    [entry.library],
  );
  const seq = Number(row!.audit_last);
  await tx.query(
    `insert into audit_log (library_id, seq, actor, action, target, before, after)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)`,
    [entry.library, seq, entry.actor, entry.action, entry.target, json(entry.before), json(entry.after)],
  );
  return seq;
}

export async function readAudit(
  db: Sql,
  library: string,
  options: { after?: number; limit?: number } = {},
): Promise<AuditEntry[]> {
  const rows = await db.query(
    `select seq, at, actor, action, target, before, after from audit_log
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
  }));
}

export type Change = Omit<AuditEntry, "before" | "after">;

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
