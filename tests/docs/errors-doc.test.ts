import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "@jest/globals";
import { PROBLEM_CODES } from "../../src/engine";
import { renderErrorCatalogue, sampleProblem } from "../../scripts/error-docs/render";
import { NO_SAMPLE, SAMPLES } from "../../scripts/error-docs/samples";
import { expectWithMessage } from "../support/expect-message";

// docs/errors.md is generated from the code catalogue; these tests keep the page, the catalogue and
// the codes the engine really emits in step.

const root = join(import.meta.dirname, "..", "..");
const engineDir = join(root, "src", "engine");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** Files that define the catalogue (not places where a code is emitted). */
const isCatalogue = (path: string): boolean => /errors[\\/]codes(-[a-z]+)?\.ts$/.test(path);

/**
 * Every problem code the engine's sources emit, with the file it is in. A code is emitted as a string
 * literal in a code position — `code: "X"`, `report(…, "X", …)`, `push("X", …)`, `onString("X", …)` —
 * or inside a zod message between MARK characters (`${MARK}X${MARK}`). Rather than list every calling
 * convention, this takes every UPPER_SNAKE string literal and the MARK form, minus the few literals that
 * are not problem codes at all.
 */
const NOT_CODES = new Set([
  // Token names of the Handlebars grammar, matched in template/parse.ts to word its syntax errors.
  "OPEN_ENDBLOCK",
  "OPEN_INVERSE_CHAIN",
]);
function emittedCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (code: string, file: string): void => {
    if (NOT_CODES.has(code)) return;
    found.set(code, [...(found.get(code) ?? []), relative(root, file)]);
  };
  for (const file of sourceFiles(engineDir)) {
    if (isCatalogue(file)) continue;
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/["'`]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["'`]/g)) add(m[1]!, file);
    for (const m of text.matchAll(/\$\{MARK\}([A-Z][A-Z0-9_]+)\$\{MARK\}/g)) add(m[1]!, file);
  }
  return found;
}

/**
 * Catalogue codes that no engine source emits on purpose. INTERNAL is reserved for unexpected failures;
 * nothing in src/engine reports it today (the CLI prints an internal error with exit code 3 instead).
 */
const NOT_EMITTED = new Set(["INTERNAL"]);

describe("docs/errors.md", () => {
  test("is what `npm run docs:errors` writes", async () => {
    const written = readFileSync(join(root, "docs", "errors.md"), "utf8");
    const expected = await renderErrorCatalogue(root);
    expectWithMessage(written === expected, "docs/errors.md is out of date: run npm run docs:errors").toBe(true);
  });

  test("has one entry, with its severity, for every code of the catalogue and no other", () => {
    const written = readFileSync(join(root, "docs", "errors.md"), "utf8");
    const headings = [...written.matchAll(/^### ([A-Z0-9_]+)$/gm)].map((m) => m[1]!);
    expect(headings.sort()).toEqual(Object.keys(PROBLEM_CODES).sort());
    for (const [code, info] of Object.entries(PROBLEM_CODES)) {
      const section = written.slice(written.indexOf(`### ${code}\n`));
      const word = info.severity === "error" ? "**Error.**" : "**Warning.**";
      expectWithMessage(section.split("\n")[2], code).toMatch(new RegExp(`^${word.replace(/\*/g, "\\*")} `));
    }
  });
});

describe("the code catalogue cannot drift from the engine", () => {
  const emitted = emittedCodes();

  test("every code the engine emits is in the catalogue", () => {
    const unknown = [...emitted]
      .filter(([code]) => !(code in PROBLEM_CODES))
      .map(([code, files]) => `${code} (${files[0]})`);
    expectWithMessage(
      unknown,
      "add these codes to src/engine/errors/codes-<domain>.ts, then run npm run docs:errors",
    ).toEqual([]);
  });

  test("every code of the catalogue is emitted somewhere in src/engine", () => {
    const unused = Object.keys(PROBLEM_CODES).filter((code) => !emitted.has(code) && !NOT_EMITTED.has(code));
    expectWithMessage(unused, "dead codes: emit them or remove them from the catalogue").toEqual([]);
  });

  test("codes listed as not emitted really are not (else take them off the list)", () => {
    for (const code of NOT_EMITTED) {
      expectWithMessage(code in PROBLEM_CODES, code).toBe(true);
      expectWithMessage(emitted.has(code), `${code} is emitted now: remove it from NOT_EMITTED`).toBe(false);
    }
  });

  test("the grep finds the codes of every calling convention", () => {
    // Guards the test itself: one code per way of emitting one, so a grep that misses a convention fails.
    for (const code of [
      "VALUE_UNKNOWN",
      "MARKDOWN_HTML",
      "TEMPLATE_NOT_A_LIST",
      "ID_INVALID",
      "FIELD_RANGE",
      "VALUE_DATE",
    ])
      expectWithMessage(emitted.has(code), code).toBe(true);
  });
});

describe("the samples behind docs/errors.md", () => {
  test("every code has a sample input, or says why it cannot have one", () => {
    const covered = new Set([...Object.keys(SAMPLES), ...Object.keys(NO_SAMPLE)]);
    expect(Object.keys(PROBLEM_CODES).filter((code) => !covered.has(code))).toEqual([]);
    expect([...covered].filter((code) => !(code in PROBLEM_CODES))).toEqual([]);
  });

  test.each(Object.keys(SAMPLES))(
    "the sample for %s produces it with the catalogue's severity",
    async (code) => {
      const found = await sampleProblem(code);
      expect(found.code).toBe(code);
      expect(found.severity).toBe(PROBLEM_CODES[code as keyof typeof PROBLEM_CODES].severity);
      expect(found.message.length).toBeGreaterThan(10);
    },
  );
});
