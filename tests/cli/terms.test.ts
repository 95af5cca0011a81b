import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { runCliInProcess } from "../support/cli-in-process";

// `sectionsmith validate` and `build` print the defined-terms warnings (issue 32) with their places,
// and a warning never stops the build.

const LIB = {
  format: "sectionsmith/library@1",
  snippets: [
    {
      id: "definitions",
      title: "Definitions",
      status: "approved",
      body: "“Fees” means the fees in Schedule 1.\n\n“Deliverables” means the reports.",
    },
    {
      id: "payment",
      title: "Payment",
      status: "approved",
      body: "The Customer shall pay the **Deposit** and the Fees.",
    },
  ],
};
const ASM = {
  format: "sectionsmith/assembly@1",
  sections: [{ snippet: "payment" }, { snippet: "definitions" }],
  options: { definitionsFirst: true },
};
const EXPECTED = [
  "warning TERM_UNDEFINED lib.json: snippets[1].body:1:30 — “Deposit” is used as a defined term, but nothing in this assembly defines it (section 1, paragraph 1, character 28)",
  "warning TERM_USED_BEFORE_DEFINITION lib.json: snippets[1].body:1:48 — “Fees” is used before its definition (section 2, paragraph 1) (section 1, paragraph 1, character 44)",
  "warning TERM_UNUSED lib.json: snippets[0].body:3:2 — “Deliverables” is defined but never used (section 2, paragraph 2, character 2)",
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "sectionsmith-terms-"));
  await writeFile(join(dir, "lib.json"), JSON.stringify(LIB, null, 2));
  await writeFile(join(dir, "asm.json"), JSON.stringify(ASM, null, 2));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const lines = (stderr: string) => stderr.split("\n").filter((l) => l.includes("TERM_"));
const relative = (stderr: string) => stderr.split(`${dir}/`).join("");

describe("defined-terms warnings in the CLI", () => {
  it("validate prints each with its place and succeeds", async () => {
    const r = await runCliInProcess(["validate", join(dir, "asm.json"), "--library", join(dir, "lib.json")]);
    expect(lines(relative(r.stderr))).toEqual(EXPECTED);
    expect(relative(r.stderr)).toContain("✓ asm.json: assembly, 0 errors, 3 warnings");
    expect(r.code).toBe(0);
  });

  it("build prints the same and still writes the document", async () => {
    const out = join(dir, "out.docx");
    const r = await runCliInProcess([
      "build",
      join(dir, "asm.json"),
      "--library",
      join(dir, "lib.json"),
      "-o",
      out,
    ]);
    expect(lines(relative(r.stderr))).toEqual(EXPECTED);
    expect(r.stderr).toMatch(/Wrote .*out\.docx .*3 warnings/);
    expect(r.code).toBe(0);
  });
});
