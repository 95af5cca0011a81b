import { setFlagsFromString } from "node:v8";
import { defaultCacheDir, useCodeCache } from "./code-cache";

// The `sectionsmith` executable (package.json "bin" → dist/cli/index.js). It only prepares V8 and then
// loads the CLI proper (run.ts), so that everything the CLI loads is compiled the way set here.

// A command is one short process: V8 would spend much of it optimising functions (TurboFan, on a second
// thread, counted in the process's CPU time) that run a few more times before it exits. Eight times V8's
// default interrupt budget (67,584 bytes of bytecode run before a function is considered for tier-up)
// leaves that to functions that really are hot. Measured on the built CLI (bench:cli, docs/decisions.md):
// the contract example 405 → 306 ms CPU, a 360-section document 2.1 → 1.97 s. Set before any of the
// CLI's code is compiled, so its functions start with this budget (and V8's code caches, which record
// the flags they were made under, match from one run to the next).
setFlagsFromString("--interrupt-budget=540000");

// V8's compiled code of the CLI's files, kept from one run of the same command to the next
// (code-cache.ts). NODE_DISABLE_COMPILE_CACHE turns it off, as it does Node 22's own compile cache;
// SECTIONSMITH_CACHE_DIR puts it elsewhere.
const env = process.env;
useCodeCache({
  codeDir: __dirname,
  label: process.argv[2] ?? "",
  cacheDir: env.NODE_DISABLE_COMPILE_CACHE ? undefined : env.SECTIONSMITH_CACHE_DIR || defaultCacheDir(env),
});

import("./run").catch((error: unknown) => {
  process.stderr.write(`sectionsmith: internal error\n${String(error)}\n`);
  process.exitCode = 3;
});
