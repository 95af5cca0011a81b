import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { root } from "../docs/helpers";

const exec = promisify(execFile);

// `npx sectionsmith …` in a clone (package.json "bin", built by `prepare` on npm install) and from the
// package as npm publishes it: `npm pack`, unpacked where an install puts it (node_modules/sectionsmith,
// inside this repository so its dependencies resolve from our node_modules), then run through its bin.
describe("the sectionsmith command", () => {
  const work = join(root, "out", "installed-package");
  let installed: string;
  let bin: string;

  beforeAll(async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    // --ignore-scripts: dist/ was built by `npm test` (prepack would rebuild it with type declarations).
    const { stdout } = await exec("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], { cwd: root });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
    installed = join(work, "node_modules", "sectionsmith");
    mkdirSync(installed, { recursive: true });
    await exec("tar", ["-xzf", join(work, packed!.filename), "-C", installed, "--strip-components=1"]);
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { bin: Record<string, string> };
    bin = join(installed, pkg.bin.sectionsmith!);
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("is in the package, as an executable script with a shebang", () => {
    expect(existsSync(bin)).toBe(true);
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("builds the contract example from the installed package", async () => {
    const out = join(work, "c.docx");
    const examples = join(root, "examples", "contract");
    await exec(process.execPath, [bin, "build", join(examples, "assembly.json"), "--library", join(examples, "library.json"), "-o", out, "-q"], {
      cwd: work,
    });
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(bytes.length).toBeGreaterThan(5000);
  });

  it("runs as `npx sectionsmith` in this repository (its own bin)", async () => {
    const { stdout } = await exec("npx", ["--no-install", "sectionsmith", "--version"], { cwd: root });
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    expect(stdout.trim()).toBe(version);
  });
});
