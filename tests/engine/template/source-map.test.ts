import { describe, expect, it } from "@jest/globals";
import { expand, libraryLookup, snippet, v, vars } from "./helpers";

const variables = vars(v("client", "text"), v("x", "boolean"));

describe("source map", () => {
  it("maps literal characters one to one", () => {
    const r = expand("Hello {{client}}!\nSecond line", { variables, values: { client: "Ann" } });
    expect(r.markdown).toBe("Hello Ann!\nSecond line");
    expect(r.map.locate(1)).toEqual({ path: "snippets[0].body", line: 1, column: 2 });
    expect(r.map.locate(r.markdown.indexOf("!"))).toEqual({ path: "snippets[0].body", line: 1, column: 17 });
    expect(r.map.locate(r.markdown.indexOf("line"))).toEqual({
      path: "snippets[0].body",
      line: 2,
      column: 8,
    });
  });

  it("maps every character of a value to its tag", () => {
    const r = expand("Dear  {{client}},", { variables, values: { client: "A.B. *Smith*" } });
    const start = r.markdown.indexOf("A");
    const end = r.markdown.indexOf(",") - 1;
    for (const offset of [start, start + 3, end]) {
      expect(r.map.locate(offset)).toEqual({ path: "snippets[0].body", line: 1, column: 7 });
    }
    expect(r.map.locate(r.markdown.length - 1)).toEqual({ path: "snippets[0].body", line: 1, column: 17 });
  });

  it("keeps positions right after lines removed by the standalone rule and after \\{{", () => {
    const r = expand("{{#if x}}\nYes\n{{/if}}\nEnd \\{{b}}", { variables, values: { x: true } });
    expect(r.markdown).toBe("Yes\nEnd {{b}}");
    expect(r.map.locate(0)).toMatchObject({ line: 2, column: 1 });
    expect(r.map.locate(r.markdown.indexOf("End"))).toMatchObject({ line: 4, column: 1 });
    expect(r.map.locate(r.markdown.indexOf("{{"))).toMatchObject({ line: 4, column: 6 });
    expect(r.map.locate(r.markdown.indexOf("b"))).toMatchObject({ line: 4, column: 8 });
  });

  it("maps an included body to that snippet's body, with its own lines and columns", () => {
    const lib = [snippet("main", ""), snippet("defs", "Defs:\n  term {{client}}\n")];
    const r = expand("Intro\n  {{> defs}}\nOutro", {
      variables,
      values: { client: "Ann" },
      lookup: libraryLookup(lib),
    });
    expect(r.markdown).toBe("Intro\n  Defs:\n    term Ann\nOutro");
    expect(r.map.locate(r.markdown.indexOf("Defs"))).toEqual({
      path: "snippets[1].body",
      line: 1,
      column: 1,
    });
    expect(r.map.locate(r.markdown.indexOf("term"))).toEqual({
      path: "snippets[1].body",
      line: 2,
      column: 3,
    });
    expect(r.map.locate(r.markdown.indexOf("Ann"))).toEqual({ path: "snippets[1].body", line: 2, column: 8 });
    // The indentation added for the include maps to the include tag.
    expect(r.map.locate(r.markdown.indexOf("Defs") - 1)).toEqual({
      path: "snippets[0].body",
      line: 2,
      column: 3,
    });
    expect(r.map.locate(r.markdown.indexOf("Outro"))).toEqual({
      path: "snippets[0].body",
      line: 3,
      column: 1,
    });
  });

  it("stays exact over thousands of segments and clamps out-of-range offsets", () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `Row ${i} {{client}} end`);
    const r = expand(lines.join("\n"), { variables, values: { client: "v" } });
    const outLines = r.markdown.split("\n");
    // The time limit is for locate() alone: the answers are checked after the clock stops (Jest's
    // matchers cost several times vitest's, and 6,000 of them are not what this measures).
    let offset = 0;
    const found: Array<{ end: ReturnType<typeof r.map.locate>; value: ReturnType<typeof r.map.locate> }> = [];
    const started = performance.now();
    for (const line of outLines) {
      found.push({ end: r.map.locate(offset + line.indexOf("end")), value: r.map.locate(offset + line.indexOf("v")) });
      offset += line.length + 1;
    }
    const elapsed = performance.now() - started;
    outLines.forEach((_, i) => {
      expect(found[i]!.end).toEqual({
        path: "snippets[0].body",
        line: i + 1,
        column: lines[i]!.indexOf("end") + 1,
      });
      expect(found[i]!.value).toMatchObject({
        line: i + 1,
        column: lines[i]!.indexOf("{{") + 1,
      });
    });
    expect(elapsed).toBeLessThan(2000);
    expect(r.map.locate(-5)).toMatchObject({ line: 1, column: 1 });
    expect(r.map.locate(10 ** 9)).toMatchObject({ line: 3000 });
  });
});
