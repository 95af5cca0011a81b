import type { ProblemCode } from "../../../src/engine";

// Where a Markdown example of the spec suites (tests/support/word-structure/spec-examples.ts) does not
// give the Word structure its expected HTML reduces to — each on purpose. The same table is in
// docs/templates.md ("Where Word output differs from CommonMark and GFM"); spec-deviations.test.ts
// checks that the two agree. Every example not listed here builds to exactly its reference.
// - refused: the build stops with exactly these problem codes (nothing is written).
// - links as text: the document builds; the reference's links are plain text in it.
// - micromark's HTML: GitHub's rendering has a known bug here that micromark's own tests correct; the
//   reference is micromark's HTML for the example (and GitHub's must still differ from it).

export type Deviation = {
  suite: "CommonMark" | "GFM" | "footnotes";
  examples: readonly (number | string)[];
  why: string;
} & ({ refused: readonly ProblemCode[] } | { linksAsText: true } | { reference: "micromark" });

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const DEVIATIONS: readonly Deviation[] = [
  {
    suite: "CommonMark",
    examples: [
      21,
      31,
      ...range(148, 178),
      180,
      181,
      182,
      ...range(184, 191),
      201,
      344,
      475,
      476,
      477,
      491,
      494,
      524,
      536,
      ...range(613, 617),
      623,
      ...range(627, 631),
      642,
      643,
    ],
    refused: ["MARKDOWN_HTML"],
    why: "raw HTML other than <u>, <sup>, <sub>, <mark>, <br> and comments has no Word equivalent",
  },
  {
    suite: "CommonMark",
    examples: [20, 195, 202, 346, 489, 502, 504, 507, 526, 538, 603],
    refused: ["MARKDOWN_LINK_INVALID"],
    why: "the link's address holds a space, \\, \", ` or [ ] that a URI cannot hold: written percent-encoded it is accepted",
  },
  {
    suite: "GFM",
    examples: range(622, 635),
    linksAsText: true,
    why: "bare www., http(s):// and e-mail addresses (GFM autolink literals) are not made links: write <https://…> or [text](https://…)",
  },
  {
    suite: "GFM",
    examples: [657],
    refused: ["MARKDOWN_HTML"],
    why: "raw HTML (GFM's disallowed tags included) has no Word equivalent",
  },
  {
    suite: "footnotes",
    examples: [
      "constructs-in-footnotes-after-blank",
      "constructs-in-footnotes-first",
      "constructs-in-footnotes-rest",
    ],
    refused: ["MARKDOWN_HTML"],
    why: "a footnote holds a raw HTML block (<div>)",
  },
  {
    suite: "footnotes",
    examples: ["duplicate-calls"],
    refused: ["MARKDOWN_FOOTNOTE_PLACE"],
    why: "a footnote refers to itself: Word drops notes referenced inside notes",
  },
  {
    suite: "footnotes",
    examples: ["constructs-in-identifiers"],
    reference: "micromark",
    why: "GitHub's rendering has two known bugs here (a label with a colon loses its link, cmark-gfm#250; an image in a label): the note and the picture are made as micromark makes them",
  },
];

/** The table's key of an example ("CommonMark 21", "footnotes duplicate-calls"): spec-examples.ts's keys. */
export const keysOf = (deviation: Deviation): string[] =>
  deviation.examples.map((e) => `${deviation.suite} ${e}`);

export function deviationOf(key: string): Deviation | undefined {
  return DEVIATIONS.find((d) => keysOf(d).includes(key));
}
