// Insert at the cursor with context (issue 12): inside a numbered list of the document, the sections
// that "continue" numbering from the start of the insert join that list after the insert
// (Paragraph.detachFromList + attachToList, WordApi 1.3); everywhere else the insert is as before.
import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import type { InsertLocation, InsertPiece } from "../../src/office/word-host";
import { b64, FakeWord, packageOf, type ParagraphData } from "./fake-word";
import { ALL } from "./host-helpers";

const TERM = "sectionsmith:term@1";
const RIGHTS = "sectionsmith:rights@1";
const FEES = "sectionsmith:fees@1";

/** Term (1, 2, 3) and Rights (4, 5, 6: list 7 continued, one bullet) and Fees (list 8) in one package. */
function contract(): { piece: InsertPiece } {
  const paragraphs = {
    term: [{ text: "Heading", style: "Heading2" }, ...["t1", "t2", "t3"].map((text) => ({ text, list: 7, level: 0, type: "Number" as const }))],
    rights: [
      { text: "r1", list: 7, level: 0, type: "Number" as const },
      { text: "r1a", list: 7, level: 1, type: "Number" as const },
      { text: "note", list: 9, level: 0, type: "Bullet" as const },
      { text: "plain" },
    ],
    fees: [{ text: "f1", list: 8, level: 0, type: "Number" as const }],
  };
  const base64 = b64(packageOf([
    { tag: TERM, paragraphs: paragraphs.term },
    { tag: RIGHTS, paragraphs: paragraphs.rights },
    { tag: FEES, paragraphs: paragraphs.fees },
  ]));
  return { piece: { base64, title: "Sections 1–3", hasControls: true, continueTags: [TERM, RIGHTS] } };
}

const inHostList = (word: FakeWord, style = "ListNumber") => {
  word.cursorParagraph = { text: "host item 2", list: 42, level: 0, type: "Number", style };
};

/** The paragraphs of the package's controls as they are in the simulated document after the insert. */
function inserted(word: FakeWord): Record<"term" | "rights" | "fees", ParagraphData[]> {
  const controls = word.blocks.flatMap((b) => (b as { controls?: Array<{ tag: string; paragraphs: ParagraphData[] }> }).controls ?? []);
  const of = (tag: string) => controls.find((c) => c.tag === tag)!.paragraphs;
  return { term: of(TERM), rights: of(RIGHTS), fees: of(FEES) };
}

async function insert(word: FakeWord, location: InsertLocation = "cursor", versions = ALL) {
  const { piece } = contract();
  await createOfficeHost(word.bindings(versions)).insert([piece], location);
  return inserted(word);
}

describe("insert at the cursor inside a numbered list of the document", () => {
  it("moves the continuing sections' numbered items into the document's list, at the cursor item's level plus theirs", async () => {
    const word = new FakeWord();
    inHostList(word);
    const paragraphs = await insert(word);
    expect(word.calledWith("attachToList").map((c) => [c.target, c.args])).toEqual([
      ["paragraph(t1)", [42, 0]],
      ["paragraph(t2)", [42, 0]],
      ["paragraph(t3)", [42, 0]],
      ["paragraph(r1)", [42, 0]],
      ["paragraph(r1a)", [42, 1]],
    ]);
    // Each was taken out of its own list first (attachToList fails on a list item).
    expect(word.calledWith("detachFromList")).toHaveLength(5);
    expect([...paragraphs.term, ...paragraphs.rights].filter((p) => p.list === 42).map((p) => p.text)).toEqual(["t1", "t2", "t3", "r1", "r1a"]);
    // Bullets, plain text and the section that restarts (Fees) are left as Word inserted them.
    expect(paragraphs.rights.find((p) => p.text === "note")?.list).toBe(9);
    expect(paragraphs.fees[0]!.list).toBe(8);
    expect(word.calledWith("insertFileFromBase64")).toHaveLength(1);
  });

  it("at a deeper item, the items go one level deeper too (at most level 9)", async () => {
    const word = new FakeWord();
    word.cursorParagraph = { text: "host item 2.1", list: 42, level: 8, type: "Number" };
    await insert(word);
    expect(word.calledWith("attachToList").map((c) => c.args[1])).toEqual([8, 8, 8, 8, 8]);
  });

  it("leaves the insert as it is where the list cannot be continued", async () => {
    const cases: Array<[string, (w: FakeWord) => void, InsertLocation, string[]]> = [
      ["the cursor is in plain text", () => undefined, "cursor", ALL],
      ["the cursor is in a bulleted list", (w) => (w.cursorParagraph = { text: "b", list: 42, level: 0, type: "Bullet" }), "cursor", ALL],
      ["the cursor is in a numbered heading (the Heading styles number it)", (w) => inHostList(w, "Heading1"), "cursor", ALL],
      ["Word lacks WordApi 1.3", (w) => inHostList(w), "cursor", ["1.1", "1.2"]],
      ["the insert goes at the end of the document", (w) => inHostList(w), "end", ALL],
    ];
    for (const [why, scene, location, versions] of cases) {
      const word = new FakeWord();
      scene(word);
      const paragraphs = await insert(word, location, versions);
      expect([why, word.calledWith("attachToList")]).toEqual([why, []]);
      expect([why, paragraphs.term[1]!.list]).toEqual([why, 7]);
    }
  });

  it("no continuing section: the document's list is not even looked at", async () => {
    const word = new FakeWord();
    inHostList(word);
    const { piece } = contract();
    delete piece.continueTags;
    await createOfficeHost(word.bindings(ALL)).insert([piece], "cursor");
    expect(word.calls.filter((c) => c.target.startsWith("paragraph(") || c.target === "range.contentControls")).toEqual([]);
  });

  it("when Word refuses to move the first item, it goes back to its own list and the insert stands", async () => {
    const word = new FakeWord();
    inHostList(word);
    word.failWhen((c) => c.method === "attachToList" && c.args[0] === 42);
    const paragraphs = await insert(word);
    expect(word.calledWith("attachToList").map((c) => [c.target, c.args])).toEqual([
      ["paragraph(t1)", [42, 0]],
      ["paragraph(t1)", [7, 0]],
    ]);
    expect(paragraphs.term[1]).toMatchObject({ list: 7, level: 0 });
    expect(paragraphs.term.slice(2).every((p) => p.list === 7)).toBe(true);
    expect(word.texts()).toEqual(["Intro", "[selection]", `${TERM}+${RIGHTS}+${FEES}`, "Outro"]);
  });
});
