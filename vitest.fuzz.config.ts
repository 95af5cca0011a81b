import { defineConfig } from "vitest/config";

// The fuzz run (npm run test:fuzz): property-based tests of the engine with fast-check, at least
// 10,000 generated cases, every document built checked against the ECMA-376 schemas. Builds run in a
// worker thread (bundled by tests/fuzz/setup.ts) so a case that hangs is stopped and reported.
// The *.fuzz.ts files are not part of `npm test`; tests/fuzz/regressions.test.ts is part of both.
export default defineConfig({
  test: {
    include: ["tests/fuzz/**/*.fuzz.ts", "tests/fuzz/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/fuzz/setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
  },
});
