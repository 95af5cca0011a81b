import { describe, it } from "@jest/globals";
import { commonMarkExamples } from "../../support/word-structure/spec-examples";
import { checkExample } from "./spec-check";

// The CommonMark 0.31.2 spec's examples (npm commonmark-spec) from its "Inlines" chapter on (327–652):
// code spans, emphasis, links, images, autolinks, raw HTML, line breaks, text. Each is built into a Word
// document and read back, against its expected HTML reduced to Word structure; deviations:
// spec-deviations.ts. Examples 1–326 are in spec-commonmark-blocks.test.ts.

describe("CommonMark 0.31.2's inlines, every example through the document build", () => {
  const examples = commonMarkExamples().filter((e) => Number(e.key.split(" ")[1]) >= 327);
  it.each(examples.map((e) => [e.key, e] as const))("%s", async (_key, example) => {
    await checkExample(example);
  });
});
