import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "@jest/globals";
import * as core from "../../src/engine/core";
import * as engine from "../../src/engine";
import { expectWithMessage } from "../support/expect-message";

// src/engine/core.ts is what the task pane loads in its first chunk: it must stay free of the heavy
// dependencies the full engine loads lazily (docs/decisions.md, Boundaries).

const ENTRY = fileURLToPath(new URL("../../src/engine/core.ts", import.meta.url));

describe("the engine's light entry (src/engine/core.ts)", () => {
  it("pulls in none of docx, JSZip, zod or the Markdown parser", async () => {
    const result = await build({ entryPoints: [ENTRY], bundle: true, write: false, metafile: true, format: "esm", platform: "neutral", logLevel: "silent" });
    const packages = new Set(
      Object.keys(result.metafile.inputs)
        .map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1])
        .filter((name): name is string => name !== undefined),
    );
    for (const heavy of ["docx", "jszip", "zod", "micromark", "mdast-util-from-markdown", "@handlebars/parser"]) {
      expectWithMessage(packages.has(heavy), `${heavy} reached core.ts`).toBe(false);
    }
    // It does carry search (MiniSearch's term tree): listing and searching work before the engine loads.
    expect(packages.has("minisearch")).toBe(true);
  });

  it("exports the same functions as the full engine, not copies", () => {
    for (const name of ["createSnippetIndex", "selectSnippet", "snippetHealth", "pathJoin"] as const) {
      expect(core[name]).toBe(engine[name]);
    }
    expect(core.LIBRARY_FORMAT).toBe(engine.LIBRARY_FORMAT);
  });
});
