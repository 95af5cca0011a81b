import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import { ACTIONS } from "../../src/office/word-errors";
import { b64, FakeWord } from "./fake-word";
import { ALL, caught, pieces } from "./host-helpers";

describe("capabilities", () => {
  it("reports every location on a modern Word and the 4 MB limit on the web", () => {
    const word = new FakeWord();
    const caps = createOfficeHost(word.bindings(ALL, { platform: "OfficeOnline" })).capabilities();
    expect(caps.mode).toBe("word");
    expect(caps.platform).toBe("OfficeOnline");
    expect(Object.values(caps.can).every((c) => c.ok)).toBe(true);
    expect(caps.maxInsertBytes).toBe(4 * 1024 * 1024);
  });

  it("has no size limit on desktop and no new document below WordApi 1.3", () => {
    const caps = createOfficeHost(new FakeWord().bindings(["1.1", "1.2"], { platform: "PC" })).capabilities();
    expect(caps.maxInsertBytes).toBeUndefined();
    expect(caps.can.cursor.ok).toBe(true);
    expect(caps.can["new-document"]).toEqual({ ok: false, why: expect.stringMatching(/WordApi 1\.3/) });
  });

  it("uses the partition key for storage, or 'default'", () => {
    expect(createOfficeHost(new FakeWord().bindings(ALL, { partitionKey: "abc" })).storageKey()).toBe("abc");
    expect(createOfficeHost(new FakeWord().bindings(ALL)).storageKey()).toBe("default");
  });
});

describe("insert: where each location puts the pieces", () => {
  it("cursor: first piece after the selection, each next one after the previous control, in order", async () => {
    const word = new FakeWord();
    const progress: Array<[number, number]> = [];
    await createOfficeHost(word.bindings(ALL)).insert(pieces("one", "two", "three"), "cursor", (d, t) =>
      progress.push([d, t]),
    );
    expect(word.texts()).toEqual([
      "Intro",
      "[selection]",
      "[sectionsmith:one@1|one: one]",
      "[sectionsmith:two@1|two: two]",
      "[sectionsmith:three@1|three: three]",
      "Outro",
    ]);
    const inserts = word.calledWith("insertFileFromBase64");
    expect(inserts.map((c) => [c.target, c.args[1]])).toEqual([
      ["selection", "After"],
      ["cc(one).Whole", "After"],
      ["cc(two).Whole", "After"],
    ]);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it("wraps every piece in a content control with tag, title and a bounding box", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(ALL)).insert(
      [{ base64: b64("x"), tag: "sectionsmith:x@2", title: "X" }],
      "end",
    );
    const block = word.blocks.at(-1)!;
    expect(block.cc).toMatchObject({ tag: "sectionsmith:x@2", title: "X", appearance: "BoundingBox" });
  });

  it("replace-selection: the first piece replaces the selection, the rest follow it", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(ALL)).insert(pieces("one", "two"), "replace-selection");
    expect(word.texts()).toEqual([
      "Intro",
      "[sectionsmith:one@1|one: one]",
      "[sectionsmith:two@1|two: two]",
      "Outro",
    ]);
    expect(word.calledWith("insertFileFromBase64")[0]).toMatchObject({
      target: "selection",
      args: [b64("one"), "Replace"],
    });
  });

  it("replace-selection with nothing selected throws no-selection before inserting", async () => {
    const word = new FakeWord();
    word.selectedText = ""; // a bare cursor
    const error = await caught(
      createOfficeHost(word.bindings(ALL)).insert(pieces("one"), "replace-selection"),
    );
    expect(error.code).toBe("no-selection");
    expect(error.action).toMatch(/Select the text/);
    expect(word.calledWith("insertFileFromBase64")).toEqual([]);
  });

  it("cursor in a header throws no-selection with the click-in-body action", async () => {
    const word = new FakeWord();
    word.selectionType = "Header";
    const error = await caught(createOfficeHost(word.bindings(ALL)).insert(pieces("one"), "cursor"));
    expect(error.code).toBe("no-selection");
    expect(error.action).toBe(ACTIONS.clickInBody);
    expect(word.calledWith("insertFileFromBase64")).toEqual([]);
  });

  it("WordApi 1.1 reads selection.text (no isEmpty/parentBody) and refuses several pieces at the cursor", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(["1.1"]));
    await host.insert(pieces("one"), "cursor");
    expect(word.calledWith("load").find((c) => c.target === "selection")?.args).toEqual(["text"]);
    expect(word.calls.some((c) => c.target === "selection.parentBody")).toBe(false);
    const error = await caught(host.insert(pieces("a", "b"), "cursor"));
    expect(error.code).toBe("not-supported");
  });

  it("start with WordApi 1.5: Document.insertFileFromBase64 at Start, in reverse, with import options", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(ALL)).insert(pieces("one", "two", "three"), "start");
    const calls = word.calledWith("insertFileFromBase64");
    expect(calls.map((c) => [c.target, c.args[0], c.args[1]])).toEqual([
      ["document", b64("three"), "Start"],
      ["document", b64("two"), "Start"],
      ["document", b64("one"), "Start"],
    ]);
    expect(calls[0]!.args[2]).toEqual({
      importTheme: false,
      importStyles: false, // the host's styles win unless the user asks for the snippets' formatting
      importParagraphSpacing: true,
      importPageColor: false,
      importChangeTrackingMode: false,
    });
    expect(word.texts().slice(0, 4)).toEqual([
      "[sectionsmith:one@1|one: one]",
      "[sectionsmith:two@1|two: two]",
      "[sectionsmith:three@1|three: three]",
      "Intro",
    ]);
    // The control spans the inserted section but stops before its last paragraph mark (section break).
    expect(
      word.calls.some(
        (c) =>
          c.target === "section(one).lastParagraph" && c.method === "getRange" && c.args[0] === "Content",
      ),
    ).toBe(true);
  });

  it("adds the WordApi 1.6 and 1.7 import options only when supported", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings([...ALL, "1.6", "1.7"])).insert(pieces("one"), "end");
    expect(word.calledWith("insertFileFromBase64")[0]!.args[2]).toMatchObject({
      importCustomProperties: false,
      importCustomXmlParts: false,
      importDifferentOddEvenPages: true,
    });
  });

  it.each([
    [
      "start",
      ["Start", "Start"],
      ["[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]", "Intro", "[selection]", "Outro"],
    ],
    [
      "end",
      ["End", "End"],
      ["Intro", "[selection]", "Outro", "[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]"],
    ],
    [
      "replace-document",
      ["Replace", "End"],
      ["[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]"],
    ],
  ] as const)(
    "%s below WordApi 1.5 falls back to Body.insertFileFromBase64",
    async (location, ats, texts) => {
      const word = new FakeWord();
      await createOfficeHost(word.bindings(["1.1", "1.2", "1.3", "1.4"])).insert(
        pieces("one", "two"),
        location,
      );
      const calls = word.calledWith("insertFileFromBase64");
      expect(calls.every((c) => c.target === "body")).toBe(true);
      expect(calls.map((c) => c.args[1])).toEqual([...ats]);
      expect(word.texts()).toEqual(texts);
    },
  );

  it("replace-document with WordApi 1.5 replaces through the document, then appends", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(ALL)).insert(pieces("one", "two"), "replace-document");
    expect(word.calledWith("insertFileFromBase64").map((c) => [c.target, c.args[1]])).toEqual([
      ["document", "Replace"],
      ["document", "End"],
    ]);
    expect(word.texts()).toEqual(["[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]"]);
  });

  it("new-document opens a document created from the single piece", async () => {
    const word = new FakeWord();
    const progress: number[] = [];
    await createOfficeHost(word.bindings(ALL)).insert(pieces("whole"), "new-document", (d) =>
      progress.push(d),
    );
    expect(word.calls.map((c) => `${c.target}.${c.method}`)).toEqual([
      "application.createDocument",
      "createdDocument.open",
    ]);
    expect(word.calls[0]!.args).toEqual([b64("whole")]);
    expect(progress).toEqual([1]);
  });

  it("new-document refuses several pieces, and is not supported below WordApi 1.3", async () => {
    const word = new FakeWord();
    expect(
      (await caught(createOfficeHost(word.bindings(ALL)).insert(pieces("a", "b"), "new-document"))).code,
    ).toBe("not-supported");
    const old = await caught(createOfficeHost(word.bindings(["1.1"])).insert(pieces("a"), "new-document"));
    expect(old.code).toBe("not-supported");
    expect(old.action).toMatch(/WordApi 1\.3/);
    expect(word.calls).toEqual([]);
  });
});
