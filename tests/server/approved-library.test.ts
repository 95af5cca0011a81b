import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../src/engine/index";
import { expectWithMessage } from "../support/expect-message";
import { seedLibrary, startServer, type TestServer } from "./helpers";

// "The approved library builds": whatever is approved or deprecated, the server's own export passes the
// engine's library check (what `sectionsmith validate` runs). Approving a version that includes a snippet
// with no approved version, or that would close an include cycle among approved versions, is refused;
// a valid nested include (a → b → c) is accepted. On either database.

const BOB = "bob@x.test"; // author
const CY = "cy@x.test"; // approver
const RAY = "ray@x.test"; // reader

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
}, 60_000);
afterAll(() => s.close());

const plain = (id: string, body: string) => ({ id, title: `Snippet ${id}`, body });
const create = async (id: string, body: string) => {
  const r = await s.call(BOB, "POST", "/libraries/legal/snippets", { body: plain(id, body) });
  expectWithMessage(r.status, JSON.stringify(r.body)).toBe(201);
  return r;
};
const addVersion = async (id: string, body: string) => {
  const head = await s.call(BOB, "GET", `/libraries/legal/snippets/${id}`);
  const r = await s.call(BOB, "POST", `/libraries/legal/snippets/${id}/versions`, {
    body: { title: `Snippet ${id}`, body },
    ifMatch: head.etag!,
  });
  expectWithMessage(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.versions.at(-1).version as number;
};
const act = async (user: string, id: string, version: number, action: string) => {
  const head = await s.call(user, "GET", `/libraries/legal/snippets/${id}`);
  return s.call(user, "POST", `/libraries/legal/snippets/${id}/versions/${version}/${action}`, {
    ifMatch: head.etag!,
  });
};
const approve = async (id: string, version: number) => {
  expect((await act(BOB, id, version, "submit")).status).toBe(200);
  return act(CY, id, version, "approve");
};
const exportBuilds = async () => {
  const exported = await s.call(RAY, "GET", "/libraries/legal/export");
  expect(exported.status).toBe(200);
  const checked = validateLibrary(exported.body);
  expectWithMessage(checked.ok, JSON.stringify(checked.problems)).toBe(true);
};

describe("includes", () => {
  it("accept a valid nested include (a → b → c) as a draft", async () => {
    await create("inner-c", "The innermost words.");
    await create("middle-b", "Middle, then {{> inner-c}}");
    const outer = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: plain("outer-a", "Outer, then {{> middle-b}}"),
    });
    expectWithMessage(outer.status, JSON.stringify(outer.body)).toBe(201);
  });

  it("refuse a draft whose include is missing, naming it", async () => {
    const r = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: plain("dangling", "{{> nowhere}}"),
    });
    expect([r.status, r.body.code]).toEqual([422, "SNIPPET_INVALID"]);
    expect(r.body.problems).toEqual([
      expect.objectContaining({
        code: "TEMPLATE_INCLUDE_NOT_FOUND",
        message: expect.stringMatching(/nowhere/),
      }),
    ]);
  });
});

describe("approving keeps the approved library buildable", () => {
  it("refuses to approve a version that includes a snippet with no approved version, until that one is approved", async () => {
    const refused = await approve("outer-a", 1);
    expect([refused.status, refused.body.code]).toEqual([409, "APPROVAL_BREAKS_LIBRARY"]);
    expect(refused.body.message).toMatch(/"middle-b" has no approved version: approve it first/);
    expect(refused.body.problems).toEqual([expect.objectContaining({ code: "TEMPLATE_INCLUDE_NOT_FOUND" })]);
    // Still in review, nothing logged as approved.
    const outer = await s.call(RAY, "GET", "/libraries/legal/snippets/outer-a");
    expect(outer.body.versions[0].status).toBe("in_review");
    expect((await act(CY, "middle-b", 1, "approve")).status).toBe(409); // not submitted yet
    expect((await approve("middle-b", 1)).body.code).toBe("APPROVAL_BREAKS_LIBRARY"); // c is a draft
    expect((await approve("inner-c", 1)).status).toBe(200);
    expect((await act(CY, "middle-b", 1, "approve")).status).toBe(200);
    expect((await act(CY, "outer-a", 1, "approve")).status).toBe(200);
    await exportBuilds();
  });

  it("refuses to approve a version that closes an include cycle among approved versions", async () => {
    await create("cyc-q", "Q alone.");
    expect((await approve("cyc-q", 1)).status).toBe(200);
    await create("cyc-p", "P, then {{> cyc-q}}");
    expect((await approve("cyc-p", 1)).status).toBe(200);
    // cyc-p@1 (approved) includes cyc-q. A newer draft of cyc-p no longer does, so a draft of cyc-q that
    // includes cyc-p passes the draft check (against the latest versions)…
    await addVersion("cyc-p", "P, on its own now.");
    const q2 = await addVersion("cyc-q", "Q, then {{> cyc-p}}");
    // …but approving it would make cyc-p@1 → cyc-q@2 → cyc-p@1 in the approved library.
    const refused = await approve("cyc-q", q2);
    expect([refused.status, refused.body.code]).toEqual([409, "APPROVAL_BREAKS_LIBRARY"]);
    expect(refused.body.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "TEMPLATE_INCLUDE_CYCLE" })]),
    );
    expect(refused.body.message).toMatch(/cycle/);
    await exportBuilds();
  });

  it("refuses to approve a version that closes a cycle through an older approved version (the library check reads every version)", async () => {
    // loop-x@1 (approved) includes loop-y; loop-x@2 (approved) does not; loop-y@1 (approved) includes loop-x.
    await create("loop-y", "Y alone.");
    expect((await approve("loop-y", 1)).status).toBe(200);
    await create("loop-x", "X, then {{> loop-y}}");
    expect((await approve("loop-x", 1)).status).toBe(200);
    const x2 = await addVersion("loop-x", "X alone.");
    expect((await approve("loop-x", x2)).status).toBe(200);
    const y2 = await addVersion("loop-y", "Y, then {{> loop-x}}");
    // With loop-x@2 chosen (the highest approved), loop-y@2 → loop-x@2 is no cycle; but loop-x@1 is in the
    // approved library too (`validate` checks every version), and loop-x@1 → loop-y@2 → loop-x is one.
    const y2approved = await approve("loop-y", y2);
    expect(y2approved.body.code).toBe("APPROVAL_BREAKS_LIBRARY");
    await exportBuilds();
  });

  it("lets the approved library keep building through a whole review cycle (export validated)", async () => {
    await create("clean", "Clean words, and {{> inner-c}}");
    expect((await approve("clean", 1)).status).toBe(200);
    expect((await act(CY, "clean", 1, "deprecate")).status).toBe(200);
    await exportBuilds();
  });
});
