// Jest gives every module a `jest` object (jest.fn, jest.mock, …). The tests use it as that free variable
// rather than importing it from @jest/globals: only then does swc hoist jest.mock() calls above the
// imports, as vitest hoisted jest.mock (see scripts/vitest-to-jest.mjs). This types it.
import type { jest as JestObject } from "@jest/globals";

declare global {
  const jest: typeof JestObject;
}

export {};
