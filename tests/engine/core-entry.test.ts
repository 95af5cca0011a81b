import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile, type Plugin } from "esbuild";
import ts from "typescript";
import { describe, expect, it } from "@jest/globals";
import * as core from "../../src/engine/core";
import * as engine from "../../src/engine";
import { expectWithMessage } from "../support/expect-message";

// The engine has two doors (docs/decisions.md, Boundaries): src/engine/core.ts, the light one — reading,
// checking, searching, values, without docx — and src/engine/index.ts, which is core and building.
// The task pane imports from the light door in its first chunk; webpack leaves out the re-exports that
// chunk does not use (the engine's modules are marked free of side effects in webpack.config.js), so
// the pane paints before zod, Handlebars and the Markdown parser arrive with the full engine.

const ENTRY = fileURLToPath(new URL("../../src/engine/core.ts", import.meta.url));
const TASKPANE = fileURLToPath(new URL("../../src/taskpane", import.meta.url));

/** The packages a bundle read (metafile.inputs), or with `output`, those whose code is in it. */
const packagesOf = (meta: Metafile, output = false): Set<string> =>
  new Set(
    (output
      ? Object.values(meta.outputs).flatMap((o) => Object.entries(o.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path))
      : Object.keys(meta.inputs)
    )
      .map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1])
      .filter((name): name is string => name !== undefined),
  );

/** As webpack.config.js's rule: the engine's own modules have no side effects when loaded. */
const engineWithoutSideEffects: Plugin = {
  name: "engine-without-side-effects",
  setup(b) {
    b.onResolve({ filter: /^\./ }, async (args) => {
      if (args.pluginData === "inner") return undefined;
      const result = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: "inner" });
      return result.path.includes("/src/engine/") ? { ...result, sideEffects: false } : result;
    });
  },
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The values (not types) the pane's code imports from the light door. */
function paneImportsFromCore(): string[] {
  const names = new Set<string>();
  for (const file of filesUnder(TASKPANE)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const node of source.statements) {
      if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier)) continue;
      if (!/engine\/core$/.test(node.moduleSpecifier.text)) continue;
      const clause = node.importClause;
      if (!clause || clause.isTypeOnly || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
      for (const e of clause.namedBindings.elements) if (!e.isTypeOnly) names.add((e.propertyName ?? e.name).text);
    }
  }
  return [...names].sort();
}

describe("the engine's light door (src/engine/core.ts)", () => {
  it("pulls in neither docx nor JSZip nor fflate; it reads and checks (zod, Handlebars, the Markdown parser)", async () => {
    const result = await build({ entryPoints: [ENTRY], bundle: true, write: false, metafile: true, format: "esm", platform: "neutral", mainFields: ["module", "main"], logLevel: "silent" });
    const packages = packagesOf(result.metafile);
    for (const heavy of ["docx", "jszip", "fflate"]) expectWithMessage(packages.has(heavy), `${heavy} reached core.ts`).toBe(false);
    for (const part of ["zod", "@handlebars/parser", "mdast-util-from-markdown", "minisearch"])
      expectWithMessage(packages.has(part), `${part} is part of core.ts`).toBe(true);
  });

  it("gives the pane's first chunk search and selection without zod, Handlebars or the Markdown parser", async () => {
    const names = paneImportsFromCore();
    expect(names).toEqual(expect.arrayContaining(["selectSnippet", "snippetHealth", "isStale"]));
    const bundle = (contents: string) =>
      build({
        stdin: { contents, resolveDir: fileURLToPath(new URL(".", import.meta.url)), loader: "ts" },
        bundle: true,
        write: false,
        metafile: true,
        format: "esm",
        platform: "neutral",
        mainFields: ["module", "main"],
        logLevel: "silent",
        plugins: [engineWithoutSideEffects],
      });
    const first = packagesOf((await bundle(`export { ${names.join(", ")} } from "../../src/engine/core";`)).metafile, true);
    for (const heavy of ["docx", "jszip", "zod", "@handlebars/parser", "micromark", "mdast-util-from-markdown"])
      expectWithMessage(first.has(heavy), `${heavy} reached the pane's first chunk`).toBe(false);
    expect(first.has("minisearch")).toBe(true);
    // The check can fail: a chunk that takes the door's checks takes their dependencies with them.
    const checking = packagesOf((await bundle(`export { validateLibrary } from "../../src/engine/core";`)).metafile, true);
    expect(checking.has("zod")).toBe(true);
  });

  it("exports the same functions as the full engine, not copies", () => {
    for (const name of ["createSnippetIndex", "selectSnippet", "snippetHealth", "pathJoin", "loadLibraries", "validateFile", "validateLibrary", "SectionsmithError", "formatProblem"] as const) {
      expect(core[name]).toBe(engine[name]);
    }
    expect(core.LIBRARY_FORMAT).toBe(engine.LIBRARY_FORMAT);
    // Building is the full engine's alone.
    expect("exportDocument" in core).toBe(false);
    expect(typeof engine.exportDocument).toBe("function");
  });

  it("neither door makes the JSON Schemas for editors as it loads (scripts/write-schemas.ts does)", async () => {
    const inputs = async (entry: string) =>
      Object.keys(
        (await build({ entryPoints: [entry], bundle: true, write: false, metafile: true, format: "esm", platform: "neutral", mainFields: ["module", "main"], external: ["node:*"], logLevel: "silent" })).metafile.inputs,
      );
    const full = await inputs(fileURLToPath(new URL("../../src/engine/index.ts", import.meta.url)));
    expect(full).toContain("src/engine/assemble/export.ts");
    expect(full).not.toContain("src/engine/model/json-schema.ts");
    expect(await inputs(ENTRY)).not.toContain("src/engine/model/json-schema.ts");
    // The check can fail: the script that writes schemas/*.json does take them in.
    expect(await inputs(fileURLToPath(new URL("../../scripts/write-schemas.ts", import.meta.url)))).toContain("src/engine/model/json-schema.ts");
  });
});
