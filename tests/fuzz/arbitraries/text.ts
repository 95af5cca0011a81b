import fc from "fast-check";

// Text for every field: all Unicode planes, characters XML 1.0 forbids, lone surrogates, the
// noncharacters the engine uses as sentinels, very long words, and plain words that build.

/** Characters a Word file cannot hold or the engine reserves: each must be removed (with a warning). */
export const FORBIDDEN = [
  "\u0000", "\u0001", "\u0007", "\u0008", "\u000B", "\u000C", "\u000E", "\u001B", "\u001F",
  "\uFFFE", "\uFFFF", "\uD800", "\uDBFF", "\uDC00", "\uDFFF",
  "\uFDD0", "\uFDD3", "\uFDD4", "\uFDD6", "\uFDD9", "\uFDEF",
] as const;

export const forbiddenChar = fc.constantFrom(...FORBIDDEN);

/** Characters worth meeting often: Markdown and template punctuation, blanks, direction marks, astral. */
const interesting = fc.constantFrom(
  "*", "_", "~", "`", "#", "|", "\\", "[", "]", "(", ")", "<", ">", "&", "!", "{", "}", "\"", "'", ":",
  "\t", "\n", "\r", "\r\n", " ", "\u00A0", "\u200B", "\u200E", "\u202E", "\u2028", "\u2029", "\uFEFF",
  "é", "ß", "İ", "ﬁ", "ǅ", "日本", "עברית", "عربى", "😀", "👩‍👩‍👧", "𝕏", "\u{10FFFD}", "\u{E0001}", "\u0301",
);

const words = fc.constantFrom("the", "Party", "shall", "keep", "Confidential", "Information", "term", "of", "2", "years", "Agreement");

/** Plain prose that builds without problems. */
export const prose = fc.array(words, { minLength: 1, maxLength: 12 }).map((w) => w.join(" "));

/** Text from the whole of Unicode (code points, never lone surrogates: those come from FORBIDDEN). */
export const unicodeText = (maxLength = 30) => fc.string({ unit: "binary", maxLength });

/** Any text: mostly short and varied, sometimes hostile, now and then a single 10,000-character word. */
export const anyText = (maxLength = 30): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: prose },
    { weight: 3, arbitrary: unicodeText(maxLength) },
    { weight: 2, arbitrary: fc.string({ unit: fc.oneof(interesting, forbiddenChar, fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 })), maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "\n", "\u0000", "\uFFFF\uFFFE", "\uD800", "\uDFFF\uD800") },
    { weight: 1, arbitrary: longWord },
  );

/** One word of 10,000 characters (or a few thousand repetitions of something odd). */
export const longWord = fc.oneof(
  fc.constant("a".repeat(10_000)),
  fc.constant("\u{1F600}".repeat(5_000)),
  fc.tuple(fc.string({ unit: "binary", minLength: 1, maxLength: 3 }), fc.integer({ min: 1000, max: 4000 })).map(([s, n]) => s.repeat(n)),
);

/** Text that is safe to put inside a template string literal ({{#note "…"}}) and a Markdown link text. */
export const noteText = prose;
