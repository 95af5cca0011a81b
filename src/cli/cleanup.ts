import { unlinkSync } from "node:fs";
import { constants } from "node:os";

// Temporary files of an atomic write are removed when the process is interrupted: Ctrl-C (SIGINT),
// kill (SIGTERM) or a closed terminal (SIGHUP) must not leave ".out.docx.1a2b3c4d.tmp" beside the output.

const temporary = new Set<string>();

export const trackTemporary = (path: string): void => void temporary.add(path);
export const forgetTemporary = (path: string): void => void temporary.delete(path);

/** Synchronous: it runs in signal and exit handlers, where nothing asynchronous gets to finish. */
export function removeTemporaryFiles(): void {
  for (const path of temporary) {
    try {
      unlinkSync(path);
    } catch {
      // Already renamed into place or removed: nothing left to clean.
    }
  }
  temporary.clear();
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Installed by the executable (not by main(), which tests call in-process). After cleaning up, the
 * signal is raised again with its default action, so the shell sees the command ended by it (exit
 * status 130 for Ctrl-C, 143 for kill) and a script's loop stops as it would for any other command.
 */
export function removeTemporaryFilesOnExit(): void {
  const onSignal = (signal: NodeJS.Signals): void => {
    removeTemporaryFiles();
    for (const s of SIGNALS) process.removeListener(s, onSignal);
    process.exitCode = 128 + (constants.signals[signal] ?? 0);
    process.kill(process.pid, signal);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  process.on("exit", removeTemporaryFiles);
}
