import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectWithMessage } from "../support/expect-message";
import { auditCsv, seedLibrary, snippet, startServer, type TestServer } from "./helpers";

// What the server records and how writes are conditioned: If-Match as RFC 9110 defines it (strong
// comparison, "*", lists), audit entries that say only what happened, and an audit CSV a spreadsheet
// cannot run as formulas. On either database.

const ANA = "ana@x.test"; // admin
const BOB = "bob@x.test"; // author
const CY = "cy@x.test"; // approver
const DEE = "dee@x.test"; // approver

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
}, 60_000);
afterAll(() => s.close());

const revisionOf = async (id: string) =>
  (await s.call(BOB, "GET", `/libraries/legal/snippets/${id}`)).body.revision;
const patch = (id: string, ifMatch: string, reviewBy = "2031-02-03") =>
  s.call(BOB, "PATCH", `/libraries/legal/snippets/${id}`, { body: { reviewBy }, ifMatch });

describe("If-Match (RFC 9110 §13.1.1)", () => {
  beforeAll(async () => {
    expect((await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet("cond") })).status).toBe(
      201,
    );
  });

  it("compares strongly: a weak tag of the current revision does not match", async () => {
    const n = await revisionOf("cond");
    const weak = await patch("cond", `W/"${n}"`);
    expect([weak.status, weak.body.code]).toEqual([409, "STALE_REVISION"]);
    expect(await revisionOf("cond")).toBe(n);
  });

  it('takes "*" (the snippet exists) and a list of tags, any of which may match', async () => {
    const star = await patch("cond", "*", "2031-02-04");
    expect(star.status).toBe(200);
    const n = await revisionOf("cond");
    const listed = await patch("cond", `"${n + 50}", "${n}"`, "2031-02-05");
    expect(listed.status).toBe(200);
    const m = await revisionOf("cond");
    const none = await patch("cond", `W/"${m}", "${m + 1}"`);
    expect([none.status, none.body.code]).toEqual([409, "STALE_REVISION"]);
    const members = await s.call(ANA, "PUT", "/libraries/legal/members/star@x.test", {
      body: { role: "reader" },
      ifMatch: "*",
    });
    expect(members.status).toBe(200);
  });

  it("refuses what is not an entity tag with 400, and no header with 428", async () => {
    const n = await revisionOf("cond");
    for (const header of [String(n), `"${n}`, `"${n}" "${n}"`, `${n}, "${n}"`, "**"]) {
      const r = await patch("cond", header);
      expectWithMessage([r.status, r.body.code], header).toEqual([400, "INVALID_REQUEST"]);
    }
    const none = await s.call(BOB, "PATCH", "/libraries/legal/snippets/cond", {
      body: { reviewBy: "2031-01-01" },
    });
    expect([none.status, none.body.code]).toEqual([428, "IF_MATCH_REQUIRED"]);
  });
});

describe("audit entries", () => {
  const lastEntry = async () => (await s.call(ANA, "GET", "/libraries/legal/audit")).body.at(-1);
  const act = (user: string, version: number, action: string, ifMatch: string, body?: unknown) =>
    s.call(user, "POST", `/libraries/legal/snippets/told/versions/${version}/${action}`, {
      ifMatch,
      ...(body ? { body } : {}),
    });

  it("record what the version holds: a comment or successor the action does not keep is refused, not logged", async () => {
    const made = await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet("told") });
    expect(made.status).toBe(201);
    const before = await lastEntry();
    const submitWithBoth = await act(BOB, 1, "submit", made.etag!, {
      comment: "Please look",
      replacedBy: "cond",
    });
    expect([submitWithBoth.status, submitWithBoth.body.code]).toEqual([400, "INVALID_REQUEST"]);
    const submitWithComment = await act(BOB, 1, "submit", made.etag!, { comment: "Please look" });
    expect(submitWithComment.status).toBe(400);
    expect((await lastEntry()).seq).toBe(before.seq); // nothing logged
    const submitted = await act(BOB, 1, "submit", made.etag!);
    expect(submitted.status).toBe(200);
    expect(await lastEntry()).toMatchObject({ action: "version.submit", after: { status: "in_review" } });
    const approveWithSuccessor = await act(CY, 1, "approve", submitted.etag!, { replacedBy: "cond" });
    expect(approveWithSuccessor.status).toBe(400);
    const approveWithComment = await act(CY, 1, "approve", submitted.etag!, { comment: "Fine" });
    expect(approveWithComment.status).toBe(400);
    const approved = await act(CY, 1, "approve", submitted.etag!);
    expect(approved.status).toBe(200);
    const approval = await lastEntry();
    expect(approval).toMatchObject({ action: "version.approve", before: { status: "in_review" } });
    expect(approval.after).toEqual({ status: "approved" });
    const version = approved.body.versions[0];
    expect([version.comment, version.replacedBy]).toEqual([null, null]);
    const deprecated = await act(DEE, 1, "deprecate", approved.etag!, { replacedBy: "cond" });
    expect(deprecated.status).toBe(200);
    expect((await lastEntry()).after).toEqual({ status: "deprecated", replacedBy: "cond" });
    expect(deprecated.body.versions[0].replacedBy).toBe("cond");
  });

  it("record a send-back's comment as the version keeps it", async () => {
    const head = await s.call(BOB, "GET", "/libraries/legal/snippets/told");
    const v2 = await s.call(BOB, "POST", "/libraries/legal/snippets/told/versions", {
      body: { title: "Told", variables: [{ name: "name", type: "text" }], body: "Told {{name}}." },
      ifMatch: head.etag!,
    });
    const submitted = await act(BOB, 2, "submit", v2.etag!);
    const rejected = await act(CY, 2, "reject", submitted.etag!, { comment: "Too short" });
    expect(rejected.status).toBe(200);
    expect(rejected.body.versions[1].comment).toBe("Too short");
    expect((await lastEntry()).after).toEqual({ status: "draft", comment: "Too short" });
  });
});

describe("the audit log as CSV", () => {
  it("writes a cell that starts with =, +, -, @, a tab or a carriage return with a leading apostrophe", async () => {
    const names = ["=hyperlink(1)@x.test", "+1@x.test", "-2@x.test", "@x.test"];
    for (const [k, name] of names.entries()) {
      const r = await s.call(name, "POST", "/libraries", { body: { id: `formula-${k}`, name: `=1+${k}` } });
      expect(r.status).toBe(201);
    }
    for (const [k, name] of names.entries()) {
      const csv = await auditCsv(s, `formula-${k}`, name);
      const [, row] = (await csv.text()).split("\r\n");
      const cells = [...row!.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!);
      expectWithMessage(cells[2], row).toBe(`'${name}`);
      for (const cell of cells) expectWithMessage(cell, row).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});
