import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectWithMessage } from "../support/expect-message";
import { expectExit, randomPort as port, serverProcesses, untilServing } from "./spawn-server";

// The server as a process, as `npm run server` starts it: start-up checks, the data-folder lock, a clean
// stop. With DATABASE_URL set, two processes on one PostgreSQL with concurrent writers: no lost update,
// a gapless audit log. (PGlite serves one process, so that part needs a real server.)

const { setUp, tearDown, run, tempDir, token, devEnv } = serverProcesses();
beforeAll(setUp, 60_000);
afterAll(tearDown);

describe("server process on the embedded database", () => {
  it("serves, keeps a second process off its folder, and stops cleanly on SIGTERM", async () => {
    const dir = tempDir();
    const p = port();
    const first = run({ ...devEnv(), PORT: String(p), SECTIONSMITH_DATA_DIR: dir });
    await untilServing(first, p);
    expect(first.output()).toMatch(/"message":"serving"/);
    const second = run({ ...devEnv(), PORT: String(p + 1), SECTIONSMITH_DATA_DIR: dir });
    await expectExit(second, 1);
    expect(second.output()).toMatch(/Another Sectionsmith server \(pid \d+ on .+\) is using/);
    const me = await fetch(`http://127.0.0.1:${p}/me`, {
      headers: { authorization: `Bearer ${await token("ana@x.test")}` },
    });
    expect(me.status).toBe(200);
    first.child.kill("SIGTERM");
    await expectExit(first, 0);
    expect(existsSync(join(dir, "sectionsmith-server.lock"))).toBe(false);
  }, 120_000);

  it("refuses to start with the dev issuer in production, or with no sign-in at all", async () => {
    const prod = run({ ...devEnv(), NODE_ENV: "production", SECTIONSMITH_DATA_DIR: tempDir() });
    await expectExit(prod, 1);
    expect(prod.output()).toMatch(/refused in production/);
    const none = run({ SECTIONSMITH_DATA_DIR: tempDir() });
    await expectExit(none, 1);
    expect(none.output()).toMatch(/No sign-in configured/);
  }, 60_000);
});

const url = process.env.DATABASE_URL;
if (!url)
  console.info(
    "tests/server/process.test.ts: DATABASE_URL is not set, so the two-process test on PostgreSQL is skipped",
  );

(!url ? describe.skip : describe)("two server processes on one PostgreSQL", () => {
  it("serve the same data; concurrent writers through both lose no update; the audit log stays gapless", async () => {
    const ports = [port(), port() + 1];
    const servers = ports.map((p) => run({ ...devEnv(), PORT: String(p), DATABASE_URL: url! }));
    await Promise.all(servers.map((s, k) => untilServing(s, ports[k]!)));
    const base = (k: number) => `http://127.0.0.1:${ports[k % 2]}`;
    const call = async (
      k: number,
      user: string,
      method: string,
      path: string,
      body?: unknown,
      ifMatch?: string,
    ) => {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await token(user)}`,
        "content-type": "application/json",
      };
      if (ifMatch) headers["if-match"] = ifMatch;
      const res = await fetch(`${base(k)}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON replies, read field by field
      return { status: res.status, etag: res.headers.get("etag"), body: (await res.json()) as any };
    };
    const lib = `race-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    expect((await call(0, "ana@x.test", "POST", "/libraries", { id: lib, name: "Race" })).status).toBe(201);
    const created = await call(1, "ana@x.test", "POST", `/libraries/${lib}/snippets`, {
      id: "s",
      title: "S",
      body: "v1",
    });
    expect(created.status).toBe(201);
    const WRITERS = 10;
    let conflicts = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (;;) {
          const read = await call(w, "ana@x.test", "GET", `/libraries/${lib}/snippets/s`);
          const wrote = await call(
            w,
            "ana@x.test",
            "POST",
            `/libraries/${lib}/snippets/s/versions`,
            { title: "S", body: `writer ${w}` },
            read.etag!,
          );
          if (wrote.status === 201) return;
          expect(wrote.status).toBe(409);
          conflicts++;
        }
      }),
    );
    const final = await call(0, "ana@x.test", "GET", `/libraries/${lib}/snippets/s`);
    const bodies = final.body.versions.map((v: { snippet: { body: string } }) => v.snippet.body).sort();
    expect(bodies).toEqual(["v1", ...Array.from({ length: WRITERS }, (_, w) => `writer ${w}`)].sort());
    expect(final.body.versions.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: WRITERS + 1 }, (_, k) => k + 1),
    );
    const audit = await call(1, "ana@x.test", "GET", `/libraries/${lib}/audit`);
    expect(audit.body.map((e: { seq: number }) => e.seq)).toEqual(
      Array.from({ length: WRITERS + 2 }, (_, k) => k + 1),
    );
    console.info(`two processes, ${WRITERS} writers: ${conflicts} conflicts answered 409 and retried`);
    for (const s of servers) s.child.kill("SIGTERM");
    for (const s of servers) await expectExit(s, 0);
  }, 120_000);
});

(!url ? describe.skip : describe)("a server process on PostgreSQL", () => {
  it("outlives a connection the database ends, and still stops with exit 0", async () => {
    // The server's connections are named, so that only they are ended (other test files share the database).
    const name = `sectionsmith-proc-${process.pid}-${Date.now()}`;
    const named = new URL(url!);
    named.searchParams.set("application_name", name);
    const p = port();
    const server = run({ ...devEnv(), PORT: String(p), DATABASE_URL: named.toString() });
    await untilServing(server, p);
    const me = () =>
      token("ana@x.test").then((t) =>
        fetch(`http://127.0.0.1:${p}/me`, { headers: { authorization: `Bearer ${t}` } }),
      );
    expect((await me()).status).toBe(200);
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [name],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool noticed (its 'error' event) and opens a new connection for the next request.
    await new Promise((r) => setTimeout(r, 300));
    expectWithMessage(server.child.exitCode, server.output()).toBeNull();
    expect((await me()).status).toBe(200);
    server.child.kill("SIGTERM");
    await expectExit(server, 0);
  }, 60_000);
});
