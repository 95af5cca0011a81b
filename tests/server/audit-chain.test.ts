import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { migrate, MIGRATIONS } from "../../src/server/migrations";
import { verifyAudit } from "../../src/server/store/audit";
import { expectWithMessage } from "../support/expect-message";
import { openTestDatabase, seedLibrary, snippet, startServer, type TestServer } from "./helpers";

// The audit log is a hash chain: every entry carries a hash chained on the one before, GET …/audit/verify
// checks it (and a hash kept from earlier), and `npm run audit:verify` checks an exported log offline.
// Here the database's owner rewrites, removes and re-chains entries by hand — what the server's own role
// cannot do when it does not own the tables (tests/server/non-owner-role.test.ts) — and every such change
// shows. On either database.

const ANA = "ana@x.test"; // admin
const BOB = "bob@x.test"; // author

let s: TestServer;
const verifier = resolve(".tmp", `verify-audit-test-${process.pid}.mjs`);
const scratch = mkdtempSync(join(tmpdir(), "sectionsmith-audit-"));
beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
  for (const id of ["one", "two", "three"])
    expect((await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet(id) })).status).toBe(201);
  // `npm run audit:verify` as its script builds it (next to the project, so that imports resolve).
  await build({
    entryPoints: ["scripts/verify-audit.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: verifier,
    logLevel: "warning",
  });
}, 60_000);
afterAll(async () => {
  await s.close();
  rmSync(verifier, { force: true });
  rmSync(scratch, { recursive: true, force: true });
});

const verify = async (query = "") => (await s.call(ANA, "GET", `/libraries/legal/audit/verify${query}`)).body;
/** `npm run audit:verify -- FILE [args]`: its exit code and what it printed. */
function verifyOffline(entries: unknown, ...args: string[]): { code: number; out: string } {
  const file = join(scratch, `legal-${Math.random()}.audit.json`);
  writeFileSync(file, JSON.stringify(entries));
  try {
    return { code: 0, out: execFileSync(process.execPath, [verifier, file, ...args], { encoding: "utf8" }) };
  } catch (error) {
    const e = error as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}
/** What only the tables' owner can do: write the log with the append-only trigger off. */
async function asOwner(sql: string, params: unknown[] = []): Promise<void> {
  await s.db.transaction(async (tx) => {
    await tx.query("alter table audit_log disable trigger audit_log_no_update");
    await tx.query(sql, params);
    await tx.query("alter table audit_log enable trigger audit_log_no_update");
  });
}

describe("the audit log's hash chain", () => {
  let kept: { seq: number; hash: string };

  it("gives every entry a hash chained on the one before, and verifies", async () => {
    const log = (await s.call(ANA, "GET", "/libraries/legal/audit")).body;
    expect(log.every((e: { hash: string }) => /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
    expect(new Set(log.map((e: { hash: string }) => e.hash)).size).toBe(log.length);
    const checked = await verify();
    expect(checked).toEqual({
      ok: true,
      entries: log.length,
      head: { seq: log.length, hash: log.at(-1).hash },
    });
    kept = checked.head;
    expect(await verify(`?seq=${kept.seq}&hash=${kept.hash}`)).toMatchObject({ ok: true });
    expect((await s.call(BOB, "GET", "/libraries/legal/audit/verify")).status).toBe(403); // admins only
    const half = await s.call(ANA, "GET", "/libraries/legal/audit/verify?seq=3");
    expect(half.status).toBe(400);
  });

  it("verifies an exported log offline (npm run audit:verify), and names a changed entry", async () => {
    const exported = (await s.call(ANA, "GET", "/libraries/legal/audit/export")).body;
    const holds = verifyOffline(exported);
    expectWithMessage(holds.code, holds.out).toBe(0);
    expect(holds.out).toMatch(new RegExp(`holds: ${exported.entries.length} entries as written`));
    expect(verifyOffline(exported, "--seq", String(kept.seq), "--hash", kept.hash).code).toBe(0);
    const changed = structuredClone(exported);
    changed.entries[2].actor = "mallory@x.test";
    const caught = verifyOffline(changed);
    expect(caught.code).toBe(1);
    expect(caught.out).toMatch(/entry 3 is not the entry that was written/);
    const dropped = structuredClone(exported);
    dropped.entries.splice(1, 1);
    expect(verifyOffline(dropped).out).toMatch(/entry 2 is missing/);
  });

  it("shows an entry the database's owner rewrote", async () => {
    await asOwner("update audit_log set actor = 'mallory@x.test' where library_id = 'legal' and seq = 4");
    expect(await verify()).toMatchObject({
      ok: false,
      seq: 4,
      problem: expect.stringMatching(/not the entry that was written/),
    });
  });

  it("shows a rewrite even when the whole chain was computed again, to whoever kept a hash", async () => {
    // The owner re-chains everything from entry 4 on, as someone who knows the algorithm would.
    const { chainExistingEntries } = await import("../../src/server/migration-audit-chain");
    await s.db.transaction(async (tx) => {
      await tx.query("alter table audit_log disable trigger audit_log_no_update");
      await chainExistingEntries(tx); // recomputes every hash and the library's head, then re-enables
    });
    expect(await verify()).toMatchObject({ ok: true });
    expect(await verify(`?seq=${kept.seq}&hash=${kept.hash}`)).toMatchObject({
      ok: false,
      seq: kept.seq,
      problem: expect.stringMatching(/not the one whose hash you kept/),
    });
  });

  it("shows entries removed from the end", async () => {
    const last = (await verify()).head.seq as number;
    await asOwner("delete from audit_log where library_id = 'legal' and seq = $1", [last]);
    expect(await verify()).toMatchObject({ ok: false, seq: last, problem: `entry ${last} is missing` });
  });
});

describe("migration 7", () => {
  it("chains the entries written before it, so the log verifies from its first entry", async () => {
    const { db, drop } = await openTestDatabase();
    try {
      expect(await migrate(db, MIGRATIONS.slice(0, 6))).toEqual([1, 2, 3, 4, 5, 6]);
      await db.query(
        "insert into libraries (id, name, created_by, audit_last) values ('old', 'Old', 'ana@x.test', 3)",
      );
      for (const [seq, action] of [
        [1, "library.create"],
        [2, "member.add"],
        [3, "snippet.create"],
      ] as const)
        await db.query(
          `insert into audit_log (library_id, seq, actor, action, target, after)
           values ('old', $1, 'ana@x.test', $2, 'library:old', '{"b": 1, "a": [1, {"d": null, "c": "x"}]}')`,
          [seq, action],
        );
      expect(await migrate(db)).toEqual([7, 8, 9]);
      expect(await verifyAudit(db, "old")).toMatchObject({ ok: true, entries: 3 });
      await expect(db.query("update audit_log set actor = 'x'")).rejects.toThrow(/append-only/);
    } finally {
      await db.close();
      await drop();
    }
  });
});
