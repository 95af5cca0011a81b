import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { MarkdownBuilder } from "../../../src/engine/template/builder";
import { escapeEveryLine, escapeValue, inLinkAddress } from "../../../src/engine/template/escape";

// Issue 15: two shortcuts on the path of every value a template writes. They must give what the full
// steps give, for any text.

// Letters, digits, every kind of character the escape treats specially, and some that it must not.
const PIECES = ["a", "Z", "7", " ", "\t", "\n", "\r", "\r\n", "*", "_", "[", "]", "(", ")", "<", ">", "|", "#",
  "-", ".", ":", "!", "\\", "`", "~", "&", "{", "}", "£", "é", "\u00a0", "\u2028", "\uFDD0", "\uFDD8", "😀", "https://x.y/"];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(""));

describe("escapeValue's shortcut for values that need no escape", () => {
  it("gives what escaping every line gives, for any value", () => {
    fc.assert(fc.property(text, (value) => expect(escapeValue(value)).toBe(escapeEveryLine(value))), { numRuns: 5_000 });
  });

  it("takes plain words, dates and names as they are, and escapes what it must", () => {
    expect(escapeValue("Proseware Margie Holdings")).toBe("Proseware Margie Holdings");
    expect(escapeValue("8 March 2028")).toBe("8 March 2028");
    expect(escapeValue("£19,203.66")).toBe("£19\\,203\\.66");
    expect(escapeValue(" a")).not.toBe(" a");
    expect(escapeValue("a\nb")).not.toBe("a\nb");
  });
});

describe("the expander's shortcut before a value: after a blank it is never inside a link address", () => {
  it("holds for any text written before it", () => {
    const before = fc.tuple(text, fc.constantFrom(" ", "\t", "\n")).map(([t, blank]) => t + blank);
    fc.assert(fc.property(before, (written) => expect(inLinkAddress(written)).toBe(false)), { numRuns: 5_000 });
  });

  it("a value right after an address's start is still inside it", () => {
    expect(inLinkAddress("see [a](https://x/")).toBe(true);
    expect(inLinkAddress("see [a](https://x/ ")).toBe(false);
  });
});

describe("MarkdownBuilder.endsWithBlank", () => {
  it("says whether what was written (held-back blanks included) ends with a space, tab or line feed", () => {
    const writes = fc.array(fc.tuple(text, fc.boolean()), { maxLength: 8 });
    fc.assert(
      fc.property(writes, (list) => {
        const out = new MarkdownBuilder([]);
        for (const [piece, literal] of list) out.write(piece, { source: 0, offset: 0, literal });
        const tail = out.tail(512);
        expect(out.endsWithBlank()).toBe(tail === "" || /[ \t\n]$/.test(tail));
      }),
      { numRuns: 3_000 },
    );
  });
});
