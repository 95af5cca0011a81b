import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { freePort } from "../support/server-process";
import { expectWithMessage } from "../support/expect-message";
import { expectExit, serverProcesses, untilServing, whichServes, type Started } from "./spawn-server";

// The embedded database's folder lock (src/server/data-lock.ts), with real server processes: a second
// server on the same folder refuses to start — also when both are pid 1 in pid namespaces of their own,
// as two containers sharing a volume are — and of several servers starting at once on a folder whose
// owner was killed (kill -9 leaves its lock behind), exactly one serves. The pid-namespace cases need
// root for `unshare --pid --fork` (Linux); elsewhere they are skipped with a message.

const { setUp, tearDown, run, tempDir, devEnv } = serverProcesses();
beforeAll(setUp, 60_000);
afterAll(tearDown);

const canUnshare = (() => {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return false;
  try {
    execFileSync("unshare", ["--pid", "--fork", "--kill-child", "true"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
if (!canUnshare)
  console.info("tests/server/data-lock.test.ts: not root on Linux, so the pid-namespace cases are skipped");

/** `unshare --pid --fork --kill-child`: the server is pid 1 of a namespace of its own, and dies with it. */
const NAMESPACE = ["unshare", "--pid", "--fork", "--kill-child"];

async function start(dir: string, prefix?: string[]): Promise<{ server: Started; port: number }> {
  const port = await freePort();
  const server = run(
    { ...devEnv(), PORT: String(port), SECTIONSMITH_DATA_DIR: dir },
    prefix ? { prefix } : {},
  );
  return { server, port };
}

async function killHard(server: Started): Promise<void> {
  server.child.kill("SIGKILL");
  await server.exited;
}

/** Starts `count` servers at the same moment on `dir`; exactly one must serve, the others exit 1. */
async function startTogether(dir: string, count: number, prefix?: string[]): Promise<Started> {
  const started = await Promise.all(Array.from({ length: count }, () => start(dir, prefix)));
  const servers = started.map((s) => s.server);
  const serving = await whichServes(
    servers,
    started.map((s) => s.port),
  );
  const outputs = servers.map((s, k) => `--- server ${k}:\n${s.output()}`).join("\n");
  expectWithMessage(serving, outputs).toHaveLength(1);
  for (const [k, s] of servers.entries()) {
    if (k === serving[0]) continue;
    await expectExit(s, 1);
    expectWithMessage(s.output(), outputs).toMatch(/Another Sectionsmith server \(pid \d+ on .+\) is using/);
  }
  return servers[serving[0]!]!;
}

describe("the embedded database's folder lock", () => {
  it("of several servers starting at once after the owner was killed, exactly one serves (same pid namespace)", async () => {
    const dir = tempDir();
    const first = await start(dir);
    await untilServing(first.server, first.port);
    await killHard(first.server);
    expect(existsSync(join(dir, "sectionsmith-server.lock"))).toBe(true); // left behind
    let winner = await startTogether(dir, 4);
    await killHard(winner);
    winner = await startTogether(dir, 4);
    winner.signal("SIGTERM");
    await expectExit(winner, 0);
    expect(readdirSync(dir).filter((name) => name.includes("sectionsmith-server.lock"))).toEqual([]);
  }, 180_000);

  (canUnshare ? it : it.skip)(
    "keeps a second server off the folder when both are pid 1 in namespaces of their own",
    async () => {
      const dir = tempDir();
      const first = await start(dir, NAMESPACE);
      await untilServing(first.server, first.port);
      const second = await start(dir, NAMESPACE);
      // Fails at once (rather than waiting for an exit that never comes) if the second one serves.
      await Promise.race([
        expectExit(second.server, 1),
        untilServing(second.server, second.port).then(
          () => {
            throw new Error(`the second server serves too:\n${second.server.output()}`);
          },
          () => undefined,
        ),
      ]);
      expect(second.server.output()).toMatch(/Another Sectionsmith server \(pid 1 on .+\) is using/);
      // The first one is still the only one, and serving.
      expect((await fetch(`http://127.0.0.1:${first.port}/health`)).status).toBe(200);
      first.server.signal("SIGTERM");
      await expectExit(first.server, 0);
    },
    120_000,
  );

  (canUnshare ? it : it.skip)(
    "of several pid-1 servers starting at once after the owner (pid 1 too) was killed, exactly one serves",
    async () => {
      const dir = tempDir();
      const first = await start(dir, NAMESPACE);
      await untilServing(first.server, first.port);
      await killHard(first.server);
      let winner = await startTogether(dir, 3, NAMESPACE);
      await killHard(winner);
      winner = await startTogether(dir, 3, NAMESPACE);
      winner.signal("SIGTERM");
      await expectExit(winner, 0);
    },
    300_000,
  );
});
