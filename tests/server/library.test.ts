import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { parseLibrary } from "../../src/engine/index";
import { seedLibrary, snippet, startServer, type TestServer } from "./helpers";

// The team library's rules through the HTTP API: roles, the review cycle with four eyes, If-Match,
// the engine's checks on snippet bodies, the audit log and the export.

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
}, 60_000); // PGlite's first start (WebAssembly, initdb) is slow on a busy machine
afterAll(() => s.close());

const ANA = "ana@x.test"; // admin
const BOB = "bob@x.test"; // author
const CY = "cy@x.test"; // approver
const DEE = "dee@x.test"; // approver
const RAY = "ray@x.test"; // reader

describe("roles", () => {
  it("lists a member's libraries with their role, and hides libraries from non-members (404)", async () => {
    const me = await s.call(BOB, "GET", "/me");
    expect(me.body.libraries.map((l: { id: string; role: string }) => [l.id, l.role])).toEqual([
      ["legal", "author"],
    ]);
    const stranger = await s.call("eve@x.test", "GET", "/libraries/legal/snippets");
    expect(stranger.status).toBe(404);
    expect(stranger.body.code).toBe("NOT_FOUND");
  });

  it("answers 403 with what role is needed when a reader writes", async () => {
    const r = await s.call(RAY, "POST", "/libraries/legal/snippets", { body: snippet("by-reader") });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "FORBIDDEN" });
    expect(r.body.message).toMatch(/needs the author role.*you are reader.*admins/);
  });

  it("lets only admins change members, and never removes the last admin", async () => {
    const members = await s.call(ANA, "GET", "/libraries/legal/members");
    expect(members.body.members).toHaveLength(5);
    expect(members.body.library.changeSeq).toBe(5); // created, then four members added
    const byAuthor = await s.call(BOB, "PUT", "/libraries/legal/members/zed@x.test", {
      body: { role: "admin" },
      ifMatch: members.etag!,
    });
    expect(byAuthor.status).toBe(403);
    const demote = await s.call(ANA, "PUT", `/libraries/legal/members/${ANA}`, {
      body: { role: "reader" },
      ifMatch: members.etag!,
    });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe("INVALID_TRANSITION");
    expect((await s.call(ANA, "GET", "/me")).body.libraries[0].role).toBe("admin");
  });
});

describe("snippets and the engine's checks", () => {
  it("creates version 1 as a draft owned by its author, with an ETag", async () => {
    const r = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("greeting", "Hello {{name}}.", { reviewBy: "2030-01-01" }),
    });
    expect(r.status).toBe(201);
    expect(r.etag).toBe('"1"');
    expect(r.body).toMatchObject({ id: "greeting", owner: BOB, reviewBy: "2030-01-01", revision: 1 });
    expect(r.body.versions).toHaveLength(1);
    expect(r.body.versions[0]).toMatchObject({ version: 1, status: "draft", createdBy: BOB });
    expect(r.body.versions[0].snippet).toMatchObject({ id: "greeting", kind: "body", tags: [] });
  });

  it("refuses a malicious body with the engine's problem codes (422)", async () => {
    const script = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("evil", "Hi <script>alert(1)</script> {{name}}"),
    });
    expect(script.status).toBe(422);
    expect(script.body.code).toBe("SNIPPET_INVALID");
    expect(script.body.problems.map((p: { code: string }) => p.code)).toContain("MARKDOWN_HTML");
    const link = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("evil", "[click](javascript:alert(1)) {{name}}"),
    });
    expect(link.status).toBe(422);
    expect(link.body.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "MARKDOWN_LINK_SCHEME", path: "body" })]),
    );
    expect((await s.call(BOB, "GET", "/libraries/legal/snippets/evil")).status).toBe(404);
  });

  it("reports schema errors with the engine's codes too, and checks includes against the library", async () => {
    const noTitle = await s.call(BOB, "POST", "/libraries/legal/snippets", { body: { id: "t", body: "x" } });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "FIELD_REQUIRED", path: "title" })]),
    );
    const badInclude = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("wrapper", "{{> missing}}", { variables: [] }),
    });
    expect(badInclude.status).toBe(422);
    const goodInclude = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("wrapper", "Intro. {{> greeting}}", { variables: [] }),
    });
    expect(goodInclude.status).toBe(201);
  });

  it("of authors creating the same id at once, one gets 201 and the others 409", async () => {
    const replies = await Promise.all(
      [BOB, CY, DEE].map((u) =>
        s.call(u, "POST", "/libraries/legal/snippets", { body: snippet("same-time") }),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.code === "ALREADY_EXISTS")).toBe(true);
  });

  it("needs If-Match to write (428), and answers a stale one with 409 and the current snippet", async () => {
    const none = await s.call(BOB, "POST", "/libraries/legal/snippets/greeting/versions", {
      body: { title: "G", body: "Hi {{name}}", variables: [{ name: "name", type: "text" }] },
    });
    expect(none.status).toBe(428);
    expect(none.body.code).toBe("IF_MATCH_REQUIRED");
    const v2 = await s.call(BOB, "POST", "/libraries/legal/snippets/greeting/versions", {
      body: { title: "Greeting", body: "Hi {{name}}!", variables: [{ name: "name", type: "text" }] },
      ifMatch: 1,
    });
    expect(v2.status).toBe(201);
    expect(v2.etag).toBe('"2"');
    const stale = await s.call(CY, "PATCH", "/libraries/legal/snippets/greeting", {
      body: { owner: "cy@x.test" },
      ifMatch: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("STALE_REVISION");
    expect(stale.body.current).toMatchObject({ id: "greeting", revision: 2, owner: BOB });
    expect(stale.body.current.versions).toHaveLength(2);
    // Version 1 is unchanged by the new version: versions are immutable.
    const v1 = await s.call(RAY, "GET", "/libraries/legal/snippets/greeting/versions/1");
    expect(v1.body.snippet.body).toBe("Hello {{name}}.");
  });

  it("of concurrent writers that read the same revision, exactly one wins", async () => {
    const head = await s.call(BOB, "GET", "/libraries/legal/snippets/greeting");
    const writes = await Promise.all(
      [CY, DEE, BOB, ANA, CY, DEE].map((user, k) =>
        s.call(user, "PATCH", "/libraries/legal/snippets/greeting", {
          body: { reviewBy: `2031-01-0${k + 1}` },
          ifMatch: head.etag!,
        }),
      ),
    );
    expect(writes.filter((w) => w.status === 200)).toHaveLength(1);
    expect(writes.filter((w) => w.status === 409)).toHaveLength(5);
    const after = await s.call(BOB, "GET", "/libraries/legal/snippets/greeting");
    expect(after.body.revision).toBe(head.body.revision + 1);
  });
});

describe("review cycle", () => {
  const act = (user: string, version: number, action: string, ifMatch: string, body?: unknown) =>
    s.call(user, "POST", `/libraries/legal/snippets/greeting/versions/${version}/${action}`, {
      ifMatch,
      ...(body ? { body } : {}),
    });
  const etagOf = async () => (await s.call(BOB, "GET", "/libraries/legal/snippets/greeting")).etag!;

  it("submit → four eyes → approve; an author cannot approve", async () => {
    const submitted = await act(BOB, 1, "submit", await etagOf());
    expect(submitted.status).toBe(200);
    expect(submitted.body.versions[0]).toMatchObject({ status: "in_review", submittedBy: BOB });
    const byAuthor = await act(BOB, 1, "approve", submitted.etag!);
    expect(byAuthor.status).toBe(403);
    expect(byAuthor.body.message).toMatch(/approver role/);
    const approved = await act(CY, 1, "approve", submitted.etag!);
    expect(approved.status).toBe(200);
    expect(approved.body.versions[0]).toMatchObject({ status: "approved", approvedBy: CY });
  });

  it("an approver cannot approve a version they wrote or submitted (four eyes)", async () => {
    const v3 = await s.call(CY, "POST", "/libraries/legal/snippets/greeting/versions", {
      body: { title: "Greeting", body: "Good day, {{name}}.", variables: [{ name: "name", type: "text" }] },
      ifMatch: await etagOf(),
    });
    expect(v3.status).toBe(201);
    const submitted = await act(CY, 3, "submit", v3.etag!);
    const own = await act(CY, 3, "approve", submitted.etag!);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe("FOUR_EYES");
    expect(own.body.message).toMatch(/another approver/);
    const sentBack = await act(DEE, 3, "reject", submitted.etag!);
    expect(sentBack.status).toBe(400); // a comment is required
    const rejected = await act(DEE, 3, "reject", submitted.etag!, { comment: "Too informal" });
    expect(rejected.body.versions[2]).toMatchObject({ status: "draft", comment: "Too informal" });
    const wrongState = await act(DEE, 3, "approve", rejected.etag!);
    expect(wrongState.status).toBe(409);
    expect(wrongState.body.code).toBe("INVALID_TRANSITION");
  });

  it("deprecates an approved version with a successor, and exports approved/deprecated versions as a library file", async () => {
    const deprecated = await act(DEE, 1, "deprecate", await etagOf(), { replacedBy: "wrapper" });
    expect(deprecated.body.versions[0]).toMatchObject({ status: "deprecated", replacedBy: "wrapper" });
    const exported = await s.call(RAY, "GET", "/libraries/legal/export");
    expect(exported.status).toBe(200);
    const parsed = parseLibrary(exported.body);
    expect(parsed.ok).toBe(true);
    expect(
      exported.body.snippets.map(
        (x: { id: string; version: number; status: string }) => `${x.id}@${x.version}:${x.status}`,
      ),
    ).toEqual(["greeting@1:deprecated"]);
    expect(exported.body.snippets[0]).toMatchObject({ replacedBy: "wrapper", owner: BOB });
  });

  it("lists the review queue by status", async () => {
    await act(BOB, 2, "submit", await etagOf());
    const queue = await s.call(CY, "GET", "/libraries/legal/snippets?status=in_review");
    expect(queue.body.map((x: { id: string }) => x.id)).toEqual([]); // the latest version (3) is a draft
    const all = await s.call(CY, "GET", "/libraries/legal/snippets?q=good%20day");
    expect(all.body.map((x: { id: string; latestVersion: number }) => [x.id, x.latestVersion])).toEqual([
      ["greeting", 3],
    ]);
  });
});

describe("export with unapproved versions", () => {
  it("adds drafts and versions in review (as draft) only when include=unapproved is asked for", async () => {
    const versions = (body: { snippets: { id: string; version: number; status: string }[] }) =>
      body.snippets.filter((x) => x.id === "greeting").map((x) => `${x.version}:${x.status}`);
    const approvedOnly = await s.call(RAY, "GET", "/libraries/legal/export");
    expect(versions(approvedOnly.body)).toEqual(["1:deprecated"]);
    const all = await s.call(RAY, "GET", "/libraries/legal/export?include=unapproved");
    expect(all.status).toBe(200);
    expect(parseLibrary(all.body).ok).toBe(true);
    // version 2 is in review, version 3 a draft that was sent back
    expect(versions(all.body)).toEqual(["1:deprecated", "2:draft", "3:draft"]);
    const bad = await s.call(RAY, "GET", "/libraries/legal/export?include=everything");
    expect(bad.status).toBe(400);
  });
});

describe("audit log", () => {
  it("is gapless, records who/what/before/after, and only admins read or export it", async () => {
    const log = await s.call(ANA, "GET", "/libraries/legal/audit");
    expect(log.status).toBe(200);
    const seqs = log.body.map((e: { seq: number }) => e.seq);
    expect(seqs).toEqual(seqs.map((_: number, k: number) => k + 1));
    expect(log.body[0]).toMatchObject({ seq: 1, actor: ANA, action: "library.create" });
    // Readers see how far the log has moved (to know when to reload), not what is in it.
    expect((await s.call(RAY, "GET", "/libraries/legal")).body.changeSeq).toBe(seqs.length);
    const approve = log.body.find((e: { action: string }) => e.action === "version.approve");
    expect(approve).toMatchObject({
      actor: CY,
      target: "snippet:greeting@1",
      before: { status: "in_review" },
      after: { status: "approved" },
    });
    // Refused writes (409, 422, 403) left no entry: exactly one reviewBy change from the concurrent writers.
    expect(log.body.filter((e: { action: string }) => e.action === "snippet.update")).toHaveLength(1);
    expect((await s.call(CY, "GET", "/libraries/legal/audit")).status).toBe(403);
    const exported = await s.call(ANA, "GET", "/libraries/legal/audit/export");
    expect(exported.body.entries).toEqual(log.body);
    expect(exported.headers.get("content-disposition")).toMatch(/legal\.audit\.json/);
  });

  it("cannot be changed or deleted, even with SQL", async () => {
    await expect(s.db.query("update audit_log set actor = 'x'")).rejects.toThrow(/append-only/);
    await expect(s.db.query("delete from audit_log")).rejects.toThrow(/append-only/);
  });
});

describe("usage", () => {
  const report = (events: unknown) => s.call(RAY, "POST", "/libraries/legal/usage", { body: { events } });

  it("records inserts and downloads by id@version only, and ranks the most used", async () => {
    const ok = await report([
      { snippet: "greeting", version: 1, kind: "insert" },
      { snippet: "greeting", version: 2, kind: "insert" },
      { snippet: "greeting", version: 2, kind: "download" },
      { snippet: "wrapper", version: 1, kind: "insert" },
    ]);
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ recorded: 4, repeated: 0 });
    const withText = await report([
      { snippet: "greeting", version: 1, kind: "insert", text: "Dear Mr Smith" },
    ]);
    expect(withText.status).toBe(400); // document text is never accepted
    const unknown = await report([{ snippet: "greeting", version: 99, kind: "insert" }]);
    expect(unknown.status).toBe(404);
    const most = await s.call(RAY, "GET", "/libraries/legal/usage/most-used");
    expect(most.body).toEqual([
      expect.objectContaining({ id: "greeting", uses: 3, inserts: 2, downloads: 1 }),
      expect.objectContaining({ id: "wrapper", uses: 1, inserts: 1, downloads: 0 }),
    ]);
  });

  it("shows stale, rarely used and often-used-but-unreviewed snippets", async () => {
    const etag = (await s.call(BOB, "GET", "/libraries/legal/snippets/greeting")).etag!;
    const approved = await s.call(DEE, "POST", "/libraries/legal/snippets/greeting/versions/2/approve", {
      ifMatch: etag,
    });
    expect(approved.status).toBe(200);
    const wrapper = await s.call(BOB, "GET", "/libraries/legal/snippets/wrapper");
    await s.call(BOB, "PATCH", "/libraries/legal/snippets/wrapper", {
      body: { reviewBy: "2020-01-01" },
      ifMatch: wrapper.etag!,
    });
    const view = await s.call(RAY, "GET", "/libraries/legal/freshness?rare=5&often=1");
    expect(view.status).toBe(200);
    expect(view.body.stale).toEqual([{ id: "wrapper", reviewBy: "2020-01-01" }]);
    expect(view.body.rarelyUsed).toEqual([{ id: "greeting", uses: 3 }]);
    expect(view.body.oftenUsedUnreviewed).toEqual([{ id: "wrapper", uses: 1, reviewBy: "2020-01-01" }]);
  });
});

describe("the list's membership check", () => {
  it("hides a library's snippets from non-members in list and search, and answers members an empty page", async () => {
    // The list checks membership inside its own statement: a non-member must still get 404, not [].
    const created = await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet("members-only") });
    expect(created.status).toBe(201);
    for (const path of ["/libraries/legal/snippets", "/libraries/legal/snippets?q=members-only"]) {
      const stranger = await s.call("eve@x.test", "GET", path);
      expect([stranger.status, stranger.body.code]).toEqual([404, "NOT_FOUND"]);
      const member = await s.call(RAY, "GET", path);
      expect(member.status).toBe(200);
      expect(member.body.map((x: { id: string }) => x.id)).toContain("members-only");
    }
    const nothing = await s.call(RAY, "GET", "/libraries/legal/snippets?q=no-such-words-anywhere");
    expect([nothing.status, nothing.body]).toEqual([200, []]);
    const strangerNothing = await s.call("eve@x.test", "GET", "/libraries/legal/snippets?offset=100000");
    expect(strangerNothing.status).toBe(404);
  });
});
