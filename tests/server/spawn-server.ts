import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { expectWithMessage } from "../support/expect-message";
import { AUDIENCE, ISSUER } from "./helpers";

// The server as a process, as `npm run server` starts it (src/server/main.ts bundled by esbuild), for
// the tests of start-up, stopping and the data folder's lock: run it (optionally behind a command such
// as `unshare --pid --fork`), wait until it serves, check how it exited with its output shown.

export type Started = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Sends the server itself a signal (behind a prefix such as unshare, that is its child). */
  signal: (signal: NodeJS.Signals) => void;
};

export function serverProcesses() {
  // Next to the project, so that its bare imports (hono, pg, …) resolve from node_modules.
  const bundle = resolve(".tmp", `server-test-${process.pid}-${Math.floor(Math.random() * 1e9)}.mjs`);
  let jwks = "";
  let privateKey: CryptoKey;
  const dirs: string[] = [];
  const children: ChildProcess[] = [];

  const setUp = async () => {
    await build({
      entryPoints: ["src/server/main.ts"],
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      outfile: bundle,
      logLevel: "warning",
    });
    const pair = await generateKeyPair("ES256");
    privateKey = pair.privateKey;
    jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: "p", alg: "ES256" }] });
  };
  const tearDown = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { force: true });
  };

  /** Starts `node <bundle>` (after `prefix`, e.g. ["unshare", "--pid", "--fork"]) with only PATH and `env`. */
  function run(env: Record<string, string>, options: { prefix?: string[]; cwd?: string } = {}): Started {
    const [command, ...args] = [...(options.prefix ?? []), process.execPath, bundle];
    const child = spawn(command!, args, {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    children.push(child);
    let output = "";
    child.stdout!.on("data", (d) => (output += String(d)));
    child.stderr!.on("data", (d) => (output += String(d)));
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    const signal = (name: NodeJS.Signals) => {
      if (!options.prefix) return void child.kill(name);
      // `unshare --fork` waits for its child and does not pass SIGTERM on: signal the child (Linux).
      const [server] = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")
        .trim()
        .split(" ");
      process.kill(Number(server), name);
    };
    return { child, output: () => output, exited, signal };
  }

  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "sectionsmith-proc-"));
    dirs.push(dir);
    return dir;
  };
  const token = (user: string, claims: Record<string, unknown> = {}) =>
    new SignJWT({ preferred_username: user, ...claims })
      .setProtectedHeader({ alg: "ES256", kid: "p" })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(user)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(privateKey);
  const devEnv = () => ({
    SECTIONSMITH_DEV_JWKS: jwks,
    SECTIONSMITH_DEV_ISSUER: ISSUER,
    SECTIONSMITH_DEV_AUDIENCE: AUDIENCE,
  });
  return { setUp, tearDown, run, tempDir, token, devEnv, bundle };
}

/** The exit code, with the server's whole output shown when it is not the one expected. */
export async function expectExit(s: Started, code: number): Promise<void> {
  const exited = await s.exited;
  expectWithMessage(exited, `exit code ${exited}; the server's output:\n${s.output()}`).toBe(code);
}

/** Resolves once GET /health answers 200; throws (with the output) if the server exits first. */
export async function untilServing(s: Started, port: number, host = "127.0.0.1"): Promise<void> {
  for (let i = 0; i < 900; i++) {
    if (s.child.exitCode !== null) throw new Error(`server exited ${s.child.exitCode}: ${s.output()}`);
    const ok = await fetch(`http://${host}:${port}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${s.output()}`);
}

/** Whichever of the servers starts serving, or undefined once all have exited. */
export async function whichServes(servers: readonly Started[], ports: readonly number[]): Promise<number[]> {
  const serving: number[] = [];
  await Promise.all(
    servers.map((s, k) =>
      untilServing(s, ports[k]!).then(
        () => void serving.push(k),
        () => undefined,
      ),
    ),
  );
  return serving.sort();
}

export const randomPort = () => 20_000 + Math.floor(Math.random() * 20_000);
