import { defineConfig } from "vitest/config";

// End-to-end tests: real headless Chromium (Debian's, driven by playwright-core) against the built pane
// and the browser bundle of the engine. One worker: Chromium and the OOXML checker are heavy on 2 cores.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts", "tests/support-tests/browser.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
