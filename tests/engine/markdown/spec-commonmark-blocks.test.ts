import { describe, expect, it } from "@jest/globals";
import { commonMarkExamples } from "../../support/word-structure/spec-examples";
import { checkExample } from "./spec-check";

// The CommonMark 0.31.2 spec's examples (npm commonmark-spec) up to its "Inlines" chapter: tabs, escapes,
// entities and the block structure (1–326). Each is built into a Word document and read back, against
// its expected HTML reduced to Word structure; deviations: spec-deviations.ts. The inlines (327–652) are
// in spec-commonmark-inlines.test.ts, so the two halves run side by side.

describe("CommonMark 0.31.2 up to the inlines, every example through the document build", () => {
  it("the two halves take all 652 examples of the spec", () => {
    expect(commonMarkExamples().map((e) => e.key)).toEqual(
      Array.from({ length: 652 }, (_, i) => `CommonMark ${i + 1}`),
    );
  });

  const examples = commonMarkExamples().filter((e) => Number(e.key.split(" ")[1]) < 327);
  it.each(examples.map((e) => [e.key, e] as const))("%s", async (_key, example) => {
    await checkExample(example);
  });
});
