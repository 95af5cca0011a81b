import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "@jest/globals";
import { expectValidDocx } from "../support/ooxml-check";

const exec = promisify(execFile);

// Every example builds through the real executable, with the command its README gives.
// (Listed synchronously: Jest collects tests synchronously.)
describe("examples build with the CLI", () => {
  const names = readdirSync("examples", { withFileTypes: true })
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
