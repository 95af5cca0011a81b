// Fidelity tests: documents read back by LibreOffice/poppler (and checked against the OOXML schemas).
// soffice takes seconds per start, so: long timeouts, and every file in one process, one after another.
import { base } from "./jest.config.js";

/** @type {import("jest").Config} */
export default {
  ...base,
  testMatch: ["<rootDir>/tests/fidelity/**/*.test.ts", "<rootDir>/tests/support-tests/libreoffice.test.ts"],
  maxWorkers: 1,
  testTimeout: 300_000,
};
