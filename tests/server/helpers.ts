import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { createApp, type LogLine } from "../../src/server/app";
import { createVerifier } from "../../src/server/auth";
import { openPglite, openPostgres, type Database } from "../../src/server/db";
import { migrate } from "../../src/server/migrations";
import { checkedRequest, type OpenApiDocument } from "./contract";

// A server app on PGlite in a temporary folder, with a dev issuer whose key the test holds, and a
// small client: call(user, method, path, { body, ifMatch }).

export const ISSUER = "sectionsmith-test";
export const AUDIENCE = "sectionsmith";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON replies, read field by field in assertions
export type Reply = { status: number; body: any; etag: string | null; headers: Headers };

/** The database under test: a real PostgreSQL when DATABASE_URL is set, then in a schema of its own. */
export const realPostgres = (): string | undefined => process.env.DATABASE_URL || undefined;

export async function openTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = realPostgres();
  if (url) {
    const schema = `sectionsmith_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = await openPostgres(url, { max: 1 });
    await admin.query(`create schema ${schema}`);
    const db = await openPostgres(url, { schema });
    return {
      db,
      drop: async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.close();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "sectionsmith-server-"));
  return { db: await openPglite(dir), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startServer(
  options: {
    rateLimit?: number;
    signInRateLimit?: number;
    bodyLimit?: number;
    creators?: string[];
    addinDir?: string;
    healthTimeoutMs?: number;
  } = {},
) {
  const { db, drop } = await openTestDatabase();
  await migrate(db);
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: "test", alg: "ES256" };
  const logs: LogLine[] = [];
  const app = createApp({
    db,
    verify: createVerifier({ dev: { issuer: ISSUER, audience: AUDIENCE, jwks: { keys: [jwk] } } }),
    corsOrigins: ["https://addin.example"],
    creators: options.creators ?? [],
    rateLimit: options.rateLimit ?? 10_000,
    signInRateLimit: options.signInRateLimit ?? 10_000,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    ...(options.addinDir ? { addinDir: options.addinDir } : {}),
    ...(options.healthTimeoutMs ? { healthTimeoutMs: options.healthTimeoutMs } : {}),
    log: (line) => logs.push(line),
  });
  // Every answer a test receives, through call() or app.request(), is checked against /openapi.json.
  const request = app.request.bind(app);
  app.request = checkedRequest(
    request as (input: string | Request, init?: RequestInit) => Promise<Response>,
    async () => (await (await request("/openapi.json")).json()) as OpenApiDocument,
  ) as typeof app.request;
  const token = (user: string, claims: Record<string, unknown> = {}, expires = "10m", audience = AUDIENCE) =>
    new SignJWT({ preferred_username: user, ...claims })
      .setProtectedHeader({ alg: "ES256", kid: "test" })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(user)
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(privateKey);

  /** Signs exactly `payload` (plus the test issuer and audience) with the dev key: for tokens that lack something. */
  const sign = (payload: Record<string, unknown>) =>
    new SignJWT({ iss: ISSUER, aud: AUDIENCE, ...payload })
      .setProtectedHeader({ alg: "ES256", kid: "test" })
      .sign(privateKey);

  async function call(
    user: string | undefined,
    method: string,
    path: string,
    init: { body?: unknown; ifMatch?: string | number; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...init.headers };
    if (user) headers.authorization = `Bearer ${await token(user)}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.ifMatch !== undefined)
      headers["if-match"] = typeof init.ifMatch === "number" ? `"${init.ifMatch}"` : init.ifMatch;
    const res = await app.request(path, {
      method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      etag: res.headers.get("etag"),
      headers: res.headers,
    };
  }

  const close = async () => {
    await db.close();
    await drop();
  };
  return { app, db, call, token, sign, logs, close };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;

export const snippet = (id: string, body = `Hello {{name}}.`, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Snippet ${id}`,
  variables: [{ name: "name", type: "text" }],
  body,
  ...extra,
});

/** A library "legal" with ana (admin), bob (author), cy and dee (approvers), ray (reader). */
export async function seedLibrary(s: TestServer): Promise<void> {
  const created = await s.call("ana@x.test", "POST", "/libraries", { body: { id: "legal", name: "Legal" } });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  let revision = created.body.revision as number;
  for (const [user, role] of [
    ["bob@x.test", "author"],
    ["cy@x.test", "approver"],
    ["dee@x.test", "approver"],
    ["ray@x.test", "reader"],
  ]) {
    const r = await s.call("ana@x.test", "PUT", `/libraries/legal/members/${user}`, {
      body: { role },
      ifMatch: revision,
    });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    revision = r.body.library.revision;
  }
}

/** The library's audit log as the CSV export serves it to `who` (the response, for its headers too). */
export const auditCsv = async (s: TestServer, library: string, who: string): Promise<Response> =>
  s.app.request(`/libraries/${library}/audit/export?format=csv`, {
    headers: { authorization: `Bearer ${await s.token(who)}` },
  });
