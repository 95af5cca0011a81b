import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import type { PhrasingContent } from "mdast";
import { isFillInLine, plainText } from "../../../src/engine/render/fill-in";
import { parseMarkdown } from "../../../src/engine/markdown/parse";

// isFillInLine answers a paragraph without any underscore at once (issue 15); with one, it reads the
// paragraph's plain text as before. It must agree with the rule on that text: five underscores in a row.
const paragraphOf = (markdown: string): PhrasingContent[] => {
  const first = parseMarkdown(markdown).children[0];
  return first?.type === "paragraph" ? first.children : [];
};

describe("isFillInLine", () => {
  it("sees a line made of underscores spread over text, code and links", () => {
    expect(isFillInLine(paragraphOf("Signed: ___`__`"))).toBe(true);
    expect(isFillInLine(paragraphOf("Signed: ___[__](u)"))).toBe(true);
    expect(isFillInLine(paragraphOf("A short_line_ here, and `__` there"))).toBe(false);
    expect(isFillInLine(paragraphOf("No line at all"))).toBe(false);
  });

  it("agrees with five underscores in the plain text, on generated paragraphs", () => {
    const piece = fc.constantFrom("_", "__", "a", " ", "*", "`", "\\_", "x_y", "**", "[", "](u)");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
        const nodes = paragraphOf(parts.join(""));
        expect(isFillInLine(nodes)).toBe(/_{5,}/.test(plainText(nodes)));
      }),
      { numRuns: 800 },
    );
  });
});
