import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";

// The embedded PostgreSQL (PGlite) runs inside one process: a second server on the same folder would
// corrupt it. A lock file holding the owner's pid keeps a second process out (a lock left by a process
// that no longer runs is taken over). Teams that want several server processes use DATABASE_URL.

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

export class DataDirLocked extends Error {}

/** Takes the folder's lock; returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "sectionsmith-server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner))
        throw new DataDirLocked(
          `Another Sectionsmith server (pid ${owner}) is using ${dir}: the embedded database serves one process. Stop it, or run several servers on PostgreSQL (DATABASE_URL)`,
        );
      rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  throw new DataDirLocked(`Could not lock ${dir}`);
}
