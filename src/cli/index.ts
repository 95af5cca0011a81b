import { join } from "node:path";
import { chunkLoader, defaultCacheDir } from "./code-cache";

// The `sectionsmith` executable (package.json "bin" → dist/cli/index.js). It loads the CLI proper
// (run.ts, built as run-cli.js) and the chunks it needs with V8's compiled code kept from one run of the
// same command to the next (code-cache.ts). NODE_DISABLE_COMPILE_CACHE turns the cache off, as it does
// Node 22's own compile cache; SECTIONSMITH_CACHE_DIR puts it elsewhere.

const env = process.env;
const load = chunkLoader({
  codeDir: __dirname,
  label: process.argv[2] ?? "",
  cacheDir: env.NODE_DISABLE_COMPILE_CACHE ? undefined : env.SECTIONSMITH_CACHE_DIR || defaultCacheDir(env),
});

try {
  load(join(__dirname, "run-cli.js"));
} catch (error) {
  process.stderr.write(`sectionsmith: internal error\n${String(error)}\n`);
  process.exitCode = 3;
}
