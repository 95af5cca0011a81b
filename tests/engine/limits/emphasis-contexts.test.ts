import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import type { Root } from "mdast";
import { MAX_EMPHASIS_MARKERS } from "../../../src/engine/limits";
import { parseMarkdown } from "../../../src/engine/markdown/parse";
import { scanLines } from "../../../src/engine/markdown/limits";
import { assembly, library } from "../support";
import { failure, only, timed } from "./helpers";

// LIMIT_MARKDOWN_EMPHASIS counts emphasis runs per inline context, because micromark matches them in
// time that grows with the square of their number in one context. The scan may start its count again
// only where micromark certainly starts a new context (issue 24): lines that merely look like a list
// item or a table row inside a paragraph are still that paragraph, and ~20,000 markers in one took
// half a minute to build.

const fails = (body: string) => failure(library({ id: "s1", body }), assembly([{ snippet: "s1" }]));
const marks = (n: number) => "*a".repeat(n);

describe("paragraphs that only look like new blocks are counted whole", () => {
  for (const [name, body, line] of [
    ['lines of "|" after a sentence (no delimiter row: no table)', `Intro\n${`|${marks(50)}\n`.repeat(60)}`, 1],
    ['lines numbered "2." after a sentence (only 1 may interrupt a paragraph)', `Intro\n${`2. ${marks(50)}\n`.repeat(60)}`, 1],
    ['"1. a" then lines indented to its text: "   2. …" continues its paragraph', `1. a\n${`   2. ${marks(50)}\n`.repeat(60)}`, 1],
    ["a table's header lazily inside a block quote (no table)", `> a\n| h |\n|---|\n${`| ${marks(50)}\n`.repeat(60)}`, 1],
    ["a table ended by a footnote definition, whose paragraph takes the rows after it", `| h |\n|---|\n[^n]: x\n${`| ${marks(50)}\n`.repeat(60)}`, 2],
    ["a table ended by a thematic break", `| h |\n|---|\n***\n${`|${marks(50)}\n`.repeat(60)}`, 2],
    ["a list item's paragraph after a blank line, with a header row lazily after it (no table)", `- a\n\n  b\n| h |\n|---|\n${`| ${marks(50)}\n`.repeat(60)}`, 3],
    ["a footnote's text, with a header row lazily after it (no table)", `[^n]: a\n| h |\n|---|\n${`| ${marks(50)}\n`.repeat(60)}`, 1],
    ['a header row of a bare "|" (no table)', `x\n|\n|---|\n${`|${marks(50)}\n`.repeat(60)}`, 1],
    ['a "```" inside an HTML block (no fence), and the paragraph after it', `<div>\n\`\`\`\n\n${marks(1001)}\n${marks(1000)}`, 1],
    ["a block quote's lines at the depth it already had", `> > a\n${`> b\n> > ${marks(50)}\n`.repeat(60)}`, 1],
  ] as const) {
    it(`refuses ${name} with LIMIT_MARKDOWN_EMPHASIS, quickly`, async () => {
      const { value: problems, ms } = await timed(() => fails(body));
      const p = only(problems, "LIMIT_MARKDOWN_EMPHASIS");
      expect(p.path).toBe("snippets[0].body");
      expect(p.line).toBe(line);
      expect(ms).toBeLessThan(2000);
    });
  }

  it("still counts real new contexts apart: list items, numbered items of one list, table rows, headings", () => {
    const each = `${marks(30)}`;
    const bodies = [
      Array.from({ length: 200 }, () => `- ${each}`).join("\n"),
      Array.from({ length: 200 }, (_, i) => `${i + 1}. ${each}`).join("\n"),
      `The fees are:\n| h |\n|---|\n${Array.from({ length: 200 }, () => `| ${each} |`).join("\n")}`,
      Array.from({ length: 200 }, () => `# ${each}\n${each}`).join("\n"),
    ];
    for (const body of bodies) expect(scanLines(body)).toBeUndefined();
    expect(scanLines(bodies.join("\n").replace(/^- |^\d+\. |^# /gm, "x "))).toMatchObject({ code: "LIMIT_MARKDOWN_EMPHASIS" });
  });
});

// Runs of unescaped *, _ or ~ in the source of each inline context micromark made.
function contextRuns(markdown: string, root: Root): number[] {
  const found: number[] = [];
  const walk = (node: { type: string; children?: unknown[]; position?: { start: { offset?: number }; end: { offset?: number } } }): void => {
    if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") {
      const text = markdown.slice(node.position!.start.offset, node.position!.end.offset);
      let runs = 0;
      for (let i = 0; i < text.length; i++) {
        if (text[i] === "\\") i++;
        else if ("*_~".includes(text[i]!)) {
          runs++;
          while (text[i + 1] === text[i]) i++;
        }
      }
      found.push(runs);
      return;
    }
    for (const child of (node.children ?? []) as (typeof node)[]) walk(child);
  };
  walk(root as never);
  return found;
}

describe("the scan never counts fewer runs than micromark's contexts hold", () => {
  const piece = fc.constantFrom(
    "", "x", "- ", "* ", "+ ", "1. ", "2. ", "1) ", "10. ", "> ", ">", "   ", "    ", "  ", "# ", "| ", "|", "|---|", "|---|---|", "---", "***",
    "[^n]: ", "[a]: ", "<div>", "```", "*a", "a*", "_b_", "~c~", "**d**", "\\*", "`*`", " | ", "x | y", "\t",
  );
  const line = fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => p.join(""));
  it("on documents made of the pieces that start blocks (at a limit of 6 runs)", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 14 }), (lines) => {
        const markdown = lines.join("\n");
        if (scanLines(markdown, 6) !== undefined) return;
        const runs = contextRuns(markdown, parseMarkdown(markdown));
        expect(Math.max(0, ...runs)).toBeLessThanOrEqual(6);
      }),
      { numRuns: 10_000 },
    );
  });

  it("ends a paragraph at a line of blanks or of bare \">\", and still checks the latter's nesting", () => {
    expect(scanLines(`a\n${" \t".repeat(300)}\nb`)).toBeUndefined();
    expect(scanLines(`> ${marks(1500)}\n>\n> ${marks(1500)}`)).toBeUndefined();
    expect(scanLines(`> ${marks(1500)}\n> ${marks(1500)}`)).toMatchObject({ code: "LIMIT_MARKDOWN_EMPHASIS" });
    expect(scanLines(">".repeat(200))).toMatchObject({ code: "LIMIT_MARKDOWN_NESTING" });
  });

  it("keeps the limit a user meets at the number in limits.ts", () => {
    expect(scanLines(marks(MAX_EMPHASIS_MARKERS))).toBeUndefined();
    expect(scanLines(`${marks(MAX_EMPHASIS_MARKERS)}*`)).toMatchObject({ code: "LIMIT_MARKDOWN_EMPHASIS", offset: 0 });
  });
});
