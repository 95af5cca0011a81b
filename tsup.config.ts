import { defineConfig } from "tsup";

// The engine is published for Node (ESM + CJS, with types); the CLI is one ESM file with a shebang.
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
    entry: { index: "src/cli/index.ts" },
    outDir: "dist/cli",
    format: ["esm"],
    sourcemap: true,
    clean: true,
    target: "node20",
    platform: "node",
    // The CLI's dependencies are bundled into its chunks (issue 15): Node resolves and links each ESM
    // file of a package on its own, and zod's 95 files, micromark's and mdast's 100-odd took more of a
    // small build than building it. One chunk per command keeps `list` and `validate` free of docx.
    noExternal: [/.*/],
    banner: { js: "#!/usr/bin/env node" },
  },
]);
