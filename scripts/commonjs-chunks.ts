import { readFile, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { transform } from "esbuild";
import type { Options } from "tsup";

// A tsup plugin for the CLI's build (tsup.config.ts): esbuild splits code into chunks only for ES
// modules, and the CLI wants CommonJS chunks (Node 20 keeps V8's compiled code only for scripts it
// compiles itself: src/cli/code-cache.ts). Each chunk esbuild wrote is turned into CommonJS with
// esbuild's own transform, which keeps the code as it is (tsup's built-in CommonJS splitting goes through
// sucrase, which rewrites every `?.` and `??` into helper calls); import() of a chunk becomes a
// require() in a promise, so a command still loads only its own chunks. A package.json of
// {"type":"commonjs"} in the output directory tells Node the .js files there are CommonJS.

type Plugin = NonNullable<Options["plugins"]>[number];

/** `executable` (a file name in the output directory) gets the shebang, and the mode to run. */
export function commonJsChunks(executable: string): Plugin {
  return {
    name: "commonjs-chunks",
    async renderChunk(code, info) {
      if (!/\.js$/.test(info.path)) return undefined;
      const shebang = basename(info.path) === executable ? "#!/usr/bin/env node\n" : "";
      if (shebang) info.mode = 0o755;
      const usesImportMeta = code.includes("import.meta");
      const result = await transform(code, {
        format: "cjs",
        loader: "js",
        target: "node20",
        platform: "node",
        sourcemap: this.options.sourcemap ? "external" : false,
        // tsup maps this map through esbuild's, back to the sources (it looks the chunk up by its path);
        // only the few helpers esbuild adds stop at the chunk itself (named by its path: see buildEnd).
        sourcefile: info.path,
        sourcesContent: false,
        // import() → Promise.resolve().then(() => require()): vm.Script compiles no import() of its own.
        supported: { "dynamic-import": false },
        ...(usesImportMeta
          ? {
              banner: 'var __import_meta_url = require("node:url").pathToFileURL(__filename).href;',
              define: { "import.meta.url": "__import_meta_url" },
            }
          : {}),
      });
      for (const warning of result.warnings) this.logger.warn("commonjs-chunks", warning.text);
      return { code: shebang + result.code, ...(result.map ? { map: result.map } : {}) };
    },
    async buildEnd({ writtenFiles }) {
      await writeFile(join(this.options.outDir, "package.json"), '{ "type": "commonjs" }\n');
      // The chunk's own entry in its map is its absolute path on the machine that built it: made relative.
      for (const { name } of writtenFiles) {
        if (!name.endsWith(".js.map")) continue;
        const map = JSON.parse(await readFile(name, "utf8")) as { sources: string[] };
        const chunk = resolve(name.slice(0, -".map".length));
        map.sources = map.sources.map((source) => (source === chunk ? basename(chunk) : source));
        await writeFile(name, JSON.stringify(map));
      }
    },
  };
}
