import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import { networkInterfaces } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectWithMessage } from "../support/expect-message";
import { freePort } from "../support/server-process";
import { expectExit, randomPort as port, serverProcesses, untilServing } from "./spawn-server";

// The server as a process, as `npm run server` starts it: start-up checks, the data-folder lock, a clean
// stop. With DATABASE_URL set, two processes on one PostgreSQL with concurrent writers: no lost update,
// a gapless audit log. (PGlite serves one process, so that part needs a real server.)

const { setUp, tearDown, run, tempDir, token, devEnv } = serverProcesses();
const devTokenScript = resolve(".tmp", `dev-token-test-${process.pid}.mjs`);
beforeAll(async () => {
  await setUp();
  // `npm run server:dev-token` as its script builds it, next to the project so that jose resolves.
  await build({
    entryPoints: ["scripts/dev-token.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: devTokenScript,
    logLevel: "warning",
  });
}, 60_000);
afterAll(() => {
  tearDown();
  rmSync(devTokenScript, { force: true });
});

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

  it("refuses to start with the dev issuer in production, with no sign-in in production, or with an unknown NODE_ENV", async () => {
    const prod = run({ ...devEnv(), NODE_ENV: "production", SECTIONSMITH_DATA_DIR: tempDir() });
    await expectExit(prod, 1);
    expect(prod.output()).toMatch(/refused in production/);
    const none = run({ NODE_ENV: "Production ", SECTIONSMITH_DATA_DIR: tempDir() });
    await expectExit(none, 1);
    expect(none.output()).toMatch(/No sign-in configured: production needs Entra ID/);
    const prodLike = run({ ...devEnv(), NODE_ENV: "prod", SECTIONSMITH_DATA_DIR: tempDir() });
    await expectExit(prodLike, 1);
    expect(prodLike.output()).toMatch(/NODE_ENV must be production, development or test, not \W{1,2}prod\W/);
  }, 60_000);

  it("counts failed sign-ins against the TCP peer unless SECTIONSMITH_TRUST_PROXY names it, then against the forwarded client", async () => {
    // Three failed sign-ins a minute per address; each request claims another X-Forwarded-For.
    const attempt = (p: number, forwarded: string) =>
      fetch(`http://127.0.0.1:${p}/me`, { headers: { "x-forwarded-for": forwarded } }).then((r) => r.status);
    const statuses = async (env: Record<string, string>) => {
      const p = port();
      const server = run({
        ...devEnv(),
        PORT: String(p),
        SECTIONSMITH_DATA_DIR: tempDir(),
        SECTIONSMITH_SIGN_IN_RATE_LIMIT: "3",
        ...env,
      });
      await untilServing(server, p);
      const seen: number[] = [];
      for (let i = 1; i <= 5; i++) seen.push(await attempt(p, `198.51.100.${i}`));
      // The same forwarded client again, past its own three.
      for (let i = 0; i < 3; i++) seen.push(await attempt(p, "198.51.100.1"));
      server.child.kill("SIGTERM");
      await expectExit(server, 0);
      return seen;
    };
    // Off (the default): a client cannot pick its own address; the fourth failure from this peer waits.
    expect(await statuses({})).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    // Trusting the loopback proxy: each forwarded client has its own count.
    expect(await statuses({ SECTIONSMITH_TRUST_PROXY: "127.0.0.1" })).toEqual([
      401, 401, 401, 401, 401, 401, 401, 429,
    ]);
  }, 120_000);

  it("with nothing configured (a fresh clone), serves in dev mode on loopback with a key of its own, and says how to get a token", async () => {
    const cwd = tempDir();
    const p = await freePort();
    const server = run({ PORT: String(p) }, { cwd });
    await untilServing(server, p);
    expect(server.output()).toMatch(/Dev mode: .*npm run -s server:dev-token -- you@example.com/);
    const base = `http://127.0.0.1:${p}`;
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: "ok", database: "ok" });
    const openapi = await fetch(`${base}/openapi.json`);
    expect([openapi.status, ((await openapi.json()) as { openapi: string }).openapi]).toEqual([200, "3.1.0"]);
    const unsigned = await fetch(`${base}/me`);
    expect([unsigned.status, ((await unsigned.json()) as { code: string }).code]).toEqual([
      401,
      "SIGN_IN_REQUIRED",
    ]);
    expect(existsSync(join(cwd, ".sectionsmith-dev", "keys.json"))).toBe(true);
    expect(existsSync(join(cwd, ".sectionsmith-data"))).toBe(true);
    // The token the log line says to make, made as `npm run server:dev-token` makes it, in that folder.
    const devToken = execFileSync(process.execPath, [devTokenScript, "you@example.com"], {
      cwd,
      encoding: "utf8",
    }).trim();
    const me = await fetch(`${base}/me`, { headers: { authorization: `Bearer ${devToken}` } });
    expect([me.status, ((await me.json()) as { user: string }).user]).toEqual([200, "you@example.com"]);
    // Loopback only: the machine's other addresses are refused.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    if (outside) await expect(fetch(`http://${outside}:${p}/health`)).rejects.toThrow();
    else console.info("no non-loopback IPv4 address on this machine: the loopback-only check is skipped");
    server.child.kill("SIGTERM");
    await expectExit(server, 0);
  }, 120_000);
});

describe("server process on a port already taken", () => {
  it("says so in words, with the setting to change, exits 1 and leaves its data folder free", async () => {
    const holder = createServer();
    const p = await new Promise<number>((done) =>
      holder.listen(0, "127.0.0.1", () => done((holder.address() as { port: number }).port)),
    );
    const dir = tempDir();
    try {
      const taken = run({ ...devEnv(), PORT: String(p), SECTIONSMITH_DATA_DIR: dir });
      await expectExit(taken, 1);
      const last = JSON.parse(taken.output().trim().split("\n").pop()!) as { level: string; message: string };
      expect(last.level).toBe("error");
      expect(last.message).toContain(`Port ${p} is already in use`);
      expect(last.message).toContain(`PORT=${p + 1} npm run server`);
      expect(taken.output()).not.toMatch(/EADDRINUSE|at Server\./);
    } finally {
      await new Promise((r) => holder.close(r));
    }
    // The lock was released: a server on a free port opens the same folder.
    const q = await freePort();
    const next = run({ ...devEnv(), PORT: String(q), SECTIONSMITH_DATA_DIR: dir });
    await untilServing(next, q);
    next.child.kill("SIGTERM");
    await expectExit(next, 0);
  }, 120_000);
});

describe("server process bounds", () => {
  it("answers a body that does not arrive in time with 408 and closes it; closes connections past the cap at once", async () => {
    const p = await freePort();
    const server = run({
      ...devEnv(),
      PORT: String(p),
      SECTIONSMITH_DATA_DIR: tempDir(),
      SECTIONSMITH_REQUEST_TIMEOUT: "2",
      SECTIONSMITH_MAX_CONNECTIONS: "4",
    });
    await untilServing(server, p);
    const open = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(p, "127.0.0.1", () => resolve(socket));
        socket.on("error", reject);
      });
    /** What the socket receives until it closes, and when it closed (ms after `from`). */
    const untilClosed = (socket: Socket, from: number) =>
      new Promise<{ data: string; after: number }>((resolve) => {
        let data = "";
        socket.on("data", (d) => (data += String(d)));
        socket.on("error", () => undefined);
        socket.on("close", () => resolve({ data, after: Date.now() - from }));
      });
    // A slow body: the headers, a tenth of the body, then nothing.
    const slow = await open();
    const started = Date.now();
    const slowClosed = untilClosed(slow, started);
    slow.write(
      `POST /libraries HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${await token("ana@x.test")}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"id": "sl`,
    );
    const waited = await Promise.race([slowClosed, new Promise<undefined>((r) => setTimeout(r, 15_000))]);
    expectWithMessage(waited, "the socket is still open after 15 s").toBeDefined();
    expect(waited!.data).toMatch(/^HTTP\/1\.1 408/);
    expect(waited!.after).toBeLessThan(6_000);
    // Four connections are held; a fifth is closed as it arrives, with nothing said.
    const held = await Promise.all([open(), open(), open(), open()]);
    const fifth = await open().catch(() => undefined);
    if (fifth) {
      const closed = await Promise.race([
        untilClosed(fifth, Date.now()),
        new Promise<undefined>((r) => setTimeout(r, 1_000)),
      ]);
      expectWithMessage(closed, "the fifth connection stayed open").toBeDefined();
      expect(closed!.data).toBe("");
    }
    for (const socket of held) socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`http://127.0.0.1:${p}/health`)).status).toBe(200);
    server.child.kill("SIGTERM");
    await expectExit(server, 0);
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
