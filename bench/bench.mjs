#!/usr/bin/env node
// Launcher for `npm run bench*`: bundles the TypeScript bench (bench/**/*.ts plus the engine's *sources*,
// src/engine, so the figures are always for the current code — no stale dist/) with esbuild into
// .tmp/bench/, then runs it. npm packages stay external (the same node_modules the app uses).
// Arguments pass through: `node bench/bench.mjs engine --quick`, `node bench/bench.mjs profile engine 100`,
// `node bench/bench.mjs stages 100` (the engine's own stages alone: bench/engine/stages.ts).
/* global process */
import { spawnSync } from "node:child_process";
import { build } from "esbuild";

const out = ".tmp/bench";
await build({
  entryPoints: {
    run: "bench/run.ts",
    "engine-worker": "bench/engine/worker.ts",
    "batch-worker": "bench/batch/worker.ts",
    "cli-floor": "bench/cli/floor-docx.ts",
    "insert-worker": "bench/insert/worker.ts",
    profile: "bench/engine/profile.ts",
    stages: "bench/engine/stages.ts",
    "limits-worker": "bench/limits/worker.ts",
    // The team library server, started by the server part as `npm run server` would start it.
    server: "src/server/main.ts",
  },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true, // the profiler maps samples back to src/… with these
  outdir: out,
  outExtension: { ".js": ".mjs" },
  logLevel: "warning",
});

const [first, ...rest] = process.argv.slice(2);
const [script, args] =
  first === "profile" ? ["profile.mjs", rest] : first === "stages" ? ["stages.mjs", rest] : ["run.mjs", process.argv.slice(2)];
// stages.ts times runs after a full GC, as the engine bench's worker does.
const flags = script === "stages.mjs" ? ["--enable-source-maps", "--expose-gc"] : ["--enable-source-maps"];
const result = spawnSync(process.execPath, [...flags, `${out}/${script}`, ...args], { stdio: "inherit" });
process.exit(result.status ?? 1);
