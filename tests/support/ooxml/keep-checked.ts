// Keeps the documents the checks passed for Microsoft's Open XML SDK validator (issue 29): when
// CHECKED_DOCX_DIR names a folder, every document checkDocx finds valid is written there, named after the
// test file that built it and a hash of its bytes (so a file building the same bytes twice writes them
// once). `npm run test:openxml` then validates the folder in one dotnet process (tests/openxml/).
// Documents the check rejects are not kept: they fail their own test already, or are the checkers' own
// damaged samples.

import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";

/** The environment variable naming the folder (unset: nothing is written). */
export const CHECKED_DOCX_ENV = "CHECKED_DOCX_DIR";

const ROOT = resolve(__dirname, "../../..");

function folder(): string | undefined {
  const dir = process.env[CHECKED_DOCX_ENV];
  return dir ? resolve(dir) : undefined;
}

/** The running test file as a file-name part: "tests-engine-render-notes.test.ts", or "outside-jest". */
function testFileLabel(): string {
  const state = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect?.getState?.();
  const path = state?.testPath ? relative(ROOT, state.testPath) : "outside-jest";
  return path.replace(/[^\w.-]+/g, "-");
}

/**
 * Writes `bytes` to the folder when one is set. `label` names the document (default: the test file);
 * the name ends in the first 16 hex digits of its SHA-256.
 */
export function keepCheckedDocx(bytes: Uint8Array, label: string = testFileLabel()): void {
  const dir = folder();
  if (!dir) return;
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  mkdirSync(dir, { recursive: true });
  writeFileSync(resolve(dir, `${label.replace(/[^\w.-]+/g, "-")}--${hash}.docx`), bytes);
}
