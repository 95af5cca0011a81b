import { defineConfig } from "vitest/config";

// Fidelity tests: documents read back by LibreOffice/poppler (and checked against the OOXML schemas).
// soffice takes seconds per start, so: long timeouts, and every file in one worker process
// (isolate: false) so module-level caches such as the schema batcher are shared.
export default defineConfig({
  test: {
    include: ["tests/fidelity/**/*.test.ts", "tests/support-tests/libreoffice.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
