import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectWithMessage } from "../support/expect-message";
import { seedLibrary, snippet, startServer, type TestServer } from "./helpers";

// A client's mistakes are answered 400 or 415 with a code that says what to fix — never 500 with a
// stack trace in the log — on either database: bodies that are not JSON, not declared as JSON, or
// compressed; text PostgreSQL cannot store (a NUL character); numbers beyond its integers. And the
// hygiene around them: 413 closes the connection and says so; CORS grants nothing to other origins.

const ANA = "ana@x.test"; // admin
const BOB = "bob@x.test"; // author

let s: TestServer;
let etag = "";
beforeAll(async () => {
  s = await startServer({ bodyLimit: 4096 });
  await seedLibrary(s);
  const created = await s.call(BOB, "POST", "/libraries/legal/snippets", { body: snippet("terms") });
  etag = created.etag!;
}, 60_000);
afterAll(() => s.close());

/** A request with exactly these headers and body bytes. */
async function raw(user: string, method: string, path: string, body?: string | Uint8Array, headers = {}) {
  const response = await s.app.request(path, {
    method,
    headers: { authorization: `Bearer ${await s.token(user)}`, ...headers },
    ...(body !== undefined ? { body: body as BodyInit } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const JSON_TYPE = { "content-type": "application/json" };
const errorsLogged = () => s.logs.filter((l) => l.level === "error");

describe("bodies", () => {
  it("answers malformed JSON with 400 INVALID_JSON on every route that takes a body", async () => {
    for (const [method, path] of [
      ["POST", "/libraries"],
      ["POST", "/libraries/legal/snippets"],
      ["POST", "/libraries/legal/snippets/terms/versions"],
      ["PATCH", "/libraries/legal/snippets/terms"],
      ["POST", "/libraries/legal/snippets/terms/versions/1/submit"],
      ["PUT", "/libraries/legal/members/zed@x.test"],
      ["POST", "/libraries/legal/usage"],
    ] as const) {
      const r = await raw(ANA, method, path, '{"id": "x", "name": ', { ...JSON_TYPE, "if-match": etag });
      expectWithMessage([r.status, r.body.code], `${method} ${path}`).toEqual([400, "INVALID_JSON"]);
      expect(r.body.message).toMatch(/not valid JSON/);
    }
    const empty = await raw(ANA, "POST", "/libraries", "", JSON_TYPE);
    expect([empty.status, empty.body.code]).toEqual([400, "INVALID_JSON"]);
    const latin1 = await raw(
      ANA,
      "POST",
      "/libraries",
      new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x7d]),
      JSON_TYPE,
    );
    expect([latin1.status, latin1.body.code]).toEqual([400, "INVALID_JSON"]);
    expect(errorsLogged()).toEqual([]);
  });

  it("answers JSON sent as text/plain, without a Content-Type, or compressed, with 415", async () => {
    const json = JSON.stringify({ id: "plain", name: "Plain" });
    const plain = await raw(ANA, "POST", "/libraries", json, { "content-type": "text/plain" });
    expect([plain.status, plain.body.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    expect(plain.body.message).toMatch(/Content-Type: application\/json/);
    const untyped = await raw(ANA, "POST", "/libraries", new TextEncoder().encode(json));
    expect([untyped.status, untyped.body.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const gzip = await raw(ANA, "POST", "/libraries", new Uint8Array(gzipSync(json)), {
      ...JSON_TYPE,
      "content-encoding": "gzip",
    });
    expect([gzip.status, gzip.body.code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    expect(gzip.body.message).toMatch(/uncompressed/);
    const latin = await raw(ANA, "POST", "/libraries", json, {
      "content-type": "application/json; charset=iso-8859-1",
    });
    expect(latin.status).toBe(415);
    // Nothing was created by any of them.
    expect((await s.call(ANA, "GET", "/libraries/plain")).status).toBe(404);
    expect(errorsLogged()).toEqual([]);
  });
});

describe("text and numbers the database cannot store", () => {
  it("answers a NUL character in q, a member name, a library name, a comment or an owner with 400", async () => {
    const replies = [
      await s.call(ANA, "GET", "/libraries/legal/snippets?q=a%00b"),
      await s.call(ANA, "PUT", "/libraries/legal/members/zed%00@x.test", {
        body: { role: "reader" },
        ifMatch: 1,
      }),
      await s.call(ANA, "POST", "/libraries", { body: { id: "nul", name: "Null\u0000ed" } }),
      await s.call(ANA, "POST", "/libraries/legal/snippets/terms/versions/1/submit", {
        body: { comment: "a\u0000b" },
        ifMatch: etag,
      }),
      await s.call(ANA, "PATCH", "/libraries/legal/snippets/terms", {
        body: { owner: "x\u0000" },
        ifMatch: etag,
      }),
      await s.call(BOB, "POST", "/libraries/legal/snippets", {
        body: snippet("nul", "Hello {{name}}\u0000."),
      }),
      await s.call(ANA, "POST", "/libraries", { body: { id: "half", name: "\ud800 half a pair" } }),
    ];
    for (const [k, r] of replies.entries())
      expectWithMessage([r.status, r.body.code], `request ${k}: ${JSON.stringify(r.body)}`).toEqual([
        400,
        "INVALID_REQUEST",
      ]);
    expect(replies[2]!.body.problems).toEqual([expect.objectContaining({ path: "name" })]);
    expect(errorsLogged()).toEqual([]);
  });

  it("answers numbers beyond PostgreSQL's integers, and a year 0000, with 400", async () => {
    const usage = await s.call(ANA, "POST", "/libraries/legal/usage", {
      body: { events: [{ snippet: "terms", version: 2 ** 31, kind: "insert" }] },
    });
    expect([usage.status, usage.body.code]).toEqual([400, "INVALID_REQUEST"]);
    const version = await s.call(ANA, "POST", `/libraries/legal/snippets/terms/versions/${2 ** 31}/submit`, {
      ifMatch: etag,
    });
    expect([version.status, version.body.code]).toEqual([400, "INVALID_REQUEST"]);
    const readVersion = await s.call(ANA, "GET", `/libraries/legal/snippets/terms/versions/${2 ** 40}`);
    expect(readVersion.status).toBe(400);
    const freshness = await s.call(ANA, "GET", `/libraries/legal/freshness?rare=${2 ** 40}`);
    expect(freshness.status).toBe(400);
    const yearZero = await s.call(BOB, "PATCH", "/libraries/legal/snippets/terms", {
      body: { reviewBy: "0000-01-01" },
      ifMatch: etag,
    });
    expect([yearZero.status, yearZero.body.code]).toEqual([400, "INVALID_REQUEST"]);
    const createdYearZero = await s.call(BOB, "POST", "/libraries/legal/snippets", {
      body: snippet("year-zero", "Hello {{name}}.", { reviewBy: "0000-06-01" }),
    });
    expect([createdYearZero.status, createdYearZero.body.code]).toEqual([400, "INVALID_REQUEST"]);
    expect(errorsLogged()).toEqual([]);
  });
});

describe("413", () => {
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    server = serve({ fetch: s.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("closes the connection and says so (Connection: close), rather than promising keep-alive", async () => {
    const token = await s.token(ANA);
    const body = JSON.stringify({ id: "big", name: "x".repeat(10_000) });
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += String(d)));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => undefined); // the server may close before the whole body is written
    socket.write(
      `POST /libraries HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body}`,
    );
    await closed;
    const head = received.slice(0, received.indexOf("\r\n\r\n")).toLowerCase();
    expect(head).toMatch(/^http\/1\.1 413/);
    expect(head).toMatch(/\r\nconnection: close/);
    expect(head).not.toMatch(/keep-alive/);
    expect(received).toMatch(/"code":"PAYLOAD_TOO_LARGE"/);
  });
});

describe("CORS", () => {
  it("sends no CORS headers at all to an origin that is not allowed, preflight or not", async () => {
    const cors = (h: Headers) => [...h.keys()].filter((k) => k.startsWith("access-control-"));
    const token = await s.token(ANA);
    for (const origin of ["https://evil.example", "null"]) {
      const get = await s.app.request("/me", { headers: { origin, authorization: `Bearer ${token}` } });
      expectWithMessage(cors(get.headers), origin).toEqual([]);
      const preflight = await s.app.request("/libraries/legal/snippets", {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "if-match",
        },
      });
      expectWithMessage(cors(preflight.headers), origin).toEqual([]);
    }
    const allowed = await s.app.request("/libraries/legal/snippets", {
      method: "OPTIONS",
      headers: { origin: "https://addin.example", "access-control-request-method": "POST" },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://addin.example");
    expect(allowed.headers.get("access-control-allow-headers")).toMatch(/If-Match/);
    const get = await s.app.request("/me", {
      headers: { origin: "https://addin.example", authorization: `Bearer ${token}` },
    });
    expect(get.headers.get("access-control-expose-headers")).toMatch(/ETag/);
    expect(get.headers.get("vary")).toMatch(/Origin/);
  });
});
