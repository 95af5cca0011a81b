import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";

// The team library server as a real process, as `npm run server` starts it (src/server/main.ts bundled
// by esbuild), on the embedded PostgreSQL in a temporary folder (or DATABASE_URL when given), with a dev
// issuer whose private key the test holds. For tests of clients (the CLI) and for the bench.

export const DEV_ISSUER = "sectionsmith-test";
export const DEV_AUDIENCE = "sectionsmith";

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** A dev token for `user`; `expires` as jose takes it ("10m", or a past time in seconds since 1970). */
  token: (user: string, expires?: string | number) => Promise<string>;
  /** A JSON call; the body and ETag of the answer. */
  call: (
    user: string,
    method: string,
    path: string,
    body?: unknown,
    ifMatch?: string,
  ) => Promise<{ status: number; etag: string | null; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON, read field by field
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server and waits until GET /health answers 200. */
export async function startServerProcess(
  options: { env?: Record<string, string>; databaseUrl?: string } = {},
): Promise<ServerProcess> {
  // Next to the project, so that its bare imports (hono, pg, …) resolve from node_modules.
  const bundle = join(".tmp", `server-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: ["src/server/main.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: bundle,
    logLevel: "warning",
  });
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: "dev", alg: "ES256" }] });
  const dataDir = mkdtempSync(join(tmpdir(), "sectionsmith-server-proc-"));
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      SECTIONSMITH_DEV_JWKS: jwks,
      SECTIONSMITH_DEV_ISSUER: DEV_ISSUER,
      SECTIONSMITH_DEV_AUDIENCE: DEV_AUDIENCE,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { SECTIONSMITH_DATA_DIR: dataDir }),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += String(d)));
  child.stderr!.on("data", (d) => (output += String(d)));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const cleanup = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 1200) {
      child.kill("SIGKILL");
      cleanup();
      throw new Error(`the server did not start: ${output}`);
    }
    const ok = await fetch(`${url}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const token = (user: string, expires: string | number = "30m") =>
    new SignJWT({ preferred_username: user })
      .setProtectedHeader({ alg: "ES256", kid: "dev" })
      .setIssuer(DEV_ISSUER)
      .setAudience(DEV_AUDIENCE)
      .setSubject(user)
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(privateKey as CryptoKey);
  const call: ServerProcess["call"] = async (user, method, path, body, ifMatch) => {
    const headers: Record<string, string> = { authorization: `Bearer ${await token(user)}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (ifMatch) headers["if-match"] = ifMatch;
    const res = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, etag: res.headers.get("etag"), body: text ? JSON.parse(text) : null };
  };
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    cleanup();
  };
  return { url, child, output: () => output, token, call, stop };
}
