import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Database } from "../../src/server/db";
import { openPgliteWorker } from "../../src/server/pglite-worker";

// PGlite in a worker thread (the server's default embedded database, issue 16) behaves as it does
// in-process: rows with Dates and JSON, errors with their SQLSTATE, transactions that commit or roll
// back and hold other statements back while open, a clean close.

let dir: string;
let db: Database;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sectionsmith-worker-"));
  db = await openPgliteWorker(dir);
  await db.exec("create table t (id text primary key, at timestamptz, doc jsonb); create table u (n int)");
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("PGlite in a worker thread", () => {
  it("passes parameters and returns rows with Dates and parsed JSON", async () => {
    const at = new Date("2030-01-02T03:04:05.000Z");
    await db.query("insert into t values ($1, $2, $3)", ["a", at, { words: ["x", 1] }]);
    const rows = await db.query("select id, at, doc from t where id = $1", ["a"]);
    expect(rows).toEqual([{ id: "a", at, doc: { words: ["x", 1] } }]);
    // (Not toBeInstanceOf(Date): under Jest the test's Date is the vm context's, the worker's the thread's.)
    expect(Object.prototype.toString.call(rows[0]!.at)).toBe("[object Date]");
  });

  it("rejects with the database's error fields (a unique violation is 23505)", async () => {
    const error = await db.query("insert into t (id) values ($1)", ["a"]).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", message: expect.stringContaining("duplicate key") });
  });

  it("commits a transaction whose function resolves and returns its value", async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("insert into u values ($1)", [1]);
      return (await tx.query<{ n: number }>("select count(*)::int as n from u"))[0]!.n;
    });
    expect(value).toBe(1);
    expect(await db.query("select n from u")).toEqual([{ n: 1 }]);
  });

  it("rolls back a transaction whose function throws, and rethrows that error", async () => {
    const thrown = new Error("stop");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into u values ($1)", [2]);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    await expect(
      db.transaction(async (tx) => void (await tx.query("insert into t (id) values ($1)", ["a"]))),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await db.query("select n from u order by n")).toEqual([{ n: 1 }]);
  });

  it("runs a statement outside an open transaction after it, as PGlite does in-process", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query("insert into u values ($1)", [3]);
      order.push("tx wrote");
      await held;
      order.push("tx done");
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: number }>("select count(*)::int as n from u").then((rows) => {
      order.push("outside read");
      return rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect(await outside).toBe(2);
    expect(order).toEqual(["tx wrote", "tx done", "outside read"]);
  });

  it("closes, after which a call is refused rather than left hanging", async () => {
    const other = await openPgliteWorker();
    expect(await other.query("select 1 as one")).toEqual([{ one: 1 }]);
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/stopped/);
  });
});
