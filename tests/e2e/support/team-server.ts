// The team library server as a process, as a team runs it: `npm run build:server`, then
// `node dist/server/index.js` on PGlite in a temporary SECTIONSMITH_DATA_DIR, on a free PORT, with the dev
// issuer (the test holds its private key and signs each user's token) and CORS for the pane's origin.
// stop() ends it (SIGTERM) and start() brings it back on the same port and data folder.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { freePort } from "../../support/server-process";
import { ROOT } from "./pane";

export type TeamServer = {
  url: string;
  token(user: string): Promise<string>;
  call(
    user: string,
    method: string,
    path: string,
    init?: { body?: unknown; ifMatch?: number },
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON replies
  start(): Promise<void>;
  stop(): Promise<void>;
  close(): Promise<void>;
  output(): string;
};

/**
 * `paneOrigin`: the origin CORS lets in; undefined when the server serves the pane itself (`env` then
 * names SECTIONSMITH_ADDIN_DIR). `env`: more settings for the server.
 */
export async function startTeamServer(
  paneOrigin: string | undefined,
  env: Record<string, string> = {},
): Promise<TeamServer> {
  const built = spawnSync("npm", ["run", "--silent", "build:server"], { cwd: ROOT, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`npm run build:server failed:\n${built.stdout}${built.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), "sectionsmith-e2e-team-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: "e2e", alg: "ES256" }] });
  let child: ChildProcess | undefined;
  let output = "";

  const token = (user: string) => sign(privateKey, user);
  const start = async () => {
    child = spawn(process.execPath, [join(ROOT, "dist", "server", "index.js")], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(port),
        SECTIONSMITH_DATA_DIR: dataDir,
        SECTIONSMITH_DEV_JWKS: jwks,
        ...(paneOrigin ? { SECTIONSMITH_CORS_ORIGINS: paneOrigin } : {}),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += String(d)));
    child.stderr!.on("data", (d) => (output += String(d)));
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`the team server exited:\n${output.slice(-3000)}`);
      const up = await fetch(`${url}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the team server did not serve within 60 s:\n${output.slice(-3000)}`);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url,
    token,
    start,
    stop,
    output: () => output,
    async call(user, method, path, init = {}) {
      const headers: Record<string, string> = { authorization: `Bearer ${await token(user)}` };
      if (init.body !== undefined) headers["content-type"] = "application/json";
      if (init.ifMatch !== undefined) headers["if-match"] = `"${init.ifMatch}"`;
      const res = await fetch(`${url}${path}`, {
        method,
        headers,
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A token of the server's dev issuer (its default issuer and audience) for `user`. */
function sign(key: CryptoKey, user: string): Promise<string> {
  return new SignJWT({ preferred_username: user, name: user })
    .setProtectedHeader({ alg: "ES256", kid: "e2e" })
    .setIssuer("sectionsmith-dev")
    .setAudience("sectionsmith")
    .setSubject(user)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
}

/**
 * taskpane.html as a deployment built with SECTIONSMITH_TEAM_SERVERS=<url> serves it: the team server
 * added to connect-src (webpack.config.js csp()). The default build lets the pane reach only itself.
 */
export function allowTeamServer(html: string, url: string): string {
  const before = "connect-src 'self';";
  if (!html.includes(before)) throw new Error("taskpane.html has no connect-src 'self'; to extend");
  return html.replace(before, `connect-src 'self' ${new URL(url).origin};`);
}
