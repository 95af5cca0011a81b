// The fuzz run (npm run test:fuzz): property-based tests of the engine with fast-check, at least
// 10,000 generated cases, every document built checked against the ECMA-376 schemas. Builds run in a
// worker thread (bundled by tests/fuzz/setup.ts) so a case that hangs is stopped and reported.
// The *.fuzz.ts files are not part of `npm test`; tests/fuzz/regressions.test.ts is part of both.
import { base } from "./jest.config.js";

/** @type {import("jest").Config} */
export default {
  ...base,
  testMatch: ["<rootDir>/tests/fuzz/**/*.fuzz.ts", "<rootDir>/tests/fuzz/**/*.test.ts"],
  globalSetup: "<rootDir>/tests/fuzz/setup.ts",
  maxWorkers: 2,
  testTimeout: 30 * 60_000,
};
