// The built server (dist/server/index.js) started with exactly the settings given (plus PATH and a free
// PORT): either it serves — its "serving" log line, a stop() — or it exits, with its output.

import { spawn } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./pane";
import { freePort } from "../../support/server-process";

export type Start = {
  /** The exit code when it stopped instead of serving; null while it serves. */
  exitCode: number | null;
  output: string;
  /** Its "serving" log line, once it serves. */
  log?: Record<string, unknown>;
  url: string;
  stop(): Promise<void>;
};

export async function serverStarts(env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, "dist", "server", "index.js")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((done) => child.once("exit", done));
  const serving = new Promise<Record<string, unknown>>((done) => {
    child.stdout.on("data", (d) => {
      output += String(d);
      for (const line of output.split("\n"))
        if (line.includes('"message":"serving"')) done(JSON.parse(line) as Record<string, unknown>);
    });
  });
  child.stderr.on("data", (d) => (output += String(d)));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const timeout = new Promise<"timeout">((done) => setTimeout(() => done("timeout"), 90_000).unref());
  const first = await Promise.race([
    serving.then((log) => ({ log })),
    exited.then((code) => ({ code })),
    timeout,
  ]);
  const url = `http://127.0.0.1:${port}`;
  if (first === "timeout") {
    await stop();
    throw new Error(`the server neither served nor stopped within 90 s:\n${output}`);
  }
  if ("code" in first) return { exitCode: first.code, output, url, stop };
  return { exitCode: null, output, log: first.log, url, stop };
}
