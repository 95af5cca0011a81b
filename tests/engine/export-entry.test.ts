import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "@jest/globals";
import * as exporting from "../../src/engine/export";
import * as engine from "../../src/engine";

// src/engine/export.ts is what the CLI's `build` loads: exportDocument without the rest of the public
// index, in particular without the JSON Schemas for editors, which index.ts makes with zod as it loads.

const ENTRY = fileURLToPath(new URL("../../src/engine/export.ts", import.meta.url));

describe("the engine's building entry (src/engine/export.ts)", () => {
  it("leaves out the JSON Schemas (model/json-schema.ts)", async () => {
    const bundle = (entry: string) =>
      build({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: "esm", platform: "neutral", mainFields: ["module", "main"], logLevel: "silent" });
    const inputs = Object.keys((await bundle(ENTRY)).metafile.inputs);
    expect(inputs).toContain("src/engine/assemble/export.ts");
    expect(inputs).not.toContain("src/engine/model/json-schema.ts");
    // The check can fail: the whole engine does take them in.
    const all = Object.keys((await bundle(fileURLToPath(new URL("../../src/engine/index.ts", import.meta.url)))).metafile.inputs);
    expect(all).toContain("src/engine/model/json-schema.ts");
  });

  it("exports the full engine's exportDocument, not a copy", () => {
    expect(exporting.exportDocument).toBe(engine.exportDocument);
  });
});
