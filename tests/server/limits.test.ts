import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectWithMessage } from "../support/expect-message";
import { seedLibrary, snippet, startServer, type TestServer } from "./helpers";

// The bounds on what one client may cost: failed sign-ins are limited per address (a flood of bad
// tokens is not verified forever), an export costs by its size, a usage report by its events, and a
// report sent again with its events' ids is recorded once. On either database. (Slow bodies and the
// connection cap are properties of the server process: tests/server/process.test.ts.)

const BOB = "bob@x.test"; // author
const RAY = "ray@x.test"; // reader

describe("failed sign-ins", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ signInRateLimit: 5 });
  }, 60_000);
  afterAll(() => s.close());

  it("are limited per client address; past the limit only tokens already verified get in", async () => {
    const known = await s.token("ana@x.test");
    expect((await s.app.request("/me", { headers: { authorization: `Bearer ${known}` } })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const headers: Record<string, string> = i % 2 === 0 ? {} : { authorization: "Bearer not-a-token" };
      statuses.push((await s.app.request("/me", { headers })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const limited = await s.app.request("/libraries", { headers: { authorization: "Bearer x.y.z" } });
    expect(limited.status).toBe(429);
    expect((await limited.json()).code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // A token this server verified before still gets in; a new one waits for the minute to pass.
    expect((await s.app.request("/me", { headers: { authorization: `Bearer ${known}` } })).status).toBe(200);
    const fresh = await s.token("cy@x.test", { nonce: "new" });
    expect((await s.app.request("/me", { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(429);
  });
});

describe("costly requests", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ rateLimit: 60 });
    await seedLibrary(s);
    // About 1 MB of drafts: 20 snippets of 50 KB.
    const words = "The supplier shall deliver the goods in good order and on time. ".repeat(800);
    for (let k = 0; k < 20; k++)
      expect(
        (
          await s.call(BOB, "POST", "/libraries/legal/snippets", {
            body: snippet(`big-${k}`, `${words} {{name}}`),
          })
        ).status,
      ).toBe(201);
  }, 120_000);
  afterAll(() => s.close());

  it("counts an export by its size: a 1 MB export costs what 16 small requests do", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8 && statuses.at(-1) !== 429; i++)
      statuses.push((await s.call(RAY, "GET", "/libraries/legal/export?include=unapproved")).status);
    expectWithMessage(statuses.length, statuses.join(" ")).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
  });

  it("counts a usage report by its events, and records an event sent again with its id once", async () => {
    const event = (k: number) => ({ snippet: "big-0", version: 1, kind: "insert", id: `pane-1-event-${k}` });
    const first = await s.call(BOB, "POST", "/libraries/legal/usage", {
      body: { events: [event(1), event(2)] },
    });
    expect([first.status, first.body]).toEqual([202, { recorded: 2, repeated: 0 }]);
    const again = await s.call(BOB, "POST", "/libraries/legal/usage", {
      body: { events: [event(1), event(2), event(3)] },
    });
    expect([again.status, again.body]).toEqual([202, { recorded: 1, repeated: 2 }]);
    const most = await s.call(BOB, "GET", "/libraries/legal/usage/most-used");
    expect(most.body[0]).toMatchObject({ id: "big-0", uses: 3 });
    // 100 events cost 100 of the 60 a minute Bob has left at most: refused, nothing recorded.
    const flood = await s.call(BOB, "POST", "/libraries/legal/usage", {
      body: {
        events: Array.from({ length: 100 }, (_, k) => ({
          snippet: "big-1",
          version: 1,
          kind: "insert" as const,
          id: `f-${k}`,
        })),
      },
    });
    expect([flood.status, flood.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect((await s.call("cy@x.test", "GET", "/libraries/legal/usage/most-used")).body).toEqual([
      expect.objectContaining({ id: "big-0", uses: 3 }),
    ]);
  });
});
