import { defineConfig } from "vitest/config";

// `npm test`: unit and component tests. They need nothing beyond `npm install`; the suites that need
// LibreOffice (fidelity), Chromium (e2e) or a long time (fuzz) have configs of their own.
// (tests/fuzz/*.fuzz.ts are not matched here; tests/fuzz/regressions.test.ts, the cases fuzzing found, is.)
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    exclude: [
      "node_modules/**",
      "tests/fidelity/**",
      "tests/e2e/**",
      "tests/support-tests/libreoffice.test.ts",
      "tests/support-tests/browser.test.ts",
    ],
    environment: "node",
    testTimeout: 30000,
    pool: "forks",
  },
});
