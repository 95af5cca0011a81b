import fc from "fast-check";
import { link, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, it } from "@jest/globals";
import { resolveOutput, type Input } from "../../src/cli/output";
import { CliFileError } from "../../src/cli/problems";
import { expectWithMessage } from "../support/expect-message";

// Generated output paths (issue 14: "the fuzz suite generates … output paths"): however an input is
// spelt — relative or absolute, with ./ and ../ and doubled slashes, through a linked folder, a chain
// of symbolic links or a hard link — -o naming it is refused; a new name by the same detours is not.

let root: string;
let inputs: Input[];
const stdout = new PassThrough();

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "sectionsmith-paths-")));
  await mkdir(join(root, "in/a/b"), { recursive: true });
  await mkdir(join(root, "out/a/b"), { recursive: true });
  await writeFile(join(root, "in/lib.json"), "{}");
  await writeFile(join(root, "in/asm.json"), "{}");
  await symlink(join(root, "in"), join(root, "in-link"));
  await symlink("lib.json", join(root, "in/l2"));
  await symlink("l2", join(root, "in/l1"));
  await symlink("../asm.json", join(root, "in/a/asm-up"));
  await link(join(root, "in/lib.json"), join(root, "out/lib-hard.json"));
  inputs = [
    { path: relative(process.cwd(), join(root, "in/lib.json")), role: "library" },
    { path: join(root, "in-link/asm.json"), role: "assembly" },
  ];
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A way of spelling the folder `in` (or `out`) from the test's root. */
const folder = (name: "in" | "out") =>
  fc
    .array(fc.constantFrom("./", "a/../", "a/b/../../", "/"), { maxLength: 3 })
    .chain((detours) =>
      fc
        .constantFrom(name, ...(name === "in" ? ["in-link"] : []))
        .map((base) => `${base}/${detours.join("")}`),
    );

/** The path, absolute or relative to the working folder, kept as spelt (join() would tidy it up). */
const spelt = (tail: fc.Arbitrary<string>, name: "in" | "out") =>
  fc
    .tuple(fc.boolean(), folder(name), tail)
    .map(([absolute, dir, file]) => `${absolute ? root : relative(process.cwd(), root)}/${dir}${file}`);

const options = { suggestedName: "asm.docx", stdout };

describe("-o paths generated around the inputs", () => {
  it("every spelling of an input is refused with OUTPUT_IS_INPUT", async () => {
    const input = fc.oneof(
      spelt(fc.constantFrom("lib.json", "asm.json", "l1", "l2", "a/asm-up", "a/b/../../lib.json"), "in"),
      spelt(fc.constant("lib-hard.json"), "out"),
    );
    await fc.assert(
      fc.asyncProperty(input, async (out) => {
        const error = await resolveOutput(out, inputs, options).catch((e: unknown) => e);
        expectWithMessage(error, out).toBeInstanceOf(CliFileError);
        expectWithMessage((error as CliFileError).code, out).toBe("OUTPUT_IS_INPUT");
      }),
      { numRuns: 300 },
    );
  });

  it("a new file by the same detours is written, in the folder it names", async () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,12}\.docx$/);
    const where = fc.constantFrom<"in" | "out">("in", "out");
    const cases = fc
      .tuple(where, name)
      .chain(([dir, file]) => spelt(fc.constant(file), dir).map((out) => ({ dir, file, out })));
    await fc.assert(
      fc.asyncProperty(cases, async ({ dir, file, out }) => {
        const target = await resolveOutput(out, inputs, options);
        expectWithMessage(target.kind, out).toBe("replace");
        if (target.kind !== "replace") return;
        expectWithMessage(await realpath(dirname(target.path)), out).toBe(join(root, dir));
        expectWithMessage(target.path.endsWith(`/${file}`), out).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("a name ending in a slash, or naming a folder, always asks for a file name", async () => {
    await fc.assert(
      fc.asyncProperty(folder("in"), fc.boolean(), async (dir, bare) => {
        const out = `${root}/${dir}`.replace(/\/+$/, bare ? "" : "/");
        const error = await resolveOutput(out, inputs, options).catch((e: unknown) => e);
        expectWithMessage((error as CliFileError).code, out).toBe("OUTPUT_NEEDS_FILE_NAME");
      }),
      { numRuns: 100 },
    );
  });
});
