import { defineConfig } from "tsup";
import { commonJsChunks } from "./scripts/commonjs-chunks";

// The engine is published for Node (ESM + CJS, with types); the CLI is an executable with a shebang.
// Dependencies stay external: `npm install sectionsmith` brings them.
export default defineConfig([
  {
    entry: { index: "src/engine/index.ts" },
    outDir: "dist/engine",
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    platform: "neutral",
  },
  {
    // The executable (index.js) and the CLI (run.ts, as run-cli.js) with its dependencies bundled into
    // chunks: Node resolves and links each ES module file of a package on its own, and zod's, micromark's
    // and mdast's hundreds of files took more of a small build than building it. A chunk per door keeps
    // `list` and `validate` free of docx. The chunks are CommonJS, so that index.js can compile them with
    // V8's code cache (src/cli/code-cache.ts; docs/decisions.md): esbuild splits ES modules, the plugin
    // converts.
    entry: { index: "src/cli/index.ts", "run-cli": "src/cli/run.ts" },
    outDir: "dist/cli",
    format: ["esm"],
    splitting: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    platform: "node",
    noExternal: [/.*/],
    // fflate's Node build loads worker_threads for asynchronous zipping (≈1.5 ms of a run), which the CLI
    // never does (zipSync, unzipSync); its browser build is the same code without that.
    esbuildOptions(options) {
      options.alias = { ...options.alias, fflate: "fflate/browser" };
    },
    plugins: [commonJsChunks("index.js")],
  },
]);
