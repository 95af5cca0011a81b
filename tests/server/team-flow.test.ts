import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { auditCsv, seedLibrary, snippet, startServer, type TestServer } from "./helpers";

// Issue 16's "done when", on the server's side: an author writes and submits, an approver (another
// person) approves, a reader sees it in search and through the change feed without reloading
// everything, inserts it and reports the use (id@version only), and an admin reads who changed what,
// also as CSV. Runs on PGlite in `npm test` and on PostgreSQL in .ci/run.

const ANA = "ana@x.test"; // admin
const BOB = "bob@x.test"; // author
const CY = "cy@x.test"; // approver
const RAY = "ray@x.test"; // reader

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
}, 60_000);
afterAll(() => s.close());

type Change = { seq: number; actor: string; action: string; target: string };

describe("author → review → approve → search → insert → audit", () => {
  it("goes round the whole cycle, and every step is visible to the people who need it", async () => {
    const before = (await s.call(RAY, "GET", "/libraries/legal")).body.changeSeq as number;

    const created = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("nda", 'Both parties keep "secrets" of {{name}}.', { title: "Mutual NDA" }),
    });
    expect(created.status).toBe(201);
    const submitted = await s.call(BOB, "POST", "/libraries/legal/snippets/nda/versions/1/submit", {
      ifMatch: created.etag!,
    });
    expect(submitted.status).toBe(200);
    const queue = await s.call(CY, "GET", "/libraries/legal/snippets?status=in_review");
    expect(queue.body.map((x: { id: string }) => x.id)).toEqual(["nda"]);
    const approved = await s.call(CY, "POST", "/libraries/legal/snippets/nda/versions/1/approve", {
      ifMatch: submitted.etag!,
    });
    expect(approved.status).toBe(200);

    // The reader's pane: what changed since it last looked, then the search.
    const feed = await s.call(RAY, "GET", `/libraries/legal/changes?after=${before}`);
    expect(feed.status).toBe(200);
    expect(feed.body.changeSeq).toBe(before + 3);
    expect(feed.body.changes.map((c: Change) => [c.seq, c.actor, c.action, c.target])).toEqual([
      [before + 1, BOB, "snippet.create", "snippet:nda@1"],
      [before + 2, BOB, "version.submit", "snippet:nda@1"],
      [before + 3, CY, "version.approve", "snippet:nda@1"],
    ]);
    expect(feed.body.changes[0]).not.toHaveProperty("before");
    expect(feed.body.changes[0]).not.toHaveProperty("after");
    const found = await s.call(RAY, "GET", "/libraries/legal/snippets?q=secrets");
    expect(found.body).toEqual([
      expect.objectContaining({
        id: "nda",
        title: "Mutual NDA",
        latestStatus: "approved",
        approvedVersion: 1,
        owner: BOB,
      }),
    ]);

    // Insert with provenance: the version as approved, and the use reported by id@version.
    const version = await s.call(RAY, "GET", "/libraries/legal/snippets/nda/versions/1");
    expect(version.body).toMatchObject({ version: 1, status: "approved", createdBy: BOB, approvedBy: CY });
    const used = await s.call(RAY, "POST", "/libraries/legal/usage", {
      body: { events: [{ snippet: "nda", version: 1, kind: "insert" }] },
    });
    expect(used.status).toBe(202);
    const most = await s.call(BOB, "GET", "/libraries/legal/usage/most-used");
    expect(most.body[0]).toMatchObject({ id: "nda", uses: 1, inserts: 1 });

    // Who changed what: the admin's log, as JSON and as CSV.
    const log = await s.call(ANA, "GET", `/libraries/legal/audit?after=${before}`);
    expect(log.body.map((e: Change) => `${e.actor} ${e.action}`)).toEqual([
      `${BOB} snippet.create`,
      `${BOB} version.submit`,
      `${CY} version.approve`,
    ]);
    const csv = await auditCsv(s, "legal", ANA);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/legal\.audit\.csv/);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe('"seq","at","actor","action","target","before","after"');
    expect(lines.at(-1)).toBe(""); // ends with a line break
    expect(lines).toHaveLength(before + 3 + 2);
    const approveLine = lines[before + 3]!;
    expect(approveLine).toMatch(
      new RegExp(`^"${before + 3}","[^"]+","${CY}","version.approve","snippet:nda@1",`),
    );
    // The created snippet's body, quotes doubled inside the quoted JSON field.
    expect(lines[before + 1]).toContain('""body"":""Both parties keep \\""secrets\\"" of {{name}}.""');
  });

  it("lets every member read the change feed, pages it, and hides it from strangers", async () => {
    const all = await s.call(RAY, "GET", "/libraries/legal/changes");
    const seqs = all.body.changes.map((c: Change) => c.seq);
    expect(seqs).toEqual(seqs.map((_: number, k: number) => k + 1));
    expect(all.body.changeSeq).toBe(seqs.length);
    const page = await s.call(RAY, "GET", "/libraries/legal/changes?after=2&limit=2");
    expect(page.body.changes.map((c: Change) => c.seq)).toEqual([3, 4]);
    const none = await s.call(RAY, "GET", `/libraries/legal/changes?after=${seqs.length}`);
    expect(none.body).toEqual({ changeSeq: seqs.length, changes: [] });
    expect((await s.call("eve@x.test", "GET", "/libraries/legal/changes")).status).toBe(404);
    expect((await s.call(undefined, "GET", "/libraries/legal/changes")).status).toBe(401);
    expect((await s.call(RAY, "GET", "/libraries/legal/audit/export?format=csv")).status).toBe(403);
    expect((await s.call(ANA, "GET", "/libraries/legal/audit/export?format=xml")).status).toBe(400);
  });

  it("filters the list by status and words together, and pages it, in id order", async () => {
    for (const id of ["page-a", "page-b", "page-c", "other-d"]) {
      const body = id.startsWith("page") ? "A paged clause for {{name}}." : "Something else for {{name}}.";
      expect(
        (await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet(id, body) })).status,
      ).toBe(201);
    }
    const etag = (await s.call(BOB, "GET", "/libraries/legal/snippets/page-b")).etag!;
    await s.call(BOB, "POST", "/libraries/legal/snippets/page-b/versions/1/submit", { ifMatch: etag });
    const ids = async (query: string) =>
      (await s.call(RAY, "GET", `/libraries/legal/snippets?${query}`)).body.map((x: { id: string }) => x.id);
    expect(await ids("q=paged")).toEqual(["page-a", "page-b", "page-c"]);
    expect(await ids("q=paged&status=draft")).toEqual(["page-a", "page-c"]);
    expect(await ids("q=paged&status=draft&limit=1&offset=1")).toEqual(["page-c"]);
    expect(await ids("status=in_review")).toEqual(["page-b"]);
    const all = await ids("limit=1000");
    expect(all).toEqual([...all].sort());
    expect(await ids(`limit=2&offset=${all.indexOf("page-a")}`)).toEqual(["page-a", "page-b"]);
    expect(await ids("q=100%25")).toEqual([]); // % is matched literally, not as a wildcard
  });
});
