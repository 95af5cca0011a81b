// What the documented-steps tests share about the npm commands they start (`npm run server`, `npm start`):
// waiting until one answers, failing with its output when it exits or never does, and stopping it.

import type { ChildProcess } from "node:child_process";

/** Resolves once `url` answers 200; throws with the command's last output when it exits or `timeout` passes. */
export async function waitUntilServed(
  child: ChildProcess,
  url: string,
  command: string,
  output: () => string,
  timeout: number,
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command} exited (${child.exitCode}):\n${output().slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(
        `${command} did not serve ${url} within ${timeout / 1000} s:\n${output().slice(-3000)}`,
      );
    const up = await fetch(url, { signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Ends a command started with `detached: true` (its own process group): npm does not pass SIGTERM on to
 * what it runs, the group gets it.
 */
export async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGTERM");
  await exited;
}
