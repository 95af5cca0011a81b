import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { generateKeyPair, SignJWT } from "jose";
import { AUDIENCE, ISSUER, realPostgres, startServer, type TestServer } from "./helpers";
import { expectWithMessage } from "../support/expect-message";

let s: TestServer;
beforeAll(async () => {
  s = await startServer({ rateLimit: 30, bodyLimit: 2000, creators: ["boss@x.test"] });
}, 60_000); // PGlite's first start (WebAssembly, initdb) is slow on a busy machine
afterAll(() => s.close());

describe("server conventions", () => {
  it("answers /health without a token", async () => {
    const r = await s.call(undefined, "GET", "/health");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: "ok", database: "ok" });
  });

  it("answers /health 503 when the database does not answer, and does not wait past its time for one that is stuck", async () => {
    const own = await startServer({ healthTimeoutMs: 300 });
    try {
      if (!realPostgres()) {
        // The embedded database runs one statement or transaction at a time: one held open is a stuck database.
        let release!: () => void;
        const held = own.db.transaction(() => new Promise<void>((done) => (release = done)));
        const started = performance.now();
        const slow = await own.call(undefined, "GET", "/health").finally(() => release());
        expect(performance.now() - started).toBeLessThan(5000);
        expect([slow.status, slow.body.code, slow.body.database]).toEqual([
          503,
          "DATABASE_UNAVAILABLE",
          "slow",
        ]);
        expect(slow.headers.get("retry-after")).toBe("5");
        await held;
        expect((await own.call(undefined, "GET", "/health")).status).toBe(200);
      }
      await own.db.close();
      const down = await own.call(undefined, "GET", "/health");
      expect([down.status, down.body.code, down.body.database]).toEqual([
        503,
        "DATABASE_UNAVAILABLE",
        "unreachable",
      ]);
      expect(down.body.message).toMatch(/database does not answer/);
    } finally {
      await own.close().catch(() => undefined);
    }
  }, 60_000);

  it("publishes an OpenAPI 3.1 document generated from the request schemas", async () => {
    const r = await s.call(undefined, "GET", "/openapi.json");
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(["/libraries", "/libraries/{library}/snippets", "/libraries/{library}/audit"]),
    );
    // The snippet body schema is the engine's: its fields and descriptions appear in the document.
    expect(r.body.paths["/health"].get.security).toEqual([]);
    const input = r.body.components.schemas.SnippetInput;
    expect(input.required).toEqual(expect.arrayContaining(["id", "title", "body"]));
    expect(input.properties.kind.enum).toEqual(["body", "header", "footer"]);
  });

  it("answers 401 with { code, message } on every other route without a token, known or not", async () => {
    for (const path of ["/libraries", "/me", "/libraries/legal/snippets", "/no/such/route"]) {
      const r = await s.call(undefined, "GET", path);
      expectWithMessage(r.status, path).toBe(401);
      expect(r.body.code).toBe("SIGN_IN_REQUIRED");
      expect(r.body.message).toMatch(/Sign in/);
    }
  });

  it("refuses expired, malformed, foreign-issuer, wrongly signed and wrong-audience tokens with 401 TOKEN_INVALID", async () => {
    const expired = await s.token("ana@x.test", {}, "-1m");
    const garbage = "not-a-jwt";
    const other = await generateKeyPair("ES256");
    const sign = (issuer: string, audience: string) =>
      new SignJWT({ preferred_username: "ana@x.test" })
        .setProtectedHeader({ alg: "ES256", kid: "test" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setExpirationTime("5m")
        .sign(other.privateKey);
    for (const [token, pattern] of [
      [expired, /expired/],
      [garbage, /not a JWT/],
      [await sign("someone-else", AUDIENCE), /issuer is not one this server trusts/],
      [await sign(ISSUER, AUDIENCE), /could not be verified/], // right issuer, wrong key
      [await s.token("ana@x.test", {}, "5m", "another-api"), /not issued for this server/],
    ] as const) {
      const r = await s.app.request("/me", { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(401);
      const body = await r.json();
      expect(body.code).toBe("TOKEN_INVALID");
      expect(body.message).toMatch(pattern);
    }
  });

  it("refuses dev tokens without an expiry or a subject, with an unbelievable lifetime, or naming a user by email alone", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const [payload, pattern] of [
      [{ sub: "ana@x.test", preferred_username: "ana@x.test", iat: now }, /no exp claim/],
      [{ preferred_username: "ana@x.test", iat: now, exp: now + 600 }, /no sub claim/],
      [{ email: "ana@x.test", iat: now, exp: now + 600 }, /no sub claim/],
      [{ sub: "ana@x.test", iat: now, exp: now + 100 * 365 * 86400 }, /longer than 28 hours/],
      [{ sub: "ana@x.test", iat: now + 365 * 86400, exp: now + 600 }, /issued in the future/],
    ] as const) {
      const r = await s.app.request("/me", { headers: { authorization: `Bearer ${await s.sign(payload)}` } });
      const body = await r.json();
      expectWithMessage([r.status, body.code], JSON.stringify(payload)).toEqual([401, "TOKEN_INVALID"]);
      expectWithMessage(body.message, JSON.stringify(payload)).toMatch(pattern);
    }
    // With a subject, an email claim is never the name: the subject is.
    const r = await s.app.request("/me", {
      headers: {
        authorization: `Bearer ${await s.sign({ sub: "u-17", email: "boss@x.test", iat: now, exp: now + 600 })}`,
      },
    });
    expect((await r.json()).user).toBe("u-17");
  });

  it("lets only the people in SECTIONSMITH_CREATORS create libraries when it is set", async () => {
    const refused = await s.call("ana@x.test", "POST", "/libraries", { body: { id: "a", name: "A" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/SECTIONSMITH_CREATORS/);
    expect((await s.call("Boss@X.test", "POST", "/libraries", { body: { id: "a", name: "A" } })).status).toBe(
      201,
    );
  });

  it("answers 404 JSON for an unknown route once signed in", async () => {
    const r = await s.call("ana@x.test", "GET", "/no/such/route");
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("NOT_FOUND");
  });

  it("allows CORS for the add-in's origin only", async () => {
    const ok = await s.app.request("/health", { headers: { origin: "https://addin.example" } });
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://addin.example");
    const other = await s.app.request("/health", { headers: { origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses a body over the size limit with 413 JSON", async () => {
    const r = await s.call("ana@x.test", "POST", "/libraries", {
      body: { id: "big", name: "x".repeat(5000) },
    });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("writes one JSON log line per request, naming the user", async () => {
    await s.call("log@x.test", "GET", "/libraries");
    const line = [...s.logs].reverse().find((l) => l.path === "/libraries");
    expect(line).toMatchObject({ method: "GET", status: 200, user: "log@x.test", level: "info" });
    expect(typeof line?.ms).toBe("number");
  });

  it("limits requests per user per minute with 429 and Retry-After", async () => {
    let last = await s.call("busy@x.test", "GET", "/libraries");
    for (let i = 0; i < 30 && last.status === 200; i++)
      last = await s.call("busy@x.test", "GET", "/libraries");
    expect(last.status).toBe(429);
    expect(last.body.code).toBe("RATE_LIMITED");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await s.call("calm@x.test", "GET", "/libraries")).status).toBe(200);
  });
});
