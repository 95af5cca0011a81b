import { describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../../src/engine";
import { MAX_EMPHASIS_MARKERS, MAX_MARKDOWN_NESTING, MAX_TABLE_COLUMNS } from "../../../src/engine/limits";
import { assembly, build, bodyText, buildBody, library } from "../support";
import { failure, only, timed } from "./helpers";

// Markdown limits: nesting (clamped to Word's 9 list levels, refused past MAX_MARKDOWN_NESTING),
// emphasis markers per paragraph, and table columns.

const nestedList = (n: number) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- level ${i + 1}`).join("\n");
const fails = (body: string) => failure(library({ id: "s1", body }), assembly([{ snippet: "s1" }]));

describe("nesting", () => {
  it("clamps lists deeper than 9 levels to Word's level 9, keeping every item's text", async () => {
    const b = await buildBody(nestedList(15));
    expect(bodyText(b.document)).toBe(Array.from({ length: 15 }, (_, i) => `level ${i + 1}`).join(""));
    const levels = [...b.document.matchAll(/<w:ilvl w:val="(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(levels).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8, 8, 8]);
  });

  it(`builds lists and block quotes nested ${MAX_MARKDOWN_NESTING} deep`, async () => {
    const b = await buildBody(">".repeat(MAX_MARKDOWN_NESTING / 2) + " " + nestedList(MAX_MARKDOWN_NESTING / 2).replace(/\n/g, "\n" + ">".repeat(MAX_MARKDOWN_NESTING / 2) + " "));
    expect(bodyText(b.document)).toContain(`level ${MAX_MARKDOWN_NESTING / 2}`);
  });

  it("refuses one more level with LIMIT_MARKDOWN_NESTING at the list that goes too deep", async () => {
    const p = only(await fails("intro\n\n" + nestedList(MAX_MARKDOWN_NESTING + 1)), "LIMIT_MARKDOWN_NESTING");
    expect(p.path).toBe("snippets[0].body");
    expect(p.line).toBe(2 + MAX_MARKDOWN_NESTING + 1);
    expect(p.message).toContain(`at most ${MAX_MARKDOWN_NESTING}`);
  });

  it("refuses 10,000 nested block quotes at once (the parser overflowed its stack on them)", async () => {
    const { value: problems, ms } = await timed(() => fails(">".repeat(10_000) + " x"));
    expect(only(problems, "LIMIT_MARKDOWN_NESTING").line).toBe(1);
    expect(ms).toBeLessThan(2000);
  });

  it("refuses 500 nested list items at once (the parser slows down sharply with depth)", async () => {
    const { value: problems, ms } = await timed(() => fails(nestedList(500)));
    only(problems, "LIMIT_MARKDOWN_NESTING");
    expect(ms).toBeLessThan(3000);
  });

  it("does not count indentation inside fenced code", async () => {
    const code = "```\n" + Array.from({ length: 10 }, () => " ".repeat(300) + "deep();").join("\n") + "\n```";
    const b = await buildBody(code);
    expect(bodyText(b.document)).toContain("deep();");
  });

  it("is reported by library validation too", () => {
    const result = validateLibrary(library({ id: "s1", body: ">".repeat(100) + " x" }));
    expect(result.problems.map((p) => p.code)).toEqual(["LIMIT_MARKDOWN_NESTING"]);
  });
});

describe("emphasis markers", () => {
  it(`builds a paragraph of ${MAX_EMPHASIS_MARKERS} markers`, async () => {
    const b = await buildBody("*a* ".repeat(MAX_EMPHASIS_MARKERS / 2));
    expect((b.document.match(/<w:i\/>/g) ?? []).length).toBe(MAX_EMPHASIS_MARKERS / 2);
  });

  it("refuses a paragraph packed with more, quickly (the parser's emphasis matching is quadratic)", async () => {
    const { value: problems, ms } = await timed(() => fails("intro\n\n" + "*a ".repeat(5000) + "x" + " b*".repeat(5000)));
    const p = only(problems, "LIMIT_MARKDOWN_EMPHASIS");
    expect(p.line).toBe(3);
    expect(p.message).toMatch(/\\\*/);
    expect(ms).toBeLessThan(2000);
  });

  it("counts per paragraph and list item, not per document, and ignores escaped markers", async () => {
    const items = Array.from({ length: 1500 }, (_, i) => `- **term ${i}**: text`).join("\n");
    const escaped = "\\*".repeat(5000);
    const b = await buildBody(items + "\n\n" + escaped);
    expect(bodyText(b.document)).toContain("term 1499: text");
    expect(bodyText(b.document)).toContain("*".repeat(5000));
  });
});

describe("tables", () => {
  const table = (columns: number, rows = 2) =>
    ["|" + " h |".repeat(columns), "|" + "---|".repeat(columns), ...Array.from({ length: rows }, () => "|" + " x |".repeat(columns))].join("\n");

  it(`builds ${MAX_TABLE_COLUMNS} columns (Word's limit)`, async () => {
    const b = await buildBody(table(MAX_TABLE_COLUMNS));
    expect((b.document.match(/<w:gridCol /g) ?? []).length).toBe(MAX_TABLE_COLUMNS);
  });

  it("refuses more with LIMIT_TABLE_COLUMNS at the table", async () => {
    const p = only(await fails("text\n\n" + table(MAX_TABLE_COLUMNS + 1)), "LIMIT_TABLE_COLUMNS");
    expect(p.line).toBe(3);
    expect(p.message).toContain(`${MAX_TABLE_COLUMNS + 1} columns`);
  });

  it("renders a table of 20,000 rows (counting columns no longer spreads every row into Math.max)", async () => {
    const b = await build(library({ id: "s1", body: table(1, 20_000) }), assembly([{ snippet: "s1" }]));
    expect((b.document.match(/<w:tr>|<w:tr /g) ?? []).length).toBe(20_001);
  }, 120_000);
});
