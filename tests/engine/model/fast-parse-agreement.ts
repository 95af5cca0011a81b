import fc from "fast-check";
import { expect } from "@jest/globals";
import { ASK, NO, fastAssembly, fastLibrary, fastValue } from "../../../src/engine/model/fast-parse";
import { load } from "../../../src/engine/model/parse-common";
import { assemblySchemaOf } from "../../../src/engine/model/schema-assembly";
import { commonSchemas } from "../../../src/engine/model/schema-common";
import { librarySchemas } from "../../../src/engine/model/schema-library";
import { unknownKeys } from "../../../src/engine/model/unknown-keys";
import { garbageValue, hostileInput, mutate, validInput } from "../../fuzz/arbitraries/documents";
import { garbageInput } from "../../fuzz/arbitraries/garbage";
import { roundTwoInput } from "../../fuzz/arbitraries/round-two";
import { expectWithMessage } from "../../support/expect-message";

// What the parser generated from the zod schemas (src/engine/model/fast-parse.ts) must do, for any
// input: accept it exactly when zod accepts it and unknown-keys.ts finds no unknown field, and then
// return what zod returns — the same values, the same keys in the same order, nothing more; answer NO
// only where zod does report an issue. Shared by the unit test and the fuzz run.

type Zod = {
  safeParse(v: unknown): { success: true; data: unknown } | { success: false };
};

/** The same value down to key order and undefined-valued keys (toStrictEqual ignores key order). */
export function expectSame(actual: unknown, expected: unknown, path = "$"): void {
  if (typeof expected !== "object" || expected === null) {
    expectWithMessage(Object.is(actual, expected), `${path}: ${String(actual)} is not ${String(expected)}`).toBe(true);
    return;
  }
  expectWithMessage(typeof actual === "object" && actual !== null, `${path} is not an object`).toBe(true);
  expect(Array.isArray(actual)).toBe(Array.isArray(expected));
  expect(Object.getPrototypeOf(actual)).toBe(Object.getPrototypeOf(expected));
  const keys = Object.keys(expected);
  expectWithMessage(Object.keys(actual as object), `${path}: keys`).toEqual(keys);
  for (const k of keys) expectSame((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`);
}

/** How often each parser said yes: a property that only ever sees refusals (or acceptances) proves little. */
export const tally = { accepted: 0, refused: 0 };

function agree(kind: string, fast: (v: unknown) => unknown, zod: Zod, value: unknown, withUnknownKeys: boolean): void {
  let before: unknown;
  try {
    before = structuredClone(value);
  } catch {
    before = NO; // not cloneable (a symbol somewhere): not compared
  }
  const mine = fast(value);
  if (before !== NO) expect(value).toEqual(before); // the fast parser changed nothing it was given
  const theirs = zod.safeParse(value);
  const unknown = withUnknownKeys ? unknownKeys(zod as never, value) : [];
  const accepted = mine !== NO && mine !== ASK;
  const zodAccepts = theirs.success && unknown.length === 0;
  if (accepted !== zodAccepts)
    throw new Error(
      `${kind}: the fast parser ${accepted ? "accepted" : `answered ${String(mine)} for`} what zod ${theirs.success ? "accepts" : "refuses"}` +
        (theirs.success && unknown.length > 0 ? ` with unknown fields ${unknown.map((p) => p.path).join(", ")}` : "") +
        `: ${fc.stringify(value).slice(0, 600)}`,
    );
  tally[accepted ? "accepted" : "refused"]++;
  if (mine === NO) expectWithMessage(theirs.success, `${kind}: NO where zod has no issue`).toBe(false);
  if (accepted && theirs.success) expectSame(mine, theirs.data);
}

/** The library, assembly and value parsers against zod on one input (and on it sanitised, as parsed). */
export function expectAgreement(libraries: readonly unknown[], assembly: unknown): void {
  const { librarySchema } = librarySchemas();
  const assemblySchema = assemblySchemaOf();
  for (const library of libraries) {
    const loaded = load(library, "library");
    if (typeof library !== "string") agree("library", fastLibrary, librarySchema, library, true);
    if (loaded.ok) agree("library (loaded)", fastLibrary, librarySchema, loaded.value, true);
    // Every variable's default, as check-library.ts asks about it.
    const snippets = loaded.ok ? (loaded.value as { snippets?: unknown } | null)?.snippets : undefined;
    if (Array.isArray(snippets))
      for (const s of snippets) {
        const variables = (s as { variables?: unknown } | null)?.variables;
        if (Array.isArray(variables))
          for (const v of variables)
            if (v && typeof v === "object" && "default" in v)
              agree("value", fastValue, commonSchemas().valueSchema, (v as { default: unknown }).default, false);
      }
  }
  const loaded = load(assembly, "assembly");
  if (typeof assembly !== "string") agree("assembly", fastAssembly, assemblySchema, assembly, true);
  if (loaded.ok) agree("assembly (loaded)", fastAssembly, assemblySchema, loaded.value, true);
}

/** Near misses zod reads differently: an unknown or misspelt field, and keys JSON readers treat specially. */
const extraKey = fc.constantFrom("titel", "Title", "extra", "__proto__", "constructor", "toString", "", "snippet", "text", "values");

/** Adds a field to a random object inside the value. */
function withExtraKey<T>(base: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.nat(), extraKey, garbageValue).map(([value, at, key, extra]) => {
    const copy = structuredClone(value) as unknown;
    const objects: Array<Record<string, unknown>> = [];
    const walk = (v: unknown): void => {
      if (typeof v !== "object" || v === null) return;
      if (!Array.isArray(v)) objects.push(v as Record<string, unknown>);
      for (const child of Object.values(v)) walk(child);
    };
    walk(copy);
    if (objects.length > 0) Object.defineProperty(objects[at % objects.length]!, key, { value: extra, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}

const pairOf = (input: fc.Arbitrary<{ libraries: unknown[]; assembly: unknown }>) =>
  input.map((i) => ({ libraries: i.libraries, assembly: i.assembly }));

/** Valid and hostile inputs, damaged ones, and valid ones with a field too many. */
export const agreementInput: fc.Arbitrary<{ libraries: unknown[]; assembly: unknown }> = fc.oneof(
  { weight: 3, arbitrary: pairOf(validInput) },
  { weight: 2, arbitrary: pairOf(hostileInput) },
  { weight: 1, arbitrary: pairOf(garbageInput) },
  { weight: 1, arbitrary: pairOf(roundTwoInput) },
  {
    weight: 3,
    arbitrary: mutate(validInput.map((i) => ({ lib: i.libraries[0], asm: i.assembly })), 2).map((v) => {
      const pair = (typeof v === "object" && v !== null ? v : {}) as { lib?: unknown; asm?: unknown };
      return { libraries: [pair.lib], assembly: pair.asm };
    }),
  },
  {
    weight: 2,
    arbitrary: withExtraKey(validInput.map((i) => ({ lib: i.libraries[0], asm: i.assembly }))).map((v) => {
      const pair = v as { lib?: unknown; asm?: unknown };
      return { libraries: [pair.lib], assembly: pair.asm };
    }),
  },
);
