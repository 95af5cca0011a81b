import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { openPglite, type Database } from "../../src/server/db";

// The embedded database's statements go through prepared statements and node-postgres's protocol
// codec instead of PGlite's query() (src/server/pglite-session.ts). These tests hold that path to what
// query() did: the same values in and out, parameters that stay parameters, errors with their codes,
// transactions that commit or roll back whole, and statements prepared again after DDL.

let db: Database;
beforeAll(async () => {
  db = await openPglite(); // in memory
  await db.exec(
    "create table t (id integer primary key, name text, tags text[], doc jsonb, at timestamptz, day date, ok boolean, big bigint)",
  );
}, 60_000);
afterAll(() => db?.close());

describe("the embedded database's statements", () => {
  it("takes parameters of every type the server uses and gives back the same values", async () => {
    const name = "O'Brien\"; drop table t; --"; // a parameter, never SQL
    await db.query("insert into t values ($1, $2, $3, $4::jsonb, $5, $6::date, $7, $8)", [
      1,
      name,
      ["a", "b,c", 'd"e'],
      JSON.stringify({ x: [1, 2], y: null }),
      "2026-11-27T01:02:03.456Z",
      "2031-01-31",
      true,
      9_007_199_254_740_991,
    ]);
    const [row] = await db.query("select * from t where id = $1 and name = $2", [1, name]);
    expect(row).toEqual({
      id: 1,
      name,
      tags: ["a", "b,c", 'd"e'],
      doc: { x: [1, 2], y: null },
      at: new Date("2026-11-27T01:02:03.456Z"),
      day: expect.any(Date),
      ok: true,
      big: 9_007_199_254_740_991,
    });
    expect(await db.query("select count(*)::int as n from t")).toEqual([{ n: 1 }]);
    expect(await db.query("select $1::text as a, $2::int as b", [null, undefined])).toEqual([
      { a: null, b: null },
    ]);
  });

  it("throws database errors with their code and statement, and goes on serving", async () => {
    const duplicate = await db.query("insert into t (id) values ($1)", [1]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: "23505", query: "insert into t (id) values ($1)", params: [1] });
    const syntax = await db.query("selec 1").catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    expect(await db.query("select 2 as two")).toEqual([{ two: 2 }]);
  });

  it("commits a transaction whole or not at all", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [10, "ten"]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // A failed statement whose error the caller swallowed: COMMIT rolls back, and says so.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [11, "eleven"]);
        await tx.query("insert into t (id) values ($1)", [1]).catch(() => undefined);
      }),
    ).rejects.toMatchObject({ code: "25P02" });
    expect(await db.query("select id from t where id > $1", [1])).toEqual([]);
    await db.transaction((tx) => tx.query("insert into t (id, name) values ($1, $2)", [12, "twelve"]));
    expect(await db.query("select name from t where id = $1", [12])).toEqual([{ name: "twelve" }]);
  });

  it("takes turns: statements sent at once each get their own answer", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0
          ? db.transaction(
              async (tx) => (await tx.query<{ n: number }>("select $1::int + 1 as n", [i]))[0]!.n - 1,
            )
          : db.query<{ n: number }>("select $1::int as n", [i]).then((r) => r[0]!.n),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("prepares statements again after DDL changes what they read", async () => {
    const before = await db.query("select * from t where id = $1", [12]);
    expect(Object.keys(before[0]!)).not.toContain("extra");
    await db.exec("alter table t add column extra text default 'x'");
    expect(await db.query("select * from t where id = $1", [12])).toEqual([
      expect.objectContaining({ extra: "x" }),
    ]);
  });

  it("serves more distinct statements than it keeps prepared", async () => {
    for (let i = 0; i < 520; i++) expect(await db.query(`select ${i} as n`)).toEqual([{ n: i }]);
    expect(await db.query("select 0 as n")).toEqual([{ n: 0 }]);
  });
});
