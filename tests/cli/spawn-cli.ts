import { spawn, type StdioOptions } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expectWithMessage } from "../support/expect-message";

// Runs the built executable (dist/cli/index.js, made by `npm run build:engine`) as a shell would.

export const CLI = join(process.cwd(), "dist/cli/index.js");
export const fixture = (name: string): string => join(process.cwd(), "tests/cli/fixtures", name);

export function expectBuiltCli(): void {
  expectWithMessage(existsSync(CLI), "run `npm run build:engine` (npm test does) before this test").toBe(true);
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string };

export type SpawnOptions = {
  cwd?: string;
  /** Node options before the script, e.g. ["--import", fixture("fast-clock.mjs")]. */
  node?: string[];
  /** Close the read end of stdout at once: every write of the child then meets a closed pipe. */
  closeStdout?: boolean;
  /** Called with each chunk of stderr as it arrives, and the child (to signal it). */
  onStderr?: (text: string, child: ReturnType<typeof spawn>) => void;
};

export function runCli(argv: readonly string[], options: SpawnOptions = {}): Promise<Exit> {
  const stdio: StdioOptions = ["ignore", "pipe", "pipe"];
  const child = spawn(process.execPath, [...(options.node ?? []), CLI, ...argv], {
    cwd: options.cwd,
    stdio,
  });
  const out: Buffer[] = [];
  let err = "";
  if (options.closeStdout) child.stdout!.destroy();
  else child.stdout!.on("data", (c: Buffer) => out.push(c));
  child.stderr!.on("data", (c: Buffer) => {
    err += c.toString("utf8");
    options.onStderr?.(err, child);
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout: Buffer.concat(out), stderr: err }));
  });
}

/** Text a crash would print: a stack frame or the name of the system error. */
export const STACK_TRACE = /^\s+at |EPIPE|ENOTDIR|ENOSPC|node:internal|Error:/m;

export const LIBRARY = {
  format: "sectionsmith/library@1",
  snippets: [
    {
      id: "intro",
      title: "Introduction letter",
      status: "approved",
      body: "Dear {{name}},\n\nThank you.",
      variables: [{ name: "name", type: "text", required: true }],
    },
    { id: "terms", title: "Terms", status: "approved", body: "# Terms\n\nKeep it **short**." },
  ],
};
export const ASSEMBLY = {
  format: "sectionsmith/assembly@1",
  sections: [{ snippet: "intro", values: { name: "Ada" } }, { snippet: "terms" }],
};

/** A library whose `list` output is far larger than a pipe's buffer (64 KiB on Linux). */
export function bigLibrary(count = 3000): unknown {
  return {
    format: "sectionsmith/library@1",
    snippets: Array.from({ length: count }, (_, i) => ({
      id: `clause-${String(i).padStart(5, "0")}`,
      title: `Clause number ${i} with a title long enough to fill the line`,
      status: "approved",
      category: "Contracts/Clauses",
      body: "Text.",
    })),
  };
}
