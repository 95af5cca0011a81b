import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  createTeamClient,
  normaliseUrl,
  TeamError,
  type TeamClient,
} from "../../../src/taskpane/team/client";
import { pull } from "../../../src/taskpane/team/pull";
import { flush, keepMine, mergeSnippets, opKey, overlay } from "../../../src/taskpane/team/queue";
import type { QueuedOp, TeamCache, TeamContent } from "../../../src/taskpane/team/types";
import { seedLibrary, snippet, startServer, type TestServer } from "../../server/helpers";

// The pane's sync queue against the real server app (in process, PGlite): changes go in order with
// the revision each one read, an unreachable server keeps them queued, a stale write is held with
// both versions and loses neither, and pulling fetches only what changed.

let s: TestServer;
let online = true;
let requests: string[] = [];
const ANA = "ana@x.test"; // admin
const BOB = "bob@x.test"; // author
const CY = "cy@x.test"; // approver

function clientFor(user: string): TeamClient {
  return createTeamClient(
    "http://team.test",
    () => s.token(user),
    async (url, init) => {
      if (!online) throw new TypeError("Failed to fetch");
      requests.push(`${init.method} ${url.replace("http://team.test", "")}`);
      return s.app.request(url.replace("http://team.test", ""), init);
    },
  );
}

const content = (id: string, body: string): TeamContent => ({ ...snippet(id, body), title: `Title ${id}` });
const at = "2026-11-25T10:00:00.000Z";
type OpInput = QueuedOp extends infer T ? (T extends QueuedOp ? Omit<T, "key" | "queuedAt"> : never) : never;
const op = (o: OpInput): QueuedOp => ({ key: opKey(), queuedAt: at, ...o }) as QueuedOp;

beforeAll(async () => {
  s = await startServer();
  await seedLibrary(s);
}, 60_000);
afterAll(() => s.close());

describe("flush", () => {
  it("sends a chain of changes in order, each with the revision the previous one got", async () => {
    const queue = [
      op({ kind: "create", id: "chain", content: content("chain", "One.") }),
      op({ kind: "version", id: "chain", base: 0, content: content("chain", "Two.") }),
      op({ kind: "submit", id: "chain", base: 0, version: 2 }),
    ];
    const result = await flush(clientFor(BOB), "legal", queue);
    expect(result.stopped).toBeUndefined();
    expect(result.queue).toEqual([]);
    expect(result.held).toEqual([]);
    const server = await s.call(BOB, "GET", "/libraries/legal/snippets/chain");
    expect(server.body.versions.map((v: { status: string }) => v.status)).toEqual(["draft", "in_review"]);
    expect(server.body.versions[1].snippet.body).toBe("Two.");
    expect(result.updated.find((x) => x.id === "chain")?.revision).toBe(server.body.revision);
  });

  it("keeps every change queued while the server cannot be reached, and sends them when it is back", async () => {
    const queue = [
      op({ kind: "create", id: "offline-made", content: content("offline-made", "Written offline.") }),
      op({ kind: "usage", events: [{ snippet: "chain", version: 1, kind: "insert" }] }),
    ];
    online = false;
    const away = await flush(clientFor(BOB), "legal", queue);
    online = true;
    expect(away.stopped).toBeInstanceOf(TeamError);
    expect(away.stopped?.kind).toBe("offline");
    expect(away.queue).toEqual(queue);
    expect((await s.call(BOB, "GET", "/libraries/legal/snippets/offline-made")).status).toBe(404);

    const back = await flush(clientFor(BOB), "legal", away.queue);
    expect(back.queue).toEqual([]);
    const made = await s.call(BOB, "GET", "/libraries/legal/snippets/offline-made");
    expect(made.body.versions[0].snippet.body).toBe("Written offline.");
    const used = await s.call(BOB, "GET", "/libraries/legal/usage/most-used");
    expect(used.body.find((u: { id: string }) => u.id === "chain")?.inserts).toBe(1);
  });

  it("holds a stale write with both versions, keeps later changes to that snippet waiting, and loses neither", async () => {
    const created = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: content("clash", "Base."),
    });
    const seen = created.body.revision as number;
    // Ana adds a version after Bob read the snippet.
    const theirs = await s.call(ANA, "POST", "/libraries/legal/snippets/clash/versions", {
      body: { title: "Theirs", body: "Ana's wording.", variables: [{ name: "name", type: "text" }] },
      ifMatch: seen,
    });
    expect(theirs.status).toBe(201);
    const mine = op({
      kind: "version",
      id: "clash",
      base: seen,
      content: content("clash", "Bob's wording."),
    });
    const submit = op({ kind: "submit", id: "clash", base: seen, version: 2 });
    const other = op({ kind: "create", id: "unrelated", content: content("unrelated", "Goes through.") });
    const result = await flush(clientFor(BOB), "legal", [mine, submit, other]);

    expect(result.held).toHaveLength(1);
    const held = result.held[0]!;
    expect(held.reason).toBe("conflict");
    expect(held.op).toEqual(mine); // mine, as queued
    if (held.reason !== "conflict") throw new Error("expected a conflict");
    expect(held.current.versions.map((v) => v.snippet.body)).toEqual(["Base.", "Ana's wording."]); // theirs
    expect(result.queue).toEqual([submit]); // waits behind the conflict
    expect((await s.call(BOB, "GET", "/libraries/legal/snippets/unrelated")).status).toBe(200);

    // "Keep mine": a new version on top of theirs.
    const again = keepMine(held, at)!;
    expect(again).toMatchObject({ kind: "version", id: "clash", base: held.current.revision });
    const resolved = await flush(clientFor(BOB), "legal", [again]);
    expect(resolved.held).toEqual([]);
    const server = await s.call(BOB, "GET", "/libraries/legal/snippets/clash");
    expect(server.body.versions.map((v: { snippet: { body: string } }) => v.snippet.body)).toEqual([
      "Base.",
      "Ana's wording.",
      "Bob's wording.",
    ]);
  });

  it("holds a snippet made with an id someone else took meanwhile, beside theirs", async () => {
    await s.call(ANA, "POST", "/libraries/legal/snippets", { body: content("taken", "Ana's.") });
    const mine = op({ kind: "create", id: "taken", content: content("taken", "Bob's.") });
    const result = await flush(clientFor(BOB), "legal", [mine]);
    expect(result.held).toHaveLength(1);
    expect(result.held[0]).toMatchObject({ reason: "conflict", op: mine });
    const held = result.held[0]!;
    if (held.reason !== "conflict") throw new Error("expected a conflict");
    expect(held.current.versions[0]!.snippet.body).toBe("Ana's.");
  });

  it("holds what the server refuses (four eyes) with its reason, and stops on a lost sign-in", async () => {
    const created = await s.call(CY, "POST", "/libraries/legal/snippets", { body: content("own", "Mine.") });
    const submitted = await s.call(CY, "POST", "/libraries/legal/snippets/own/versions/1/submit", {
      ifMatch: created.body.revision,
    });
    const approve = op({ kind: "approve", id: "own", base: submitted.body.revision, version: 1 });
    const result = await flush(clientFor(CY), "legal", [approve]);
    expect(result.held).toEqual([
      { op: approve, reason: "refused", message: expect.stringMatching(/approve/i) },
    ]);

    // A usage report the server will not take (not a member of that library) is dropped, not held.
    const usage = op({ kind: "usage", events: [{ snippet: "own", version: 1, kind: "insert" }] });
    const dropped = await flush(clientFor("eve@x.test"), "legal", [usage]);
    expect(dropped).toEqual({ queue: [], held: [], updated: [] });

    const expired = createTeamClient(
      "http://team.test",
      async () => "not-a-token",
      async (url, init) => s.app.request(url.replace("http://team.test", ""), init),
    );
    const stopped = await flush(expired, "legal", [approve]);
    expect(stopped.stopped?.kind).toBe("signed-out");
    expect(stopped.queue).toEqual([approve]);
  });
});

describe("overlay and pull", () => {
  it("shows queued changes over the server's copy, marked pending", () => {
    const base: TeamCache["snippets"] = [];
    const shown = overlay(
      base,
      [
        op({ kind: "create", id: "new-one", content: content("new-one", "Draft.") }),
        op({ kind: "submit", id: "new-one", base: 0, version: 1 }),
      ],
      BOB,
    );
    expect(shown).toHaveLength(1);
    expect(shown[0]!.versions[0]).toMatchObject({ status: "in_review", pending: true, createdBy: BOB });
  });

  it("asks only for the library while nothing changed, then only for the snippets that moved", async () => {
    requests = [];
    const first = await pull(clientFor(BOB), "legal", undefined, BOB);
    const count = first.snippets.length;
    expect(count).toBeGreaterThan(3);
    requests = [];
    const same = await pull(clientFor(BOB), "legal", first, BOB);
    expect(same).toBe(first);
    expect(requests).toEqual(["GET /libraries/legal"]);

    const chain = first.snippets.find((x) => x.id === "chain")!;
    await s.call(CY, "POST", "/libraries/legal/snippets/chain/versions/2/approve", {
      ifMatch: chain.revision,
    });
    requests = [];
    const moved = await pull(clientFor(BOB), "legal", first, BOB);
    expect(requests.filter((r) => /\/snippets\/[^?]/.test(r))).toEqual([
      "GET /libraries/legal/snippets/chain",
    ]);
    expect(moved.snippets.find((x) => x.id === "chain")!.versions[1]!.status).toBe("approved");
    expect(mergeSnippets(moved, [chain]).snippets.find((x) => x.id === "chain")).toBe(
      moved.snippets.find((x) => x.id === "chain"),
    ); // an older copy never replaces a newer one
  });
});

describe("client", () => {
  it("normalises addresses and refuses what is not one", () => {
    expect(normaliseUrl(" https://team.example/ ")).toBe("https://team.example");
    expect(normaliseUrl("team.example:3100")).toBe("https://team.example:3100");
    expect(normaliseUrl("http://127.0.0.1:3100/api/")).toBe("http://127.0.0.1:3100/api");
    expect(normaliseUrl("javascript:alert(1)")).toBeUndefined();
    expect(normaliseUrl("")).toBeUndefined();
  });
});
