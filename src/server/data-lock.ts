import { randomUUID } from "node:crypto";
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";

// The embedded PostgreSQL (PGlite) runs inside one process: a second server on the same folder would
// corrupt it, and answered writes would be lost. So the folder has a lock, which must hold where a
// process id says nothing — two containers sharing a volume are both pid 1 in pid namespaces of their
// own — and when several servers start at the same moment after a crash.
//
// - Taking it is one atomic step: the owner's record is written into a fresh directory, which is then
//   renamed to `sectionsmith-server.lock`. rename(2) replaces an empty directory but fails on one that
//   holds a record, so of several servers starting together exactly one gets it.
// - A lock left by a server that is gone is removed by deleting that owner's record (by its own unique
//   name, so never someone else's) and then the directory only if empty (rmdir), then taking it as
//   above: a server that took it meanwhile is never removed.
// - Whether the owner is gone: in the same pid namespace of the same running kernel, its pid is asked
//   (and its start time compared, against a reused pid) — an immediate answer. Anywhere else (another
//   container, another machine) the owner's heartbeat says: a worker thread touches its record every
//   second, whatever the main thread is doing (a long migration blocks it); a record that does not move
//   for 5 s is a dead owner's. Starting next to a live owner is refused; starting after a crash in
//   another namespace waits those 5 s.
// - An owner whose record was removed (it stalled for 5 s and someone took over) stops at once.

export class DataDirLocked extends Error {}

const LOCK = "sectionsmith-server.lock";
/** How often the owner touches its record (ms). */
export const HEARTBEAT_MS = 1_000;
/** A record untouched this long (ms) belongs to a server that is gone. */
export const STALE_MS = 5_000;

type Owner = {
  token: string;
  pid: number;
  host: string;
  /** The pid namespace (/proc/self/ns/pid), the kernel's boot and the process's start: Linux only. */
  pidNamespace: string | null;
  bootId: string | null;
  startTime: string | null;
  startedAt: string;
};

const tryRead = (read: () => string): string | null => {
  try {
    return read().trim();
  } catch {
    return null;
  }
};

/** Field 22 of /proc/<pid>/stat: the process's start, in clock ticks since boot (after the command). */
const startTimeOf = (pid: number | "self"): string | null => {
  const stat = tryRead(() => readFileSync(`/proc/${pid}/stat`, "utf8"));
  return stat ? (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null) : null;
};

function me(token: string): Owner {
  return {
    token,
    pid: process.pid,
    host: hostname(),
    pidNamespace: tryRead(() => readlinkSync("/proc/self/ns/pid")),
    bootId: tryRead(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8")),
    startTime: startTimeOf("self"),
    startedAt: new Date().toISOString(),
  };
}

const code = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return code(error) === "EPERM";
  }
};

/** Whether the owner's pid can be asked: the same pid namespace of the same running kernel. */
function sameProcessSpace(owner: Owner, self: Owner): boolean {
  if (owner.pidNamespace && self.pidNamespace)
    return owner.pidNamespace === self.pidNamespace && owner.bootId === self.bootId;
  // Without /proc (macOS, Windows) there are no pid namespaces: the same host is the same space.
  return !owner.pidNamespace && !self.pidNamespace && owner.host === self.host;
}

const mtime = (file: string): number | undefined => {
  try {
    return statSync(file).mtimeMs;
  } catch (error) {
    if (code(error) === "ENOENT") return undefined;
    throw error;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** "alive", "dead", or "gone" (the record disappeared while we looked: its owner let go). */
async function ownerState(file: string, owner: Owner, self: Owner): Promise<"alive" | "dead" | "gone"> {
  if (sameProcessSpace(owner, self)) {
    if (owner.pid === self.pid) return "dead"; // the pid is ours now: its owner is gone
    if (!processAlive(owner.pid)) return "dead";
    const start = startTimeOf(owner.pid);
    return owner.startTime && start && start !== owner.startTime ? "dead" : "alive";
  }
  const first = mtime(file);
  if (first === undefined) return "gone";
  for (let waited = 0; waited < STALE_MS; waited += 200) {
    await sleep(200);
    const now = mtime(file);
    if (now === undefined) return "gone";
    if (now !== first) return "alive";
  }
  return "dead";
}

function describe(owner: Owner, dir: string): string {
  return `Another Sectionsmith server (pid ${owner.pid} on ${owner.host}, started ${owner.startedAt}) is using ${dir}: the embedded database serves one process. Stop it, or run several servers on PostgreSQL (DATABASE_URL)`;
}

/** The heartbeat: a worker thread, so that it beats while the main thread is busy in the database. */
function heartbeat(file: string, onLost: () => void): () => void {
  const worker = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const { utimesSync } = require("node:fs");
     setInterval(() => {
       try { const now = new Date(); utimesSync(workerData.file, now, now); }
       catch (error) { parentPort.postMessage(String(error && error.code)); }
     }, workerData.every);`,
    { eval: true, workerData: { file, every: HEARTBEAT_MS } },
  );
  worker.unref();
  worker.on("message", (message) => {
    if (message === "ENOENT") onLost();
  });
  return () => void worker.terminate();
}

/** A lock file from before this format (a file holding a pid): respected while that pid runs here. */
function legacy(path: string, dir: string): void {
  const pid = Number(tryRead(() => readFileSync(path, "utf8")));
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid))
    throw new DataDirLocked(
      `Another Sectionsmith server (pid ${pid}) is using ${dir}: the embedded database serves one process. Stop it, or run several servers on PostgreSQL (DATABASE_URL)`,
    );
  rmSync(path, { force: true });
}

/**
 * Takes the folder's lock, or throws DataDirLocked naming the server that holds it. Returns the function
 * that lets go of it. `onLost` is called if another server takes it over (this one stalled for STALE_MS).
 */
export async function lockDataDir(dir: string, onLost: () => void): Promise<() => void> {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK);
  const self = me(randomUUID());
  const record = `${self.token}.json`;
  const fresh = join(dir, `.${LOCK}.${self.token}`);
  mkdirSync(fresh);
  writeFileSync(join(fresh, record), JSON.stringify(self));
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        renameSync(fresh, lock);
        const stop = heartbeat(join(lock, record), onLost);
        return () => {
          stop();
          rmSync(join(lock, record), { force: true });
          try {
            rmdirSync(lock);
          } catch {
            // Not empty: someone else's record is there now; it is theirs to remove.
          }
        };
      } catch (error) {
        if (!["ENOTEMPTY", "EEXIST", "ENOTDIR", "EPERM", "EACCES"].includes(code(error) ?? "")) throw error;
      }
      let stat;
      try {
        stat = statSync(lock);
      } catch (error) {
        if (code(error) === "ENOENT") continue; // let go meanwhile: try again
        throw error;
      }
      if (!stat.isDirectory()) {
        legacy(lock, dir);
        continue;
      }
      const records = readdirSync(lock).filter((name) => name.endsWith(".json"));
      if (records.length === 0) {
        // Empty (between a removal and a takeover) or holding something that is not a record.
        try {
          rmdirSync(lock);
        } catch (error) {
          if (code(error) === "ENOTEMPTY" && readdirSync(lock).every((n) => !n.endsWith(".json")))
            throw new DataDirLocked(
              `${lock} holds files that are not a server's record: with no server running on ${dir}, remove that folder`,
            );
        }
        continue;
      }
      const file = join(lock, records[0]!);
      let owner: Owner;
      try {
        owner = JSON.parse(readFileSync(file, "utf8")) as Owner;
      } catch (error) {
        if (code(error) === "ENOENT") continue;
        throw new DataDirLocked(
          `${file} is not a server's record: with no server running on ${dir}, remove ${lock}`,
        );
      }
      const state = await ownerState(file, owner, self);
      if (state === "alive") throw new DataDirLocked(describe(owner, dir));
      if (state === "dead") {
        rmSync(file, { force: true });
        try {
          rmdirSync(lock);
        } catch {
          // Someone else took it over meanwhile, or removed it: the next round sees which.
        }
      }
    }
    throw new DataDirLocked(`Could not lock ${dir}: other servers kept taking and letting go of it`);
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}
