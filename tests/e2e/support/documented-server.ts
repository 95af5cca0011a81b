// The team server started as docs/team-library.md › "Two panes on one computer" says: `npm run server`
// with nothing configured (dev mode on loopback, its own dev key in .sectionsmith-dev/), and sign-in
// tokens from `npm run server:dev-token -- NAME`. Only PORT and SECTIONSMITH_DATA_DIR are set (both
// documented): a free port, and a throwaway data folder so that runs do not share a library.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./pane";

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

export type DocumentedServer = {
  url: string;
  token(user: string): string;
  output(): string;
  close(): Promise<void>;
};

export async function startDocumentedServer(): Promise<DocumentedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "sectionsmith-e2e-docs-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
  // Its own process group: npm does not pass SIGTERM on to the server (the docs say so), the group does.
  const child: ChildProcess = spawn("npm", ["run", "server"], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), SECTIONSMITH_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += String(d)));
  child.stderr!.on("data", (d) => (output += String(d)));
  const url = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`npm run server exited:\n${output.slice(-3000)}`);
    if (i > 900) throw new Error(`npm run server did not serve within 90 s:\n${output.slice(-3000)}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    token(user) {
      const made = spawnSync("npm", ["run", "-s", "server:dev-token", "--", user], {
        cwd: ROOT,
        env,
        encoding: "utf8",
      });
      if (made.status !== 0) throw new Error(`server:dev-token failed:\n${made.stderr}`);
      return made.stdout.trim();
    },
    async close() {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once("exit", r));
        process.kill(-child.pid, "SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
