// What an insert stores with each section: only the snippet's own variables, by the tag its control gets.

import { describe, expect, it } from "@jest/globals";
import type { Snippet } from "../../src/engine/core";
import type { OutlineSection } from "../../src/taskpane/model/document";
import { valuesByTag } from "../../src/taskpane/model/stored-values";

const snippet = (id: string, version: number, names: string[]) =>
  ({ id, version, variables: names.map((name) => ({ name, type: "text" })) }) as unknown as Snippet;

const section = (snippetId: string, version: number | undefined, values: OutlineSection["values"]) =>
  ({ key: snippetId, snippet: snippetId, version, values }) as OutlineSection;

describe("valuesByTag", () => {
  const library = [snippet("nda", 2, ["party", "term"]), snippet("nda", 1, ["party"])];
  const lookup = (id: string, version?: number) => {
    const found = library.find((s) => s.id === id && (version === undefined || s.version === version));
    return found ? { snippet: found } : undefined;
  };

  it("keys the values by the resolved version's tag and keeps only the snippet's own variables", () => {
    expect(valuesByTag([section("nda", undefined, { party: "Acme", term: "3", stale: "x" })], lookup)).toEqual({
      "sectionsmith:nda@2": { party: "Acme", term: "3" },
    });
    expect(valuesByTag([section("nda", 1, { party: "Acme", term: "3" })], lookup)).toEqual({
      "sectionsmith:nda@1": { party: "Acme" },
    });
  });

  it("leaves out sections the library does not have", () => {
    expect(valuesByTag([section("gone", 1, { a: "b" })], lookup)).toEqual({});
  });
});
