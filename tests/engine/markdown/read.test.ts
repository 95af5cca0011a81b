import { describe, expect, it, beforeEach } from "@jest/globals";
import { clearMarkdownCache, MARKDOWN_CACHE_CHARS, readMarkdown } from "../../../src/engine/markdown/read";
import { buildBody } from "../support";

// markdown/read.ts keeps parsed trees by their text (issue 15): the same Markdown is parsed once. That is
// only sound if a tree is never changed by what reads it, and if the store stays bounded.

const RICH = [
  "# Title with *emphasis* and `code`",
  "",
  "Text with a footnote[^a], a [link](https://example.com) and ~~struck~~ words.",
  "",
  "1. one",
  "   - nested **bold**",
  "2. two",
  "",
  "- [x] done",
  "- [ ] open",
  "",
  "| a | b |",
  "|:--|--:|",
  "| 1 | 2 |",
  "",
  "> quoted",
  "",
  "[^a]: The note.",
].join("\n");

const rootOf = (markdown: string) => {
  const read = readMarkdown(markdown);
  if (!("root" in read)) throw new Error(`failed: ${read.failure.message}`);
  return read.root;
};

describe("reading Markdown (markdown/read.ts)", () => {
  beforeEach(() => clearMarkdownCache());

  it("parses the same text once, and a full build leaves the kept tree as it was", async () => {
    const first = rootOf(RICH);
    const before = JSON.stringify(first);
    expect(rootOf(RICH)).toBe(first);
    const built = await buildBody(RICH);
    expect(built.document).toContain("quoted");
    expect(JSON.stringify(rootOf(RICH))).toBe(before);
    expect(rootOf(RICH)).toBe(first);
  });

  it("gives a text of its own a tree of its own", () => {
    const a = rootOf(`${RICH}\n\nA.`);
    const b = rootOf(`${RICH}\n\nB.`);
    expect(a).not.toBe(b);
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(b));
  });

  it("keeps no more text than MARKDOWN_CACHE_CHARS: the oldest trees are parsed again", () => {
    const text = (i: number) => `Paragraph ${i} ${"words ".repeat(2_000)}`;
    const first = rootOf(text(0));
    const count = Math.ceil(MARKDOWN_CACHE_CHARS / text(0).length) + 1;
    for (let i = 1; i <= count; i++) rootOf(text(i));
    expect(rootOf(text(0))).not.toBe(first);
    expect(rootOf(text(count))).toBe(rootOf(text(count)));
  });

  it("reports a Markdown limit instead of a tree, at its offset", () => {
    const deep = `${"> ".repeat(100)}deep`;
    const read = readMarkdown(deep);
    expect("failure" in read && read.failure.code).toBe("LIMIT_MARKDOWN_NESTING");
  });
});
