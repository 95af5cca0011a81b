import { describe, expect, it, beforeAll } from "@jest/globals";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { CLI, expectBuiltCli, LIBRARY, ASSEMBLY, fixture } from "./spawn-cli";

// Issue 15: a command loads only what it uses. `list` (and help, version) never load docx, JSZip or the
// Markdown parser, and `validate` never loads docx or JSZip: src/cli/main.ts imports the engine's entries
// with import() (validate through src/engine/check, whose renderer makes no docx objects), and tsup puts
// them (dependencies bundled) in chunks of their own. Proven on the built executable with a resolve
// hook that records every module the process loads (fixtures/record-modules.mjs): neither the packages
// nor a chunk of dist/cli holding their code may be among them.

const dir = mkdtempSync(join(tmpdir(), "sectionsmith-lazy-"));
const lib = join(dir, "lib.json");
const asm = join(dir, "asm.json");

function modulesOf(name: string, argv: string[]): string[] {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, "");
  const run = spawnSync(process.execPath, ["--import", fixture("record-modules.mjs"), CLI, ...argv], {
    env: { ...process.env, SECTIONSMITH_MODULE_LOG: log },
    encoding: "utf8",
  });
  expect(run.status).toBe(0);
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

const HEAVY = /\/node_modules\/(docx|jszip|micromark|mdast-util-from-markdown)\//;
/** Functions of docx (its XML serializer), micromark and JSZip, as they stand in a bundled chunk. */
const BUNDLED = {
  docx: "xmlifyFile",
  micromark: "function subtokenize",
  jszip: "JSZip",
} as const;

/** The heavy code a run loaded: packages by path, or bundled chunks of dist/cli by what they contain. */
function heavy(modules: readonly string[]): string[] {
  const found = modules.filter((m) => HEAVY.test(m));
  for (const m of modules) {
    if (!m.startsWith("file:") || !m.includes("/dist/cli/")) continue;
    const text = readFileSync(new URL(m), "utf8");
    for (const [name, marker] of Object.entries(BUNDLED))
      if (text.includes(marker)) found.push(`${name} in ${m}`);
  }
  return found;
}

describe("the CLI loads only what a command uses", () => {
  beforeAll(() => {
    expectBuiltCli();
    writeFileSync(lib, JSON.stringify(LIBRARY));
    writeFileSync(asm, JSON.stringify(ASSEMBLY));
  });

  it("build loads docx (the recording sees it: the other checks could fail)", () => {
    const found = heavy(modulesOf("build", ["build", asm, "-l", lib, "-o", join(dir, "out.docx")])).join(
      "\n",
    );
    expect(found).toMatch(/^docx /m);
    expect(found).toMatch(/^micromark /m);
  });

  it("list loads neither docx nor JSZip nor the Markdown parser", () => {
    const modules = modulesOf("list", ["list", lib, "--search", "terms"]);
    expect(modules.some((m) => m.endsWith("/dist/cli/index.js"))).toBe(true);
    expect(heavy(modules)).toEqual([]);
  });

  it("validate loads neither docx nor JSZip, for a library and for an assembly checked against it", () => {
    const modules = modulesOf("validate", ["validate", lib, asm, "--library", lib]);
    const found = heavy(modules);
    // The check reads the Markdown (the recording sees micromark), and nothing of docx or JSZip.
    expect(
      found.filter((f) => /^micromark /.test(f) || f.includes("/node_modules/micromark/")).length,
    ).toBeGreaterThan(0);
    expect(found.filter((f) => !/micromark|mdast-util-from-markdown/.test(f))).toEqual([]);
  });

  it("validate still reports what only the renderer finds (a bad link, too many table columns)", () => {
    const bad = join(dir, "bad-lib.json");
    const body = "See [it](javascript:alert(1)).\n\n|" + " a |".repeat(70) + "\n|" + " - |".repeat(70) + "\n";
    writeFileSync(bad, JSON.stringify({ ...LIBRARY, snippets: [{ ...LIBRARY.snippets[0], body }] }));
    const run = spawnSync(process.execPath, [CLI, "validate", bad], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/MARKDOWN_LINK_SCHEME/);
    expect(run.stderr).toMatch(/LIMIT_TABLE_COLUMNS/);
  });

  it("help and version load none of them either", () => {
    expect(heavy(modulesOf("help", ["--help"]))).toEqual([]);
    expect(heavy(modulesOf("version", ["--version"]))).toEqual([]);
  });
});
