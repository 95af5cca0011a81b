import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";
import { runCliInProcess } from "../support/cli-in-process";
import { expectWithMessage } from "../support/expect-message";

const LIB = {
  format: "sectionsmith/library@1",
  snippets: [
    {
      id: "intro",
      title: "Introduction letter",
      status: "approved",
      tags: ["letter"],
      category: "Letters",
      body: "Dear {{name}},",
      variables: [{ name: "name", type: "text", required: true }],
    },
    {
      id: "nda",
      title: "Confidentiality",
      status: "draft",
      tags: ["nda"],
      category: "Contracts/Clauses",
      body: "Keep it secret.",
    },
  ],
};
const ASM = {
  format: "sectionsmith/assembly@1",
  sections: [{ snippet: "intro", values: { name: "Ada" } }, { snippet: "nda" }],
};

let dir: string;
const file = (name: string) => join(dir, name);

const run = (...argv: string[]) => runCliInProcess(argv);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-cli-"));
  await writeFile(file("lib.json"), JSON.stringify(LIB));
  await writeFile(file("asm.json"), JSON.stringify(ASM));
  await writeFile(
    file("bad-asm.json"),
    JSON.stringify({ ...ASM, sections: [{ snippet: "intro" }, { snippet: "ghost" }] }),
  );
  await writeFile(file("broken.json"), '{ "format": "sectionsmith/library@1", "snippets": [ }');
});

describe("sectionsmith CLI", () => {
  it("build writes a valid .docx and prints warnings on stderr", async () => {
    const r = await run("build", file("asm.json"), "--library", file("lib.json"), "-o", file("out.docx"));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning SNIPPET_DRAFT .*sections\[1\]\.snippet/);
    expect(r.stderr).toMatch(/Wrote .*out\.docx/);
    await expectValidDocx(new Uint8Array(await readFile(file("out.docx"))));
  });

  it("counts in words: 1 snippet, 2 snippets (issue 27: it said “1 snippets”)", async () => {
    await writeFile(file("one.json"), JSON.stringify({ ...ASM, sections: [ASM.sections[0]] }));
    const one = await run("build", file("one.json"), "--library", file("lib.json"), "-o", file("one.docx"));
    expect(one.code).toBe(0);
    expect(one.stderr).toMatch(/Wrote .*one\.docx \([\d.]+ KB, 1 snippet\)\./);
    const two = await run("build", file("asm.json"), "--library", file("lib.json"), "-o", file("two.docx"));
    expect(two.stderr).toMatch(/Wrote .*two\.docx \([\d.]+ KB, 2 snippets, 1 warning\)\./);
    const listed = await run("list", file("lib.json"), "--search", "letter");
    expect(listed.stderr).toMatch(/^1 snippet matching "letter"\.$/m);
  });

  it("--strict turns warnings into errors: exit 1 and no file", async () => {
    const r = await run(
      "build",
      file("asm.json"),
      "--library",
      file("lib.json"),
      "-o",
      file("strict.docx"),
      "--strict",
    );
    expect(r.code).toBe(1);
    expect(existsSync(file("strict.docx"))).toBe(false);
  });

  it("invalid input: exit 1, every problem with its path, no output file, no temp file left", async () => {
    const r = await run("build", file("bad-asm.json"), "--library", file("lib.json"), "-o", file("bad.docx"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/VALUE_REQUIRED .*sections\[0\]/);
    expect(r.stderr).toMatch(/SNIPPET_NOT_FOUND .*sections\[1\]\.snippet/);
    expect(r.stderr).toContain("nothing was written");
    expect(existsSync(file("bad.docx"))).toBe(false);
    expect((await readdir(dir)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("-o - writes the bytes to stdout, and --as base64 writes base64", async () => {
    const raw = await run("build", file("asm.json"), "-l", file("lib.json"), "-o", "-", "-q");
    expect(raw.code).toBe(0);
    expect([...raw.stdout.subarray(0, 2)]).toEqual([0x50, 0x4b]);
    await expectValidDocx(new Uint8Array(raw.stdout));
    const b64 = await run(
      "build",
      file("asm.json"),
      "-l",
      file("lib.json"),
      "-o",
      "-",
      "--as",
      "base64",
      "--fragment",
      "-q",
    );
    expect(b64.stdout.toString("ascii")).toMatch(/^UEsDB/);
    const bytes = new Uint8Array(Buffer.from(b64.stdout.toString("ascii"), "base64"));
    const checked = await expectValidDocx(bytes);
    expect(checked.ok).toBe(true);
  });

  it("usage errors exit 2 with the usage text", async () => {
    for (const argv of [
      ["frobnicate"],
      ["build", file("asm.json")],
      ["build", file("asm.json"), "-l", file("lib.json"), "--as", "pdf"],
      ["list"],
      ["build", "--nope"],
    ]) {
      const r = await run(...argv);
      expectWithMessage(r.code, argv.join(" ")).toBe(2);
      expect(r.stderr).toContain("Usage:");
    }
  });

  it("a missing input file is an input error (exit 1) that names the file", async () => {
    const r = await run("build", file("nope.json"), "-l", file("lib.json"));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("nope.json: no such file");
  });

  it("validate lists every problem of a broken file and exits 1; a good library exits 0", async () => {
    const bad = await run("validate", file("broken.json"));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/JSON_SYNTAX .*broken\.json.*:1:\d+/);
    const good = await run("validate", file("lib.json"), file("asm.json"), "--library", file("lib.json"));
    expect(good.code).toBe(0);
    expect(good.stderr).toMatch(/✓ .*lib\.json: library/);
    expect(good.stderr).toMatch(/✓ .*asm\.json: assembly, 0 errors, 1 warning/);
  });

  it("list prints the snippets, searches, and gives JSON", async () => {
    const all = await run("list", file("lib.json"));
    expect(all.stdout.toString()).toMatch(/intro@1\s+approved\s+Letters\s+Introduction letter/);
    const found = await run("list", file("lib.json"), "--search", "confidentialty", "--json");
    const rows = JSON.parse(found.stdout.toString()) as Array<{ id: string; status: string }>;
    expect(rows.map((r) => r.id)).toEqual(["nda"]);
    expect(rows[0]!.status).toBe("draft");
  });
});

describe("the built executable", () => {
  it("runs as `node dist/cli/index.js` with the right exit code", async () => {
    const cli = join(process.cwd(), "dist/cli/index.js");
    expectWithMessage(existsSync(cli), "run `npm run build` (npm test does) before this test").toBe(true);
    const exec = promisify(execFile);
    const ok = await exec(process.execPath, [
      cli,
      "build",
      file("asm.json"),
      "-l",
      file("lib.json"),
      "-o",
      file("bin.docx"),
    ]);
    expect(ok.stderr).toMatch(/Wrote/);
    await expectValidDocx(new Uint8Array(await readFile(file("bin.docx"))));
    const bad = await exec(process.execPath, [cli, "nonsense"]).catch((e: { code: number }) => e);
    expect((bad as { code: number }).code).toBe(2);
  });
});
