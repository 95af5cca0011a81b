// End-to-end tests: real headless Chromium (Debian's, driven by playwright-core) against the built pane
// and the browser bundle of the engine. One worker: Chromium and the OOXML checker are heavy on 2 cores.
// (Jest has one timeout for tests and hooks: the longer of the two vitest had, for the first build.)
import { base } from "./jest.config.js";

/** @type {import("jest").Config} */
export default {
  ...base,
  testMatch: ["<rootDir>/tests/e2e/**/*.test.ts", "<rootDir>/tests/support-tests/browser.test.ts"],
  maxWorkers: 1,
  testTimeout: 300_000,
};
