import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

// Global setup of the fuzz run: bundles the engine worker (the engine's own sources, with its npm
// dependencies) into one ES module that node:worker_threads can load. It goes to out/ (a build output,
// ignored by git and ESLint).
const OUT_DIR = fileURLToPath(new URL("../../out/fuzz/", import.meta.url));
export const WORKER_BUNDLE = `${OUT_DIR}engine-worker.mjs`;

export default async function setup(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  await build({
    entryPoints: [fileURLToPath(new URL("./engine-worker.ts", import.meta.url))],
    outfile: WORKER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // jszip and docx pull in CommonJS modules that call require(): give the bundle one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: "warning",
  });
}
