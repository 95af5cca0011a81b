// Problems name the file they are in. With several --library files, a problem inside a snippet of the
// second library is reported against that library — whichever snippet index the first one also has
// (the build used to guess the file from the path "snippets[0]…" and named the first library) — and one
// run reports every problem of a library, not only its field errors.
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { runCliInProcess } from "../support/cli-in-process";

let dir: string;
const file = (name: string) => join(dir, name);

const run = (...argv: string[]) => runCliInProcess(argv);

const snippet = (id: string, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  status: "approved",
  body,
  ...extra,
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-places-"));
  const lib = (snippets: unknown[]) => JSON.stringify({ format: "sectionsmith/library@1", snippets });
  await writeFile(file("a.json"), lib([snippet("alpha", "Plain text."), snippet("alpha-two", "More text.")]));
  await writeFile(
    file("b.json"),
    lib([
      snippet("beta", "See [the site](javascript:alert(1)).\n\n{{> gamma}}"),
      snippet("gamma", "And [here](javascript:void(0))."),
    ]),
  );
  const asm = { format: "sectionsmith/assembly@1", sections: [{ snippet: "alpha" }, { snippet: "beta" }] };
  await writeFile(file("asm.json"), JSON.stringify(asm));
  await writeFile(
    file("everything.json"),
    lib([
      snippet("Bad Id!", "Text."),
      snippet("loop-a", "{{> loop-b}}"),
      snippet("loop-b", "{{> loop-a}}"),
      snippet("linky", "[x](javascript:alert(1))"),
    ]),
  );
  await writeFile(
    file("asm-ghost.json"),
    JSON.stringify({
      format: "sectionsmith/assembly@1",
      sections: [{ snippet: "linky" }, { snippet: "ghost" }],
    }),
  );
});

describe("problems name the library file they are in", () => {
  it("build: an error in the second library's snippet (and in a snippet it includes) is reported against b.json", async () => {
    const out = file("out.docx");
    const r = await run(
      "build",
      file("asm.json"),
      "--library",
      file("a.json"),
      "--library",
      file("b.json"),
      "-o",
      out,
    );
    expect(r.code).toBe(1);
    expect(existsSync(out)).toBe(false);
    const lines = r.stderr.split("\n").filter((l) => l.startsWith("error MARKDOWN_LINK_SCHEME"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${file("b.json")}: snippets[0].body:1:`);
    expect(lines[1]).toContain(`${file("b.json")}: snippets[1].body:1:`);
    expect(r.stderr).not.toContain(file("a.json"));
  });

  it("validate: the same assembly checked against both libraries says b.json too", async () => {
    const r = await run(
      "validate",
      file("asm.json"),
      "--library",
      file("a.json"),
      "--library",
      file("b.json"),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `error MARKDOWN_LINK_SCHEME ${file("b.json").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: snippets\\[0\\]\\.body`,
      ),
    );
    expect(r.stderr).not.toContain(`${file("a.json")}: snippets`);
  });
});

describe("every problem at once", () => {
  it("validate: a bad id, an include cycle and a javascript: link in one run", async () => {
    const r = await run("validate", file("everything.json"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error ID_INVALID .*snippets\[0\]\.id/);
    expect(r.stderr).toMatch(/error TEMPLATE_INCLUDE_CYCLE .*snippets\[1\]\.body/);
    expect(r.stderr).toMatch(/error MARKDOWN_LINK_SCHEME .*snippets\[3\]\.body:1:/);
  });

  it("validate: an assembly checked against an invalid library still reports its unknown snippets", async () => {
    const r = await run("validate", file("asm-ghost.json"), "--library", file("everything.json"));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error ID_INVALID .*everything\.json: snippets\[0\]\.id/);
    expect(r.stderr).toMatch(
      /error SNIPPET_NOT_FOUND .*asm-ghost\.json: sections\[1\]\.snippet — No snippet .* "ghost"/,
    );
    // "linky" is in the broken library: it is not reported as unknown.
    expect(r.stderr).not.toMatch(/SNIPPET_NOT_FOUND .*sections\[0\]/);
  });
});
