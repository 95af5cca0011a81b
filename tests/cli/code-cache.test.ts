import { beforeAll, describe, expect, it } from "@jest/globals";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectValidDocx } from "../support/ooxml-check";
import { ASSEMBLY, CLI, expectBuiltCli, LIBRARY } from "./spawn-cli";

// The executable keeps V8's compiled code of its chunks per user and command (src/cli/code-cache.ts): a
// cache is written after a command's first run, used as it is by the next, and anything wrong with it —
// damaged, made for other code, in a directory others may write, or no directory at all — only costs
// the compile it would have saved, never the command.

const work = mkdtempSync(join(tmpdir(), "sectionsmith-code-cache-"));
const lib = join(work, "lib.json");
const asm = join(work, "asm.json");

function build(cacheDir: string, options: { cli?: string; env?: NodeJS.ProcessEnv } = {}) {
  const out = join(work, `out-${Math.random().toString(36).slice(2)}.docx`);
  const run = spawnSync(process.execPath, [options.cli ?? CLI, "build", asm, "-l", lib, "-o", out, "-q"], {
    env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "", SECTIONSMITH_CACHE_DIR: cacheDir, ...options.env },
    encoding: "utf8",
  });
  return { status: run.status, stderr: run.stderr, out };
}

/** Cache files (name → modification time) in the one directory made for the executable's folder. */
function cacheFiles(cacheDir: string): Map<string, number> {
  const dirs = readdirSync(cacheDir);
  expect(dirs).toHaveLength(1);
  const dir = join(cacheDir, dirs[0]!);
  return new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs]));
}

const cacheDirOf = (cacheDir: string): string => join(cacheDir, readdirSync(cacheDir)[0]!);

describe("the CLI's code cache", () => {
  beforeAll(() => {
    expectBuiltCli();
    writeFileSync(lib, JSON.stringify(LIBRARY));
    writeFileSync(asm, JSON.stringify(ASSEMBLY));
  });

  it("is written by a command's first run, for this user only, and used unchanged by the next", async () => {
    const cacheDir = join(work, "first");
    const first = build(cacheDir);
    expect(first).toMatchObject({ status: 0, stderr: "" });
    const files = cacheFiles(cacheDir);
    // The chunks a build loads, docx's among them, each with a cache named for the command.
    expect(files.size).toBeGreaterThan(3);
    for (const name of files.keys()) expect(name).toMatch(/^[\w-]+\.js\.build\.[0-9a-f]{8}\.v8$/);
    expect(statSync(cacheDirOf(cacheDir)).mode & 0o777).toBe(0o700);
    for (const name of files.keys()) expect(statSync(join(cacheDirOf(cacheDir), name)).mode & 0o777).toBe(0o600);

    const second = build(cacheDir);
    expect(second).toMatchObject({ status: 0, stderr: "" });
    // Not one file written again: V8 accepted every cache (a rejected one is replaced at exit).
    expect(cacheFiles(cacheDir)).toEqual(files);
    await expectValidDocx(new Uint8Array(readFileSync(second.out)));
    expect(readFileSync(second.out).length).toBeGreaterThan(5000);
  });

  it("replaces a damaged cache and still builds", async () => {
    const cacheDir = join(work, "damaged");
    expect(build(cacheDir).status).toBe(0);
    const dir = cacheDirOf(cacheDir);
    const before = cacheFiles(cacheDir);
    const [victim] = [...before.keys()].sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size);
    const bytes = readFileSync(join(dir, victim!));
    // Garbage in V8's part (the header line stays, so only V8 can tell).
    bytes.fill(0x5a, bytes.length - 2000, bytes.length - 1000);
    writeFileSync(join(dir, victim!), bytes);
    const damagedAt = statSync(join(dir, victim!)).mtimeMs;
    const run = build(cacheDir);
    expect(run).toMatchObject({ status: 0, stderr: "" });
    await expectValidDocx(new Uint8Array(readFileSync(run.out)));
    expect(statSync(join(dir, victim!)).mtimeMs).not.toBe(damagedAt);
    expect(readFileSync(join(dir, victim!)).equals(bytes)).toBe(false);
  });

  it("is not used for a changed file of the same size", () => {
    const copy = join(work, "copy");
    cpSync(join(process.cwd(), "dist/cli"), copy, { recursive: true });
    const cacheDir = join(work, "changed");
    expect(build(cacheDir, { cli: join(copy, "index.js") }).status).toBe(0);
    const run = readdirSync(copy).find((f) => /^run-.*\.js$/.test(f))!;
    const text = readFileSync(join(copy, run), "utf8");
    // The same length, another meaning: the usage error's exit code 2 becomes 7.
    const changed = text.replace("return 2;", "return 7;");
    expect(changed).not.toBe(text);
    writeFileSync(join(copy, run), changed);
    const usage = spawnSync(process.execPath, [join(copy, "index.js"), "build", "--nonsense"], {
      env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "", SECTIONSMITH_CACHE_DIR: cacheDir },
      encoding: "utf8",
    });
    expect(usage.status).toBe(7);
  });

  it("removes, when it writes, the caches of chunks that are gone (an upgrade renames them)", () => {
    const cacheDir = join(work, "upgrade");
    expect(build(cacheDir).status).toBe(0);
    const dir = cacheDirOf(cacheDir);
    const [one] = [...cacheFiles(cacheDir).keys()];
    writeFileSync(join(dir, "chunk-OLDVERSION.js.build.0badcafe.v8"), "an old version's cache");
    const deadWriter = join(dir, `${one!}.12345.tmp`);
    writeFileSync(deadWriter, "half");
    utimesSync(deadWriter, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    rmSync(join(dir, one!)); // so that this run writes
    expect(build(cacheDir).status).toBe(0);
    const names = readdirSync(dir);
    expect(names).toContain(one);
    expect(names).not.toContain("chunk-OLDVERSION.js.build.0badcafe.v8");
    expect(names.filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("never fails a command: no directory can be made, or it is not this user's alone", () => {
    const blocker = join(work, "a-file");
    writeFileSync(blocker, "not a directory");
    const impossible = build(join(blocker, "cache"));
    expect(impossible).toMatchObject({ status: 0, stderr: "" });

    const shared = join(work, "shared");
    mkdirSync(join(shared, "x"), { recursive: true });
    const first = build(join(shared, "x"));
    expect(first.status).toBe(0);
    const dir = cacheDirOf(join(shared, "x"));
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), "planted");
    chmodSync(dir, 0o777);
    const run = build(join(shared, "x"));
    expect(run).toMatchObject({ status: 0, stderr: "" });
    // Neither read nor replaced: a directory others may write in is left alone.
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name), "utf8")).toBe("planted");
  });

  it("is off with NODE_DISABLE_COMPILE_CACHE", () => {
    const cacheDir = join(work, "off");
    const run = build(cacheDir, { env: { NODE_DISABLE_COMPILE_CACHE: "1" } });
    expect(run.status).toBe(0);
    expect(() => readdirSync(cacheDir)).toThrow();
  });
});
