import { describe, expect, it } from "@jest/globals";
import { validateFile } from "../../src/engine";
import { plainProblem } from "../../src/taskpane/model/plain-problem";

// Issue 24: a value the text uses but does not have is a warning from the engine (VALUE_MISSING_HERE,
// VALUE_EMPTY_IN_SENTENCE); before Insert or Download the pane says it in the user's words — the section
// as the outline numbers it, the field's label, and the sentence as it would read.

const variables = [
  { name: "mutual", type: "boolean" as const, required: false, default: true },
  { name: "discloser", label: "Disclosing party", type: "text" as const, required: false },
];
const library = {
  format: "sectionsmith/library@1",
  snippets: [
    { id: "intro", title: "Introduction", status: "approved", body: "Hello." },
    {
      id: "nda",
      title: "Confidentiality",
      status: "approved",
      variables,
      body: "{{#if mutual}}Each party{{else}}The recipient{{/if}} keeps the information of {{#if mutual}}the other{{else}}{{discloser}}{{/if}}, and uses it only here.",
    },
  ],
};
const sections = [{ title: "Introduction" }, { title: "Confidentiality", variables }];

async function warnings(values: Record<string, unknown>) {
  const assembly = { format: "sectionsmith/assembly@1", sections: [{ snippet: "intro" }, { snippet: "nda", values }] };
  return (await validateFile(assembly, { libraries: [library] })).problems;
}

describe("a gap in a sentence, in the user's words", () => {
  it("a value the chosen wording needs", async () => {
    const [p, ...rest] = await warnings({ mutual: false });
    expect(rest).toEqual([]);
    expect(p!.code).toBe("VALUE_MISSING_HERE");
    expect(plainProblem(p!, { sections, naming: "outline" })).toBe(
      "Section 2, “Confidentiality”: Disclosing party is used in the text but has no value — the text reads “The recipient keeps the information of , and uses it only here.”. Fill it in (Edit values on the section), or choose the wording that does not use it.",
    );
  });

  it("an empty value inside a sentence", async () => {
    const [p] = await warnings({ mutual: false, discloser: " " });
    expect(p!.code).toBe("VALUE_EMPTY_IN_SENTENCE");
    const text = plainProblem(p!, { sections, naming: "single" });
    expect(text).toMatch(/^“Confidentiality”: Disclosing party is empty in the middle of a sentence — the text reads “.*information of +, and uses it only here\.”\. Fill it in/);
    expect(text).not.toMatch(/VALUE_|sections\[|"discloser"/);
  });

  it("nothing when the wording taken does not use it", async () => {
    expect(await warnings({ mutual: true })).toEqual([]);
  });
});
