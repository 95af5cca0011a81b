import { describe, expect, it } from "@jest/globals";
import { expandTemplate } from "../../../src/engine/template";

// Long runs without tags (an embedded picture's data URI) are set aside while the template is parsed
// (template/parse.ts): the text comes back whole and problems after them keep their place on the line.

const expand = (body: string) =>
  expandTemplate({
    body,
    path: "body",
    variables: new Map(),
    values: {},
    valuesPath: "values",
    lookup: () => undefined,
    locale: "en-US",
    today: new Date("2026-11-22T10:00:00Z"),
  });

describe("long runs of text in a template", () => {
  it("come back whole, around the tags", () => {
    const run = "A".repeat(100_000);
    const result = expand(`![x](data:image/png;base64,${run}) and ${run}B`);
    expect(result.problems).toEqual([]);
    expect(result.markdown).toContain(`base64,${run}) and ${run}B`);
  });

  it("leave later problems on the same line at their true column", () => {
    const run = "A".repeat(50_000);
    const body = `x\n![x](data:${run}) {{nope}} ${run} {{alsoNope}}`;
    const columns = expand(body)
      .problems.filter((p) => p.code === "TEMPLATE_UNKNOWN_VARIABLE")
      .map((p) => [p.line, p.column]);
    const line2 = body.split("\n")[1]!;
    // A problem's column is the variable's name (1-based), as for short lines.
    expect(columns).toEqual([
      [2, line2.indexOf("nope}}") + 1],
      [2, line2.indexOf("alsoNope}}") + 1],
    ]);
  });
});
