// The team server started as docs/team-library.md › "Two panes on one computer" says: `npm run server`
// with nothing configured (dev mode on loopback, its own dev key in .sectionsmith-dev/), and sign-in
// tokens from `npm run server:dev-token -- NAME`. Only documented settings are set: PORT and
// SECTIONSMITH_DATA_DIR (a free port, and a throwaway data folder so that runs do not share a library),
// and SECTIONSMITH_CORS_ORIGINS for a pane that `npm start` serves on another port than 3000.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../support/server-process";
import { ROOT } from "./pane";
import { stopProcessGroup, waitUntilServed } from "./npm-process";

export type DocumentedServer = {
  url: string;
  token(user: string): string;
  output(): string;
  close(): Promise<void>;
};

/** `paneOrigin`: where `npm start` serves the pane, when not on the dev default (http://localhost:3000). */
export async function startDocumentedServer(paneOrigin?: string): Promise<DocumentedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "sectionsmith-e2e-docs-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" };
  // Its own process group: npm does not pass SIGTERM on to the server (the docs say so), the group does.
  const child: ChildProcess = spawn("npm", ["run", "server"], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      SECTIONSMITH_DATA_DIR: dataDir,
      ...(paneOrigin ? { SECTIONSMITH_CORS_ORIGINS: paneOrigin } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += String(d)));
  child.stderr!.on("data", (d) => (output += String(d)));
  await waitUntilServed(child, `http://127.0.0.1:${port}/health`, "npm run server", () => output, 90_000);
  return {
    url: `http://localhost:${port}`,
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
      await stopProcessGroup(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
