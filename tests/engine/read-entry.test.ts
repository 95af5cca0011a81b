import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "@jest/globals";
import * as read from "../../src/engine/read";
import * as engine from "../../src/engine";
import { expectWithMessage } from "../support/expect-message";

// src/engine/read.ts is what the CLI's `list` loads (issue 15: load only what a command uses): reading
// and merging libraries, without docx, JSZip or the Markdown parser.

const ENTRY = fileURLToPath(new URL("../../src/engine/read.ts", import.meta.url));

describe("the engine's reading entry (src/engine/read.ts)", () => {
  it("pulls in none of docx, JSZip or the Markdown parser", async () => {
    const result = await build({ entryPoints: [ENTRY], bundle: true, write: false, metafile: true, format: "esm", platform: "neutral", logLevel: "silent" });
    const packages = new Set(
      Object.keys(result.metafile.inputs)
        .map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    for (const heavy of ["docx", "jszip", "micromark", "mdast-util-from-markdown"]) {
      expectWithMessage(packages.has(heavy), `${heavy} reached read.ts`).toBe(false);
    }
    // It does check the files (zod): a library with errors is refused as by a build.
    expect(packages.has("zod")).toBe(true);
  });

  it("exports the same functions as the full engine, not copies", () => {
    for (const name of ["loadLibraries", "SectionsmithError", "formatProblem"] as const) {
      expect(read[name]).toBe(engine[name]);
    }
  });
});
