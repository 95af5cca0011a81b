import { describe, expect, it } from "@jest/globals";
import { parseMarkdown, parseReference } from "../../../src/engine/markdown/parse";
import { nodeOffset } from "../../../src/engine/markdown/position";

// A problem's place in a markdown-it tree comes from micromark's tree of the same text (position.ts).
// That second parse is paid once per tree, not once per problem: a hostile body with a bad link on each
// of 2,000 lines took over two minutes to validate when every problem parsed the text again, 0.8 s now.

jest.mock("../../../src/engine/markdown/parse", () => {
  const actual = jest.requireActual<typeof import("../../../src/engine/markdown/parse")>(
    "../../../src/engine/markdown/parse",
  );
  return { ...actual, parseReference: jest.fn(actual.parseReference) };
});

describe("a fast-path tree's problems are placed with one more parse", () => {
  it("parses the text with micromark once for all the nodes placed in one tree", () => {
    const markdown = Array.from({ length: 20 }, (_, i) => `Line ${i} [x](javascript:${i}) text.`).join(
      "\n\n",
    );
    const fast = parseMarkdown(markdown);
    const counted = parseReference as unknown as { mock: { calls: unknown[] } };
    const before = counted.mock.calls.length;
    const links = fast.children.map((p) => (p as unknown as { children: { type: string }[] }).children[1]!);
    expect(links.every((l) => l.type === "link")).toBe(true);
    const offsets = links.map((link) => nodeOffset(fast, link as never));
    expect(offsets.map((o) => markdown.slice(o, o + 4))).toEqual(links.map(() => "[x](")); // each at its own link
    expect(new Set(offsets).size).toBe(20);
    expect(counted.mock.calls.length - before).toBe(1);
  });
});
