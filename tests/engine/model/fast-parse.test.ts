import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it, jest } from "@jest/globals";
import { generateFastParse } from "../../../scripts/fast-parse";
import { ASK, NO, fastAssembly, fastLibrary, fastValue } from "../../../src/engine/model/fast-parse";
import { agreementInput, expectAgreement, expectSame, tally } from "./fast-parse-agreement";
import { expectWithMessage } from "../../support/expect-message";

// src/engine/model/fast-parse.ts reads a valid library or assembly without zod (issue 15: zod's schemas
// cost more to make than a small file costs to check). It is generated from the zod schemas, and must
// agree with them exactly: fast-parse-agreement.ts says what that means; the fuzz run tries far more.

const root = join(import.meta.dirname, "..", "..", "..");

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith(".json") ? [path] : [];
  });
}

describe("the parser generated from the zod schemas (fast-parse.ts)", () => {
  it("is current (else run: npm run schemas)", () => {
    const written = readFileSync(join(root, "src", "engine", "model", "fast-parse.ts"), "utf8");
    expectWithMessage(written, "src/engine/model/fast-parse.ts is out of date: run npm run schemas").toBe(generateFastParse());
  });

  it("agrees with zod on every library and assembly file in the repository", () => {
    const files = [...jsonFiles(join(root, "examples")), ...jsonFiles(join(root, "tests"))];
    let libraries = 0;
    let assemblies = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        continue;
      }
      const format = (value as { format?: unknown } | null)?.format;
      if (format === "sectionsmith/library@1") libraries++;
      if (format === "sectionsmith/assembly@1") assemblies++;
      // Each file as either kind (a library read as an assembly must be refused alike).
      expectAgreement([value, text], value);
      expectAgreement([], text);
    }
    expect(libraries).toBeGreaterThanOrEqual(4);
    expect(assemblies).toBeGreaterThanOrEqual(4);
  });

  it("accepts the examples (they take the fast way, or the work was for nothing)", () => {
    for (const name of ["contract", "letter", "proposal"]) {
      const read = (file: string) => JSON.parse(readFileSync(join(root, "examples", name, file), "utf8")) as unknown;
      expect([NO, ASK]).not.toContain(fastLibrary(read("library.json")));
      expect([NO, ASK]).not.toContain(fastAssembly(read("assembly.json")));
    }
  });

  it("agrees with zod on generated, hostile, damaged and near-miss inputs", () => {
    tally.accepted = tally.refused = 0;
    fc.assert(
      fc.property(agreementInput, ({ libraries, assembly }) => expectAgreement(libraries, assembly)),
      { numRuns: 150 },
    );
    // Both answers were given often: the property compared outputs, not only refusals.
    const all = tally.accepted + tally.refused;
    expect(tally.accepted / all).toBeGreaterThan(0.2);
    expect(tally.refused / all).toBeGreaterThan(0.2);
  });

  it("agrees on the edges: keys JSON readers treat specially, missing and undefined fields, odd objects", () => {
    const lib = (snippet: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
      format: "sectionsmith/library@1",
      ...extra,
      snippets: [{ id: "a", title: "A", body: "x", ...snippet }],
    });
    const proto = JSON.parse('{"__proto__": 1, "x": "y"}') as unknown;
    const cases: unknown[] = [
      lib({}),
      lib({ variables: [{ name: "v", type: "list", default: [JSON.parse('{"__proto__": "x", "a": 1}')] }] }),
      lib({ variables: [{ name: "v", type: "text", default: proto }] }),
      lib({ version: undefined, tags: undefined, description: undefined }),
      lib({ version: 2 ** 53 }),
      lib({ version: 1.5 }),
      lib({ title: " " }),
      lib({ title: "\u{1F600}".repeat(100) }), // 200 UTF-16 units: as zod counts
      lib({ title: "\u{1F600}".repeat(101) }),
      lib({ variables: [{ name: "__proto__", type: "text" }] }),
      lib({ variables: [{ name: "p", type: "text", pattern: "(a+)+b" }, { name: "q", type: "text", pattern: "(?=a)" }, { name: "r", type: "text", pattern: "[" }] }),
      lib({ variables: [{ name: "c", type: "currency", currency: "EUR" }, { name: "d", type: "currency", currency: "ABC" }] }),
      lib({ reviewBy: "2024-02-29", updated: "2026-10-01T12:00:00+01:00" }),
      lib({ reviewBy: "2023-02-29" }),
      lib({}, { $schema: "x", name: "n" }),
      Object.assign(Object.create(null) as object, lib({})),
      { ...lib({}), snippets: Object.assign([], { extra: 1 }) },
      { format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }] },
      { format: "sectionsmith/assembly@1", sections: [{ snippet: "a", values: proto }] },
      { format: "sectionsmith/assembly@1", sections: [] },
      { format: "sectionsmith/assembly@1", page: {}, options: {}, sections: [{ snippet: "a" }] },
      { format: "sectionsmith/assembly@1", page: { margins: { top: "23in" } }, sections: [{ snippet: "a" }] },
      { format: "sectionsmith/assembly@1", locale: "xx-INVALID", sections: [{ snippet: "a" }] },
      { format: "sectionsmith/assembly@1", header: { snippet: "h", text: "t" }, footer: { text: "p", values: {} }, sections: [{ snippet: "a" }] },
      { format: "sectionsmith/assembly@1", header: { text: "t", extra: 1 }, sections: [{ snippet: "a" }] },
      { format: "sectionsmith/assembly@1", header: { snippet: "h", values: proto }, sections: [{ snippet: "a" }] },
      { format: "sectionsmith/assembly@1", theme: { fontSize: 0.5, font: "Calibri;" }, sections: [{ snippet: "a" }] },
    ];
    for (const c of cases) expectAgreement([c], c);
  });

  it("leaves zod's schemas unmade for valid files (and makes them for an invalid one)", () => {
    let made = 0;
    jest.isolateModules(() => {
      jest.doMock("zod", () => {
        const real = jest.requireActual<typeof import("zod")>("zod");
        const object = (...args: Parameters<typeof real.z.object>) => (made++, real.z.object(...args));
        return { ...real, z: { ...real.z, object } };
      });
      /* eslint-disable @typescript-eslint/no-require-imports -- a fresh copy of the modules, with zod counted */
      const { parseLibrary } = require("../../../src/engine/model/parse-library") as typeof import("../../../src/engine/model/parse-library");
      const { parseAssembly } = require("../../../src/engine/model/parse-assembly") as typeof import("../../../src/engine/model/parse-assembly");
      /* eslint-enable @typescript-eslint/no-require-imports */
      const read = (file: string) => readFileSync(join(root, "examples", "contract", file), "utf8");
      expect(parseLibrary(read("library.json")).ok).toBe(true);
      expect(parseAssembly(read("assembly.json")).ok).toBe(true);
      expect(made).toBe(0);
      const bad = parseLibrary({ format: "sectionsmith/library@1", snippets: [{ id: "Bad!", title: "x", body: "" }] });
      expect(bad.problems.map((p) => p.code)).toEqual(["ID_INVALID"]);
      expect(made).toBeGreaterThan(0);
    });
  });

  it("fills in zod's defaults, fresh for each file, in zod's order", () => {
    const a = fastAssembly({ format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }] }) as Record<string, unknown>;
    const b = fastAssembly({ format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }] }) as Record<string, unknown>;
    expectSame(a, {
      format: "sectionsmith/assembly@1",
      locale: "en-US",
      page: { orientation: "portrait" },
      options: { draftingNotes: false, headingNumbering: "none" },
      values: {},
      sections: [{ snippet: "a", headingOffset: 0, pageBreakBefore: false, numbering: "restart" }],
    });
    expect(a.values).not.toBe(b.values);
    expect(fastValue([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(fastValue(Symbol("x"))).toBe(NO);
  });
});
