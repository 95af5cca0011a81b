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
    banner: { js: "#!/usr/bin/env node" },
  },
]);
