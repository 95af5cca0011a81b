import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { expectValidDocx } from "../support/ooxml-check";

const exec = promisify(execFile);

// Every example builds through the real executable, with the command its README gives.
describe("examples build with the CLI", async () => {
  const names = (await readdir("examples", { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it("has the contract, proposal and letter examples", () => {
    expect(names).toEqual(expect.arrayContaining(["contract", "proposal", "letter"]));
  });

  it.each(names)("examples/%s", async (name) => {
    const out = join(await mkdtemp(join(tmpdir(), "sectionsmith-example-")), `${name}.docx`);
    const readme = await readFile(`examples/${name}/README.md`, "utf8");
    expect(readme).toContain(
      `sectionsmith build examples/${name}/assembly.json --library examples/${name}/library.json`,
    );
    const { stderr } = await exec(process.execPath, [
      "dist/cli/index.js",
      "build",
      `examples/${name}/assembly.json`,
      "--library",
      `examples/${name}/library.json`,
      "-o",
      out,
    ]);
    expect(stderr).toMatch(/Wrote .*\.docx/);
    await expectValidDocx(new Uint8Array(await readFile(out)));
  });
});
