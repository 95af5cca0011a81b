import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { bodyText, build } from "../support";

// The contract's own examples, as someone reading only the contract would write them.
const read = (name: string) =>
  JSON.parse(readFileSync(`tests/fixtures/spec/${name}.json`, "utf8")) as unknown;

describe("the contract's example library and assembly", () => {
  it("build into a valid document with the chosen branch, the offset heading and the drafting note", async () => {
    const b = await build(read("library"), read("assembly"));
    expect(b.warnings).toEqual([]);
    expect(bodyText(b.document)).toContain("For Fabrikam Ltd, 22 November 2026");
    expect(bodyText(b.document)).toContain("Each party shall keep ...");
    expect(b.document).toMatch(/<w:pStyle w:val="Heading3"\/>[\s\S]*?Confidentiality/); // ## + headingOffset 1
    expect(await b.part("word/comments.xml")).toContain("one-way NDAs need the recipient");
    expect(bodyText(await b.part("word/header1.xml"))).toBe("Contoso Ltd");
    expect(b.snippets).toEqual(["contoso-header@1", "cover-page@1", "confidentiality@3"]);
  });
});
