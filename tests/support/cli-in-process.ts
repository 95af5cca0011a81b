import { PassThrough } from "node:stream";
import { io, main } from "../../src/cli/main";

// The CLI's main run inside the test's process, its output streams captured: faster than spawning the
// built executable (tests/cli/spawn-cli.ts does that where the shell's view matters).

export type InProcessExit = { code: number; stdout: Buffer; stderr: string };

/** Runs `sectionsmith ARGV…` through main with io's streams captured; io is restored whatever happens. */
export async function runCliInProcess(argv: readonly string[]): Promise<InProcessExit> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on("data", (c: Buffer) => out.push(c));
  stderr.on("data", (c: Buffer) => err.push(c));
  const saved = { ...io };
  Object.assign(io, { stdout, stderr });
  try {
    const code = await main(argv);
    return { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString("utf8") };
  } finally {
    Object.assign(io, saved);
  }
}
