import { spawn, spawnSync } from "node:child_process";
import { lstatSync, statSync } from "node:fs";
import { link, mkdir, mkdtemp, readFile, readdir, readlink, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";
import { ASSEMBLY, LIBRARY, STACK_TRACE, expectBuiltCli, runCli } from "./spawn-cli";

// Where `-o` may point (issue 14, "Files and streams"): never at an input, never a folder; devices,
// pipes and symlinks are written through, regular files atomically. Every link below points from the
// test's own folder, so a CLI that replaces links instead of writing through them harms only the test.

let dir: string;
const file = (name: string) => join(dir, name);
const libText = JSON.stringify(LIBRARY);
const asmText = JSON.stringify(ASSEMBLY);
const build = (...more: string[]) => ["build", "asm.json", "-l", "lib.json", ...more];

beforeAll(async () => {
  expectBuiltCli();
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-output-"));
  await writeFile(file("lib.json"), libText);
  await writeFile(file("asm.json"), asmText);
  await mkdir(file("sub"));
  await symlink("lib.json", file("lib-link.json"));
  await symlink(file("asm.json"), file("sub/asm-link.json"));
  await link(file("lib.json"), file("lib-hard.json"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const temps = async (folder = dir) => (await readdir(folder)).filter((n) => n.endsWith(".tmp"));

describe("-o naming one of the inputs is refused (exit 1), the input untouched", () => {
  it.each([
    ["the library", build("-o", "lib.json")],
    ["the assembly", build("-o", "asm.json")],
    ["the library by another path", build("-o", "sub/../lib.json")],
    [
      "the assembly by its absolute path",
      ["build", "asm.json", "-l", "lib.json", "-o", join("$DIR", "asm.json")],
    ],
    ["a symlink to the library", build("-o", "lib-link.json")],
    ["a symlink to the assembly, in another folder", build("-o", "sub/asm-link.json")],
    ["a hard link to the library", build("-o", "lib-hard.json")],
    ["the library, read through a symlink", ["build", "asm.json", "-l", "lib-link.json", "-o", "lib.json"]],
    [
      "the second library",
      ["build", "asm.json", "-l", "lib.json", "-l", "lib-hard.json", "-o", "lib-hard.json"],
    ],
    ["with --as base64", build("--as", "base64", "-o", "lib.json")],
  ])("%s", async (_, argv) => {
    const r = await runCli(
      argv.map((a) => a.replace("$DIR", dir)),
      { cwd: dir },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error OUTPUT_IS_INPUT \S+ — .*(library|assembly).*nothing was written/im);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(await readFile(file("lib.json"), "utf8")).toBe(libText);
    expect(await readFile(file("asm.json"), "utf8")).toBe(asmText);
    expect(lstatSync(file("lib-link.json")).isSymbolicLink()).toBe(true);
    expect(lstatSync(file("sub/asm-link.json")).isSymbolicLink()).toBe(true);
    expect(statSync(file("lib-hard.json")).ino).toBe(statSync(file("lib.json")).ino);
    expect(await temps()).toEqual([]);
  });
});

describe("-o naming a folder says that a file name is needed", () => {
  it.each([
    ["an existing folder with a slash", "outdir/"],
    ["an existing folder", "outdir"],
    ["a missing folder with a slash", "nodir/"],
  ])("%s", async (_, out) => {
    await mkdir(file("outdir"), { recursive: true });
    const r = await runCli(build("-o", out), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error OUTPUT_NEEDS_FILE_NAME \S+ — .*file name.*(outdir|nodir)\/asm\.docx/m);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stderr).not.toMatch(/rename/);
    expect(await readdir(file("outdir"))).toEqual([]);
    expect(await temps()).toEqual([]);
  });
});

describe("devices, pipes and symlinks are written through, never replaced", () => {
  it("a symlink to /dev/full: a clear 'disk full' error, the link kept", async () => {
    await symlink("/dev/full", file("full"));
    const r = await runCli(build("-o", "full"), { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error OUTPUT_DISK_FULL full — .*full/m);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(await readlink(file("full"))).toBe("/dev/full");
    expect(statSync("/dev/full").isCharacterDevice()).toBe(true);
    expect(await temps()).toEqual([]);
  });

  it("a symlink to /dev/null: written, the link kept", async () => {
    await symlink("/dev/null", file("null"));
    const r = await runCli(build("-o", "null"), { cwd: dir });
    expect(r.code).toBe(0);
    expect(lstatSync(file("null")).isSymbolicLink()).toBe(true);
    expect(statSync(file("null")).isCharacterDevice()).toBe(true);
  });

  it("a device node of its own (root only): written in place, still a device", async () => {
    const made = spawnSync("mknod", [file("devnull"), "c", "1", "3"]);
    if (made.status !== 0) {
      // Jest cannot skip from inside a test: say so and stop (CI runs as root, where this runs).
      console.warn("device-node case not run: mknod is not permitted here");
      return;
    }
    const r = await runCli(build("-o", "devnull"), { cwd: dir });
    expect(r.code).toBe(0);
    expect(lstatSync(file("devnull")).isCharacterDevice()).toBe(true);
  });

  it("a symlink to /dev/stdout: the document arrives on standard output", async () => {
    await symlink("/dev/stdout", file("stdout-link"));
    const r = await runCli(build("-o", "stdout-link", "-q"), { cwd: dir });
    expect(r.code).toBe(0);
    expect(lstatSync(file("stdout-link")).isSymbolicLink()).toBe(true);
    await expectValidDocx(new Uint8Array(r.stdout));
  });

  it("a FIFO: the document goes down the pipe, the FIFO stays", async () => {
    const fifo = file("fifo");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    // The reader is a process of its own, so a CLI that replaces the FIFO cannot hang this test.
    const reader = spawn("cat", [fifo]);
    const chunks: Buffer[] = [];
    reader.stdout.on("data", (c: Buffer) => chunks.push(c));
    const closed = new Promise((resolve) => reader.on("close", resolve));
    const r = await runCli(build("-o", "fifo"), { cwd: dir });
    const replaced = !lstatSync(fifo).isFIFO();
    if (replaced) reader.kill();
    await closed;
    expect(r.code).toBe(0);
    expect(replaced).toBe(false);
    await expectValidDocx(new Uint8Array(Buffer.concat(chunks)));
  });

  it("a symlink to a regular file: the target is replaced atomically, the link kept", async () => {
    await mkdir(file("real"));
    await writeFile(file("real/target.docx"), "old contents");
    await symlink("real/target.docx", file("link.docx"));
    const r = await runCli(build("-o", "link.docx"), { cwd: dir });
    expect(r.code).toBe(0);
    expect(await readlink(file("link.docx"))).toBe("real/target.docx");
    await expectValidDocx(new Uint8Array(await readFile(file("real/target.docx"))));
    expect(await temps()).toEqual([]);
    expect(await temps(file("real"))).toEqual([]);
  });

  it("a dangling symlink: the file it names is created, the link kept", async () => {
    await symlink("made/new.docx", file("dangling.docx"));
    await mkdir(file("made"));
    const r = await runCli(build("-o", "dangling.docx"), { cwd: dir });
    expect(r.code).toBe(0);
    expect(await readlink(file("dangling.docx"))).toBe("made/new.docx");
    await expectValidDocx(new Uint8Array(await readFile(file("made/new.docx"))));
  });

  it("a regular file keeps its permissions when replaced", async () => {
    await writeFile(file("perm.docx"), "old", { mode: 0o640 });
    const r = await runCli(build("-o", "perm.docx"), { cwd: dir });
    expect(r.code).toBe(0);
    expect(statSync(file("perm.docx")).mode & 0o777).toBe(0o640);
    await expectValidDocx(new Uint8Array(await readFile(file("perm.docx"))));
  });
});
