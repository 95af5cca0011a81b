// One Insert, one package (issue 12): a package that carries its own content controls goes in as it
// is, the host's styles win unless the user chose the snippets' formatting, and a split insert (past
// 4 MB) chains its packages and takes them all out again on failure.
import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import type { InsertPiece } from "../../src/office/word-host";
import { b64, FakeWord } from "./fake-word";
import { ALL, caught } from "./host-helpers";

const pkg = (text: string): InsertPiece => ({ base64: b64(text), title: text, hasControls: true });

describe("a package with its own content controls", () => {
  it("is inserted with one call and no control around it", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(ALL)).insert([pkg("all sections")], "cursor");
    expect(word.calledWith("insertFileFromBase64").map((c) => [c.target, c.args[1]])).toEqual([
      ["selection", "After"],
    ]);
    expect(word.calledWith("insertContentControl")).toEqual([]);
    expect(word.texts()).toEqual(["Intro", "[selection]", "all sections", "Outro"]);
  });

  it("at the end: Document.insertFileFromBase64 with importStyles false by default, true for the snippets' formatting", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL));
    await host.insert([pkg("a")], "end");
    await host.insert([pkg("b")], "start", undefined, { formatting: "snippets" });
    await host.insert([pkg("c")], "replace-document", undefined, { formatting: "host" });
    const calls = word.calledWith("insertFileFromBase64");
    expect(calls.map((c) => [c.args[1], (c.args[2] as { importStyles: boolean }).importStyles])).toEqual([
      ["End", false],
      ["Start", true],
      ["Replace", false],
    ]);
    expect(word.calledWith("insertContentControl")).toEqual([]);
  });

  it("split packages at the cursor go one after the other, each after the range the previous one filled", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(ALL)).insert([pkg("first"), pkg("second")], "cursor");
    expect(word.calledWith("insertFileFromBase64").map((c) => [c.target, c.args[1]])).toEqual([
      ["selection", "After"],
      ["range(first)", "After"],
    ]);
    expect(word.texts()).toEqual(["Intro", "[selection]", "first", "second", "Outro"]);
  });

  it("a failing second package takes the first one out again", async () => {
    const word = new FakeWord();
    word.failWhen((c) => c.method === "insertFileFromBase64" && c.target === "range(first)", "AccessDenied");
    const error = await caught(
      createOfficeHost(word.bindings(ALL)).insert([pkg("first"), pkg("second")], "cursor"),
    );
    expect(error.message).toMatch(/were removed again/);
    expect(word.texts()).toEqual(["Intro", "[selection]", "Outro"]);
  });
});

describe("a package with a table of contents", () => {
  it("asks Word to update its TOC fields after the insert (WordApi 1.5), and the insert stands if that fails", async () => {
    const word = new FakeWord();
    const updated: string[] = [];
    // The fake's ranges have no Range.fields: give the inserted range one with a TOC and a PAGE field.
    const original = word.context.document.getSelection.bind(word.context.document);
    word.context.document.getSelection = () => {
      const selection = original();
      const insert = selection.insertFileFromBase64.bind(selection);
      selection.insertFileFromBase64 = (base64: string, at: string) => {
        const range = insert(base64, at);
        const items = [' TOC \\o "1-3" \\h ', " PAGE "].map((code) => ({
          code,
          updateResult: () => updated.push(code),
        }));
        return Object.assign(range, { fields: { items, load: () => undefined } });
      };
      return selection;
    };
    await createOfficeHost(word.bindings(ALL)).insert([{ ...pkg("with contents"), hasToc: true }], "cursor");
    expect(updated).toEqual([' TOC \\o "1-3" \\h ']);

    const older = new FakeWord();
    await createOfficeHost(older.bindings(ALL)).insert([{ ...pkg("no fields API"), hasToc: true }], "cursor");
    expect(older.texts()).toEqual(["Intro", "[selection]", "no fields API", "Outro"]);
  });
});
