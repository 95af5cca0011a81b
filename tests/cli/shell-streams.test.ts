import { execFile, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";
import {
  ASSEMBLY,
  CLI,
  LIBRARY,
  STACK_TRACE,
  bigLibrary,
  expectBuiltCli,
  fixture,
  runCli,
} from "./spawn-cli";
import { expectWithMessage } from "../support/expect-message";

// The built CLI at the shell: closed pipes, signals while writing, progress only on a terminal
// (issues 11 and 14). Each test spawns dist/cli/index.js as a shell would.

const exec = promisify(execFile);
let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  expectBuiltCli();
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-shell-"));
  await writeFile(file("lib.json"), JSON.stringify(LIBRARY));
  await writeFile(file("asm.json"), JSON.stringify(ASSEMBLY));
  await writeFile(file("big.json"), JSON.stringify(bigLibrary()));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("writing to a closed pipe ends quietly with exit code 141", () => {
  it("`list … | head -1`: head gets its line, sectionsmith no stack trace", async () => {
    // The listing is far larger than the pipe's buffer, so head is gone long before it is written.
    const script = `"${process.execPath}" "${CLI}" list big.json 2>err.txt | head -1; echo "\${PIPESTATUS[0]}" >&2`;
    const { stdout, stderr } = await exec("bash", ["-c", script], { cwd: dir });
    expect(stdout).toMatch(/^clause-\d{5}@1 +approved +Contracts\/Clauses +Clause number \d+/);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    expect(stderr.trim()).toBe("141");
    const err = (await exec("cat", [file("err.txt")])).stdout;
    expect(err).not.toMatch(STACK_TRACE);
  });

  it.each([
    ["build -o -", ["build", "asm.json", "-l", "lib.json", "-o", "-", "-q"]],
    ["build -o - --as base64", ["build", "asm.json", "-l", "lib.json", "-o", "-", "--as", "base64", "-q"]],
    ["list --json", ["list", "big.json", "--json"]],
    ["list --json (small)", ["list", "lib.json", "--json"]],
    ["--help", ["--help"]],
    ["--version", ["--version"]],
  ])("`%s | true`", async (_, argv) => {
    const r = await runCli(argv, { cwd: dir, closeStdout: true });
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(r.code).toBe(141);
  });

  it("an open pipe still gets everything, with exit code 0", async () => {
    const r = await runCli(["build", "asm.json", "-l", "lib.json", "-o", "-", "-q"], { cwd: dir });
    expect(r.code).toBe(0);
    await expectValidDocx(new Uint8Array(r.stdout));
  });
});

describe("a signal while the output is being written leaves no temporary file", () => {
  it.each(["SIGINT", "SIGTERM", "SIGHUP"] as const)("%s", async (signal) => {
    const out = join(await mkdtemp(join(dir, "sig-")), "out.docx");
    let sent = false;
    let tempsWhenSent: string[] = [];
    const r = await runCli(["build", file("asm.json"), "-l", file("lib.json"), "-o", out], {
      node: ["--import", fixture("hold-rename.mjs")],
      onStderr: (text, child) => {
        // The fixture holds the CLI after the temporary file is complete and before the rename.
        if (sent || !text.includes("HOLD ")) return;
        sent = true;
        void readdir(join(out, "..")).then((names) => {
          tempsWhenSent = names.filter((n) => n.endsWith(".tmp"));
          child.kill(signal);
        });
      },
    });
    expectWithMessage(sent, r.stderr).toBe(true);
    expect(tempsWhenSent).toHaveLength(1);
    expect(await readdir(join(out, ".."))).toEqual([]);
    expect(existsSync(out)).toBe(false);
    // Ended by the signal itself, as a shell expects of an interrupted command.
    expect(r.signal).toBe(signal);
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });
});

describe("progress lines go to stderr only when it is a terminal", () => {
  const slow = ["--import", fixture("fast-clock.mjs")];
  const PROGRESS = /^sectionsmith: (rendering section \d+ of \d+|packing the \.docx)…/m;

  it("not into a pipe or a file, even for a slow build", async () => {
    const r = await runCli(["build", "asm.json", "-l", "lib.json", "-o", "piped.docx"], {
      cwd: dir,
      node: slow,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Wrote piped\.docx/m);
    expect(r.stderr).not.toMatch(PROGRESS);
  });

  const hasScript = spawnSync("script", ["--version"]).status === 0;
  (!hasScript ? it.skip : it)("on a terminal (run under script(1), which gives it a pty)", async () => {
    const command = [process.execPath, ...slow, CLI, "build", "asm.json", "-l", "lib.json", "-o", "tty.docx"]
      .map((a) => `'${a}'`)
      .join(" ");
    const { stdout } = await exec("script", ["-qec", command, "/dev/null"], { cwd: dir });
    expect(stdout).toMatch(PROGRESS);
    expect(stdout).toMatch(/Wrote tty\.docx/);
  });
});
