import { createHash } from "node:crypto";

// The audit log as a hash chain: every entry carries the SHA-256 of the entry before it and of itself, so
// changing, removing or inserting an entry anywhere breaks every hash after it. Whoever keeps a hash (the
// head's, from a verify or an export) can later tell whether anything up to it was rewritten, even by
// someone who recomputed the chain after rewriting it. The chain is defined here once; the server writes
// with it, GET …/audit/verify checks with it, and `npm run audit:verify -- FILE` checks an exported log
// with it, offline.
//
//   hash(entry) = hex(SHA-256(previous hash + "\n" + JSON.stringify([library, seq, at, actor, action,
//                 target, before, after])))
//
// where the first entry's previous hash is "", `at` is the ISO 8601 time with milliseconds as the API
// shows it, and objects in `before` and `after` have their keys in code-point order at every level
// (absent means null).

export type ChainEntry = {
  seq: number;
  at: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};

/** JSON with every object's keys in code-point order, as stored JSON (jsonb) keeps no order of its own. */
export function canonical(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? "null" : canonical(v))).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function entryHash(previous: string, library: string, e: ChainEntry): string {
  const text = `${previous}\n${canonical([library, e.seq, e.at, e.actor, e.action, e.target, e.before ?? null, e.after ?? null])}`;
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export type ChainCheck =
  | { ok: true; entries: number; head: { seq: number; hash: string } | null }
  | { ok: false; entries: number; seq: number; problem: string };

/**
 * Checks entries (all of a library's, oldest first, each with its stored hash): seq 1, 2, 3, … without a
 * gap, every hash as the chain says. `anchor`, a hash kept from earlier, must be the one at its seq.
 */
export function checkChain(
  library: string,
  entries: readonly (ChainEntry & { hash: string | null })[],
  anchor?: { seq: number; hash: string },
): ChainCheck {
  let previous = "";
  for (const [k, e] of entries.entries()) {
    if (e.seq !== k + 1)
      return { ok: false, entries: entries.length, seq: k + 1, problem: `entry ${k + 1} is missing` };
    const expected = entryHash(previous, library, e);
    if (e.hash !== expected)
      return {
        ok: false,
        entries: entries.length,
        seq: e.seq,
        problem: `entry ${e.seq} is not the entry that was written (its hash does not match)`,
      };
    if (anchor && anchor.seq === e.seq && anchor.hash !== e.hash)
      return {
        ok: false,
        entries: entries.length,
        seq: e.seq,
        problem: `entry ${e.seq} is not the one whose hash you kept: the log up to it was rewritten`,
      };
    previous = expected;
  }
  if (anchor && anchor.seq > entries.length)
    return { ok: false, entries: entries.length, seq: anchor.seq, problem: `entry ${anchor.seq} is missing` };
  const last = entries.at(-1);
  return { ok: true, entries: entries.length, head: last ? { seq: last.seq, hash: previous } : null };
}
