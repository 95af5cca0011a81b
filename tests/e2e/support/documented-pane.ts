// The task pane served as README.md and docs/team-library.md › "Two panes on one computer" say: `npm start`
// (on a machine without Word: the webpack dev server, in development mode, for the pane in a browser).
// Only documented settings are set: SECTIONSMITH_PANE_PORT (a free port: other copies and other people's
// servers may hold 3000) and SECTIONSMITH_TEAM_SERVERS (the team server's address, for the pane's
// Content-Security-Policy, when it is not the dev default http://localhost:3100).

import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../support/server-process";
import { ROOT } from "./pane";
import { stopProcessGroup, waitUntilServed } from "./npm-process";

export type DocumentedPane = {
  /** The address `npm start` printed for the pane (…/taskpane.html). */
  url: string;
  port: number;
  output(): string;
  close(): Promise<void>;
};

/** `port`: SECTIONSMITH_PANE_PORT (a free one unless told); `teamServers`: SECTIONSMITH_TEAM_SERVERS. */
export async function startDocumentedPane(
  options: { port?: number; teamServers?: string } = {},
): Promise<DocumentedPane> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      SECTIONSMITH_PANE_PORT: String(port),
      ...(options.teamServers ? { SECTIONSMITH_TEAM_SERVERS: options.teamServers } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += String(d)));
  child.stderr!.on("data", (d) => (output += String(d)));
  try {
    // The line README.md tells the user to look for; the dev server answers once its first build is done.
    const url = await waitUntilPrinted(
      child,
      () => /Open (https?:\/\/localhost:\d+\/taskpane\.html) in a browser/.exec(output)?.[1],
      () => output,
    );
    if (new URL(url).port !== String(port))
      throw new Error(`npm start printed ${url}, not the port SECTIONSMITH_PANE_PORT named (${port})`);
    await waitUntilServed(child, url, "npm start", () => output, 240_000);
    return { url, port, output: () => output, close: () => stopProcessGroup(child) };
  } catch (error) {
    await stopProcessGroup(child);
    throw error;
  }
}

/** What `found` finds in the output once it is printed; throws when npm start exits or prints nothing in 120 s. */
async function waitUntilPrinted(
  child: ChildProcess,
  found: () => string | undefined,
  output: () => string,
): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (let url = found(); ; url = found()) {
    if (url) return url;
    if (child.exitCode !== null)
      throw new Error(`npm start exited (${child.exitCode}):\n${output().slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(`npm start printed no address within 120 s:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
