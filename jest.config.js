// Jest (issue 11, docs/decisions.md "Jest"): `npm test` runs the unit and component tests. They need
// nothing beyond `npm install`; the suites that need LibreOffice (fidelity), Chromium (e2e) or a long time
// (fuzz) have configs of their own that start from `base`.
// (tests/fuzz/*.fuzz.ts are not matched here; tests/fuzz/regressions.test.ts, the cases fuzzing found, is.)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Dependencies published only as ES modules (micromark, mdast-util-*, unist-util-*, …): Jest runs
 * CommonJS, so these are transformed too. Found by looking, so a new ESM-only dependency needs no edit here.
 */
function esmOnlyPackages(dir = "node_modules") {
  const names = [];
  const entries = (() => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  })();
  for (const entry of entries) {
    for (const name of entry.startsWith("@")
      ? readdirSync(join(dir, entry)).map((n) => `${entry}/${n}`)
      : [entry]) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, name, "package.json"), "utf8"));
        const exports = JSON.stringify(pkg.exports ?? {});
        const hasCommonJs =
          exports.includes('"require"') ||
          exports.includes(".cjs") ||
          String(pkg.main ?? "").endsWith(".cjs");
        if (pkg.type === "module" && !hasCommonJs) names.push(name);
      } catch {
        // not a package
      }
    }
  }
  return names;
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** @type {import("jest").Config} */
export const base = {
  rootDir: import.meta.dirname,
  testEnvironment: "node",
  // Package exports resolve with each environment's default conditions: Node's for node, "browser" for
  // jsdom (as webpack builds the pane). Under Node's conditions, Fluent's Dialog stayed aria-hidden in jsdom.
  transform: { "\\.[cm]?[jt]sx?$": "<rootDir>/tests/jest/transform.cjs" },
  // docx too: tests/jest/transform.cjs binds the globals of its hot loops as locals (see there); and
  // PGlite, whose dynamic imports of Node's built-ins become requires (see there).
  transformIgnorePatterns: [
    `/node_modules/(?!(${[...esmOnlyPackages(), "docx", "@electric-sql/pglite"].map(escape).join("|")})/)`,
  ],
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  setupFiles: ["<rootDir>/tests/jest/setup-env.cjs"],
  moduleNameMapper: { "^prettier$": "<rootDir>/tests/jest/prettier.cjs" },
  testPathIgnorePatterns: ["/node_modules/", "/dist/", "/out/"],
  watchPathIgnorePatterns: ["/out/", "/dist/", "/\\.tmp/"],
};

/** @type {import("jest").Config} */
export default {
  ...base,
  testMatch: ["<rootDir>/tests/**/*.test.ts", "<rootDir>/tests/**/*.test.tsx"],
  testPathIgnorePatterns: [
    ...base.testPathIgnorePatterns,
    "<rootDir>/tests/fidelity/",
    "<rootDir>/tests/e2e/",
    "<rootDir>/tests/support-tests/libreoffice\\.test\\.ts$",
    "<rootDir>/tests/support-tests/browser\\.test\\.ts$",
  ],
  testTimeout: 30_000,
  // Files run in child processes, as under vitest's forks pool (Jest would run them all in its own process
  // with one worker), and every file in a fresh one (a limit no worker stays under): in a worker that had
  // run other files, V8 now and then threw "Maximum call stack size exceeded" from regular expressions
  // over the limit tests' megabyte bodies, which pass in a fresh process (vitest gave each file a fork).
  maxWorkers: 2,
  workerIdleMemoryLimit: "1MB",
};
