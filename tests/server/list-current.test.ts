import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database, Sql } from "../../src/server/db";
import { migrate, MIGRATIONS } from "../../src/server/migrations";
import { checkSnippet } from "../../src/server/check-snippet";
import { listSnippets } from "../../src/server/store/query";
import { transition } from "../../src/server/store/review";
import { addVersion, createSnippet, getSnippet } from "../../src/server/store/snippets";
import { openTestDatabase, snippet } from "./helpers";

// Migration 3 keeps what the list shows (latest and approved version, title, category, search words)
// on the snippet's head row and in snippet_search, instead of working it out per request. These tests
// compare the list with the versions themselves: after the migration fills in a library that existed
// before it, and after every kind of write that the trigger has to follow.

const LIB = "legal";
const ANA = "ana@x.test";
const BOB = "bob@x.test";
const CY = "cy@x.test";

let db: Database;
let drop: () => Promise<void>;

const ids = async (q: string, extra: { status?: "draft" | "in_review" | "approved" } = {}) =>
  (await listSnippets(db, LIB, { q, ...extra })).map((s) => s.id);

async function approve(id: string, version: number) {
  // The revision is read inside the transaction: PGlite serves one transaction at a time.
  const rev = async (tx: Sql) => (await getSnippet(tx, LIB, id)).revision;
  await db.transaction(async (tx) =>
    transition(tx, {
      library: LIB,
      id,
      version,
      action: "submit",
      ifMatch: await rev(tx),
      actor: BOB,
      role: "author",
    }),
  );
  await db.transaction(async (tx) =>
    transition(tx, {
      library: LIB,
      id,
      version,
      action: "approve",
      ifMatch: await rev(tx),
      actor: CY,
      role: "approver",
    }),
  );
}

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  // A library written before migration 3 existed: migrations 1 and 2 only.
  expect(await migrate(db, MIGRATIONS.slice(0, 2))).toEqual([1, 2]);
  // Written as a server of that time wrote it (today's store functions write today's columns).
  const content = (raw: Record<string, unknown>, id: string, version: number) => {
    const checked = checkSnippet(raw, id, version);
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
    const stored: Record<string, unknown> = { ...checked.snippet };
    delete stored.version;
    delete stored.status;
    return JSON.stringify(stored);
  };
  await db.query("insert into libraries (id, name, created_by) values ($1, 'Legal', $2)", [LIB, ANA]);
  for (const [user, role] of [
    [ANA, "admin"],
    [BOB, "author"],
    [CY, "approver"],
  ])
    await db.query("insert into members (library_id, user_id, role) values ($1, $2, $3)", [LIB, user, role]);
  for (const id of ["nda", "fees"])
    await db.query("insert into snippets (library_id, id, owner) values ($1, $2, $3)", [LIB, id, BOB]);
  const version = (id: string, n: number, raw: Record<string, unknown>, approved: boolean) =>
    db.query(
      `insert into snippet_versions (library_id, snippet_id, version, content, status, created_by,
         submitted_by, approved_by, approved_at)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, case when $9::boolean then now() end)`,
      [
        LIB,
        id,
        n,
        content(raw, id, n),
        approved ? "approved" : "draft",
        BOB,
        approved ? BOB : null,
        approved ? CY : null,
        approved,
      ],
    );
  await version(
    "nda",
    1,
    snippet("nda", "Both parties keep secrets of {{name}}.", {
      title: "Mutual NDA",
      category: "Confidentiality",
    }),
    true,
  );
  // Version 2 (a draft) changes the words: the list shows version 2, approved stays 1.
  await version(
    "nda",
    2,
    {
      title: "Mutual NDA (2024)",
      category: "Privacy",
      variables: [{ name: "name", type: "text" }],
      body: "Each party protects the other's trade information, {{name}}.",
    },
    false,
  );
  await version("fees", 1, snippet("fees", "Invoices are due in 30 days, {{name}}."), false);
  // Migration 3 (head rows, search table), 4 (the lower-cased search text) and 5 (change numbers)
  // fill in what exists; 6 (members keyed on subjects) keeps them as invitations; 7 chains the audit log.
  expect(await migrate(db)).toEqual([3, 4, 5, 6, 7, 8, 9]);
});

afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe("the snippet list after migration 3", () => {
  it("fills in the latest and approved versions of snippets written before it", async () => {
    const list = await listSnippets(db, LIB);
    expect(
      list.map((s) => [s.id, s.title, s.category, s.latestVersion, s.latestStatus, s.approvedVersion]),
    ).toEqual([
      ["fees", "Snippet fees", null, 1, "draft", null],
      ["nda", "Mutual NDA (2024)", "Privacy", 2, "draft", 1], // version 2's
    ]);
  });

  it("searches the latest version's words only, as substrings, case-insensitively, within one field", async () => {
    expect(await ids("trade information")).toEqual(["nda"]);
    expect(await ids("SECRETS")).toEqual([]); // version 1's words: no longer the latest
    expect(await ids("nvoice")).toEqual(["fees"]); // inside a word, as ILIKE always matched
    expect(await ids("(2024)")).toEqual(["nda"]); // the title
    expect(await ids("fe")).toEqual(["fees"]); // shorter than a trigram: the id
    // The search text joins the fields with line breaks; a query spanning two of them matches neither.
    expect(await ids("fees\nSnippet")).toEqual([]);
    expect(await ids("30 days", { status: "approved" })).toEqual([]);
    expect(await ids("30 days", { status: "draft" })).toEqual(["fees"]);
    // Migration 4 matches a lower-cased copy with LIKE lower(…): any case in the query or the text.
    expect(await ids("TRADE Information")).toEqual(["nda"]);
    expect(await ids("mutual nda")).toEqual(["nda"]);
  });

  it("follows every write: new snippets, new versions and status changes", async () => {
    await db.transaction((tx) =>
      createSnippet(tx, LIB, snippet("escrow", "The agent holds the escrow for {{name}}."), BOB),
    );
    expect(await ids("escrow")).toEqual(["escrow"]);
    await approve("fees", 1);
    await approve("nda", 2);
    const list = await listSnippets(db, LIB);
    expect(list.map((s) => [s.id, s.latestVersion, s.latestStatus, s.approvedVersion])).toEqual([
      ["escrow", 1, "draft", null],
      ["fees", 1, "approved", 1],
      ["nda", 2, "approved", 2],
    ]);
    expect(await ids("", { status: "approved" })).toEqual(["fees", "nda"]);
    await db.transaction(async (tx) =>
      addVersion(
        tx,
        LIB,
        "fees",
        {
          title: "Fees",
          variables: [{ name: "name", type: "text" }],
          body: "Invoices are due in 14 days, {{name}}.",
        },
        (await getSnippet(tx, LIB, "fees")).revision,
        BOB,
      ),
    );
    expect(await ids("30 days")).toEqual([]);
    expect(await ids("14 days")).toEqual(["fees"]);
    const fees = (await listSnippets(db, LIB, { q: "14 days" }))[0]!;
    expect([fees.title, fees.latestVersion, fees.latestStatus, fees.approvedVersion]).toEqual([
      "Fees",
      2,
      "draft",
      1,
    ]);
    expect(await ids("", { status: "draft" })).toEqual(["escrow", "fees"]);
  });

  it("pages search results in id order, and takes % and _ literally", async () => {
    await db.transaction(async (tx) => {
      for (const id of ["pct-a", "pct-b", "pct-c", "pct-d"])
        await createSnippet(tx, LIB, snippet(id, `A fee of 5% per month, {{name}} (${id}).`), BOB);
      await createSnippet(tx, LIB, snippet("pct-e", "A fee of 5 per month, {{name}}."), BOB);
    });
    const page = async (limit: number, offset: number) =>
      (await listSnippets(db, LIB, { q: "5% per", limit, offset })).map((s) => s.id);
    expect(await page(2, 0)).toEqual(["pct-a", "pct-b"]);
    expect(await page(2, 2)).toEqual(["pct-c", "pct-d"]);
    expect(await page(2, 4)).toEqual([]);
    expect(await ids("5_per")).toEqual([]);
    expect(await ids("PCT-E")).toEqual(["pct-e"]);
  });

  it("has the trigram index that serves search, on PGlite as on PostgreSQL", async () => {
    const rows = await db.query(
      "select indexdef from pg_indexes where indexname = 'snippet_search_trgm' and schemaname = current_schema()",
    );
    expect(rows).toHaveLength(1);
    // On the lower-cased search text (migration 4), which the search's LIKE reads.
    expect(String(rows[0]!.indexdef)).toMatch(/\(search_text \S*gin_trgm_ops\)/);
  });
});
