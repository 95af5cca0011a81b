import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import fc from "fast-check";
import { describe, expect, it } from "@jest/globals";
import * as check from "../../src/engine/check";
import * as engine from "../../src/engine";
import { buildDocx } from "../../src/engine/assemble/build";
import { DOCX_SIDE } from "../../src/engine/assemble/docx-side";
import { CHECK_KIT } from "../../src/engine/render/check-kit";
import { SectionsmithError, type Problem } from "../../src/engine/errors/problem";
import { hostileInput, markdownInput, validInput, type FuzzInput } from "../fuzz/arbitraries/documents";
import { expectWithMessage } from "../support/expect-message";

// src/engine/check.ts is what the CLI's `validate` loads (issue 15: `validate` never loads docx). Its
// checks run the build's own renderer with stand-ins for docx's classes (src/engine/render/check-kit.ts);
// that is sound only if the objects a renderer makes never decide a problem. Proven here on random
// inputs: the same dry-run build, once with docx's classes and once with the stand-ins, reports the
// same problems, in the same order, with the same places and messages.

const ENTRY = fileURLToPath(new URL("../../src/engine/check.ts", import.meta.url));
const TODAY = new Date("2026-11-22T10:00:00Z");

type Outcome = { threw: boolean; problems: Problem[]; snippets?: string[] };

async function dryRun(input: FuzzInput, side: typeof DOCX_SIDE): Promise<Outcome> {
  try {
    const result = await buildDocx(
      { libraries: input.libraries, assembly: input.assembly },
      { dryRun: true, shape: input.shape, today: TODAY, nonce: 7 },
      side,
    );
    return { threw: false, problems: result.warnings, snippets: result.snippets };
  } catch (error) {
    if (error instanceof SectionsmithError) return { threw: true, problems: error.problems };
    throw error;
  }
}

describe("the engine's checking entry (src/engine/check.ts)", () => {
  it("pulls in neither docx nor JSZip (it does read the Markdown)", async () => {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      metafile: true,
      format: "esm",
      platform: "neutral",
      mainFields: ["module", "main"],
      logLevel: "silent",
    });
    const packages = new Set(
      Object.keys(result.metafile.inputs)
        .map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    for (const heavy of ["docx", "jszip"])
      expectWithMessage(packages.has(heavy), `${heavy} reached check.ts`).toBe(false);
    expect(packages.has("micromark")).toBe(true);
  });

  it("exports the same functions as the full engine, not copies", () => {
    for (const name of [
      "validateFile",
      "validateLibrary",
      "checkMarkdown",
      "loadLibraries",
      "SectionsmithError",
      "formatProblem",
    ] as const) {
      expect(check[name]).toBe(engine[name]);
    }
  });

  it("the stand-ins report exactly what docx's classes report (random valid, hostile and Markdown inputs)", async () => {
    let withProblems = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(validInput, hostileInput, markdownInput), async (input) => {
        const real = await dryRun(input, DOCX_SIDE);
        const checked = await dryRun(input, { kit: CHECK_KIT });
        if (real.problems.length > 0) withProblems++;
        expect(checked).toEqual(real);
      }),
      { numRuns: 150, seed: 15 },
    );
    // The property saw problems to compare, not only clean inputs.
    expect(withProblems).toBeGreaterThan(30);
  });
});
