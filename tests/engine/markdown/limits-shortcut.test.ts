import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { MAX_EMPHASIS_MARKERS, MAX_MARKDOWN_NESTING } from "../../../src/engine/limits";
import { scanLines, scanMarkdown } from "../../../src/engine/markdown/limits";

// Issue 15: scanMarkdown skips its line scan when two whole-text tests say it cannot fail (a run of more
// than MAX_MARKDOWN_NESTING prefix characters at a line's start; more than MAX_EMPHASIS_MARKERS *, _ and
// ~). It must answer exactly what the line scan answers, for any text, and the shortcut must be taken.

const N = MAX_MARKDOWN_NESTING;
const PREFIX_PIECES = [" ", "  ", "\t", ">", "> ", "- ", "+ ", "* ", "1. ", "2) ", "123456789. ", "-", "1.", "a", "\n", "```\n", "\r\n"];
// Long prefixes made of a few kinds of piece, repeated near the threshold.
const deepish = fc
  .tuple(fc.array(fc.constantFrom(...PREFIX_PIECES), { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 2 * N + 4 }), fc.constantFrom("", "x", "\nnext"))
  .map(([unit, times, tail]) => unit.join("").repeat(times) + tail);
const mixed = fc.array(fc.oneof(deepish, fc.constantFrom("text", "\n\n", "*", "**", "_", "~~", "\\*")), { maxLength: 6 }).map((p) => p.join(""));

describe("scanMarkdown's shortcut", () => {
  it("answers what the line scan answers", () => {
    fc.assert(fc.property(mixed, (s) => expect(scanMarkdown(s)).toEqual(scanLines(s))), { numRuns: 5_000 });
  });

  it("finds a line of tabs one over the limit and passes one at it", () => {
    // N + 1 tabs: 4(N + 1) columns, half of them count: 2N + 2 > 2N. N tabs: 2N, not over.
    expect(scanMarkdown("a\n\n" + "\t".repeat(N + 1) + "x")?.code).toBe("LIMIT_MARKDOWN_NESTING");
    expect(scanMarkdown("a\n\n" + "\t".repeat(N) + "x")).toBeUndefined();
    expect(scanLines("a\n\n" + "\t".repeat(N) + "x")).toBeUndefined();
    expect(scanMarkdown(">".repeat(2 * N + 1))?.code).toBe("LIMIT_MARKDOWN_NESTING");
    expect(scanMarkdown(">".repeat(2 * N))).toBeUndefined();
  });

  it("finds a block with one emphasis run over the limit and passes one at it", () => {
    const over = "a* ".repeat(MAX_EMPHASIS_MARKERS + 1);
    expect(scanMarkdown(over)?.code).toBe("LIMIT_MARKDOWN_EMPHASIS");
    expect(scanMarkdown("a* ".repeat(MAX_EMPHASIS_MARKERS))).toBeUndefined();
    // As many runs split over blocks: under the limit in each, so the line scan passes it too.
    const split = "a* ".repeat(MAX_EMPHASIS_MARKERS / 2) + "\n\n" + "a* ".repeat(MAX_EMPHASIS_MARKERS / 2 + 1);
    expect(scanMarkdown(split)).toBeUndefined();
    expect(scanLines(split)).toBeUndefined();
  });
});
