import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTeamClient, type TeamClient } from "../../../src/taskpane/team/client";
import { flush, keepMine, opKey, overlay } from "../../../src/taskpane/team/queue";
import type { QueuedOp, TeamSnippet } from "../../../src/taskpane/team/types";
import { seedLibrary, snippet, startServer, type TestServer } from "../../server/helpers";

// Deprecating from the pane (issue 16) goes through the offline queue like every other write: shown at
// once (pending), sent with If-Match and the successor, held with both sides on a 409, and "keep mine"
// tries it again on their revision. Against the real server app (in process, PGlite).

let s: TestServer;
const BOB = "bob@x.test"; // author
const CY = "cy@x.test"; // approver
const DEE = "dee@x.test"; // approver

const client = (user: string): TeamClient =>
  createTeamClient(
    "http://team.test",
    () => s.token(user),
    async (url, init) => s.app.request(url.replace("http://team.test", ""), init),
  );

/** A snippet Bob wrote and submitted and Dee approved: its revision now. */
async function approved(id: string): Promise<number> {
  const made = await s.call(BOB, "POST", "/libraries/legal/snippets", {
    body: { ...snippet(id, "Old wording."), title: `Title ${id}` },
  });
  expect(made.status).toBe(201);
  const sent = await s.call(BOB, "POST", `/libraries/legal/snippets/${id}/versions/1/submit`, {
    ifMatch: made.body.revision,
  });
  const ok = await s.call(DEE, "POST", `/libraries/legal/snippets/${id}/versions/1/approve`, {
    ifMatch: sent.body.revision,
  });
  expect(ok.body.versions[0].status).toBe("approved");
  return ok.body.revision as number;
}

const deprecate = (id: string, base: number, replacedBy?: string): QueuedOp => ({
  kind: "deprecate",
  key: opKey(),
  queuedAt: "2026-11-25T10:00:00.000Z",
  id,
  base,
  version: 1,
  ...(replacedBy ? { replacedBy } : {}),
});

beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
}, 60_000);
afterAll(() => s.close());

describe("deprecate through the queue", () => {
  it("shows at once as deprecated with its successor, then the server has it", async () => {
    const revision = await approved("old-nda");
    await approved("new-nda");
    const op = deprecate("old-nda", revision, "new-nda");
    const server = (await s.call(CY, "GET", "/libraries/legal/snippets/old-nda")).body as TeamSnippet;
    const shown = overlay([server], [op], CY)[0]!;
    expect(shown.versions[0]).toMatchObject({ status: "deprecated", replacedBy: "new-nda", pending: true });

    const result = await flush(client(CY), "legal", [op]);
    expect(result.held).toEqual([]);
    expect(result.queue).toEqual([]);
    const after = await s.call(BOB, "GET", "/libraries/legal/snippets/old-nda");
    expect(after.body.versions[0]).toMatchObject({ status: "deprecated", replacedBy: "new-nda" });
    expect(result.updated[0]?.revision).toBe(after.body.revision);
  });

  it("deprecates without a successor when none is chosen", async () => {
    const revision = await approved("lonely");
    const result = await flush(client(CY), "legal", [deprecate("lonely", revision)]);
    expect(result.held).toEqual([]);
    const after = await s.call(BOB, "GET", "/libraries/legal/snippets/lonely");
    expect(after.body.versions[0]).toMatchObject({ status: "deprecated", replacedBy: null });
  });

  it("holds a stale deprecation (409) with the server's snippet, and keep mine sends it on their revision", async () => {
    const seen = await approved("moving");
    // Bob adds a version after Cy read the snippet: Cy's revision is stale.
    const theirs = await s.call(BOB, "POST", "/libraries/legal/snippets/moving/versions", {
      body: { title: "Title moving", body: "New draft.", variables: [{ name: "name", type: "text" }] },
      ifMatch: seen,
    });
    expect(theirs.status).toBe(201);
    const mine = deprecate("moving", seen, "new-nda");
    const result = await flush(client(CY), "legal", [mine]);
    expect(result.held).toHaveLength(1);
    const held = result.held[0]!;
    if (held.reason !== "conflict") throw new Error(`expected a conflict, got ${held.message}`);
    expect(held.op).toEqual(mine);
    expect(held.current.versions.map((v) => v.snippet.body)).toEqual(["Old wording.", "New draft."]);
    expect((await s.call(BOB, "GET", "/libraries/legal/snippets/moving")).body.versions[0].status).toBe(
      "approved",
    );

    const again = keepMine(held, "2026-11-25T10:05:00.000Z")!;
    expect(again).toMatchObject({ kind: "deprecate", base: held.current.revision, replacedBy: "new-nda" });
    expect(again.key).not.toBe(mine.key);
    const resolved = await flush(client(CY), "legal", [again]);
    expect(resolved.held).toEqual([]);
    const after = await s.call(BOB, "GET", "/libraries/legal/snippets/moving");
    expect(after.body.versions.map((v: { status: string }) => v.status)).toEqual(["deprecated", "draft"]);
  });

  it("holds what the server refuses: an author may not deprecate", async () => {
    const revision = await approved("kept");
    const result = await flush(client(BOB), "legal", [deprecate("kept", revision)]);
    expect(result.held).toEqual([expect.objectContaining({ reason: "refused" })]);
    expect(result.held[0]!.message).toMatch(/approver role/);
  });
});
