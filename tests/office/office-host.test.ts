import { describe, expect, it } from "vitest";
import { createOfficeHost } from "../../src/office/office-host";
import { ACTIONS } from "../../src/office/word-errors";
import { isHostError, type HostError, type InsertPiece } from "../../src/office/word-host";
import { b64, FakeWord } from "./fake-word";

const ALL = ["1.1", "1.2", "1.3", "1.4", "1.5"];
const piece = (text: string): InsertPiece => ({ base64: b64(text), tag: `sectionsmith:${text}@1`, title: text });
const pieces = (...texts: string[]) => texts.map(piece);

async function caught(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    expect(isHostError(error)).toBe(true);
    return error as HostError;
  }
  throw new Error("expected a HostError, nothing was thrown");
}

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
    await createOfficeHost(word.bindings(ALL)).insert([{ base64: b64("x"), tag: "sectionsmith:x@2", title: "X" }], "end");
    const block = word.blocks.at(-1)!;
    expect(block.cc).toMatchObject({ tag: "sectionsmith:x@2", title: "X", appearance: "BoundingBox" });
  });

  it("replace-selection: the first piece replaces the selection, the rest follow it", async () => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(ALL)).insert(pieces("one", "two"), "replace-selection");
    expect(word.texts()).toEqual(["Intro", "[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]", "Outro"]);
    expect(word.calledWith("insertFileFromBase64")[0]).toMatchObject({ target: "selection", args: [b64("one"), "Replace"] });
  });

  it("replace-selection with nothing selected throws no-selection before inserting", async () => {
    const word = new FakeWord();
    word.selectedText = ""; // a bare cursor
    const error = await caught(createOfficeHost(word.bindings(ALL)).insert(pieces("one"), "replace-selection"));
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
      importStyles: true,
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
    expect(word.calls.some((c) => c.target === "section(one).lastParagraph" && c.method === "getRange" && c.args[0] === "Content")).toBe(true);
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
    ["start", ["Start", "Start"], ["[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]", "Intro", "[selection]", "Outro"]],
    ["end", ["End", "End"], ["Intro", "[selection]", "Outro", "[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]"]],
    ["replace-document", ["Replace", "End"], ["[sectionsmith:one@1|one: one]", "[sectionsmith:two@1|two: two]"]],
  ] as const)("%s below WordApi 1.5 falls back to Body.insertFileFromBase64", async (location, ats, texts) => {
    const word = new FakeWord();
    await createOfficeHost(word.bindings(["1.1", "1.2", "1.3", "1.4"])).insert(pieces("one", "two"), location);
    const calls = word.calledWith("insertFileFromBase64");
    expect(calls.every((c) => c.target === "body")).toBe(true);
    expect(calls.map((c) => c.args[1])).toEqual([...ats]);
    expect(word.texts()).toEqual(texts);
  });

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
    await createOfficeHost(word.bindings(ALL)).insert(pieces("whole"), "new-document", (d) => progress.push(d));
    expect(word.calls.map((c) => `${c.target}.${c.method}`)).toEqual(["application.createDocument", "createdDocument.open"]);
    expect(word.calls[0]!.args).toEqual([b64("whole")]);
    expect(progress).toEqual([1]);
  });

  it("new-document refuses several pieces, and is not supported below WordApi 1.3", async () => {
    const word = new FakeWord();
    expect((await caught(createOfficeHost(word.bindings(ALL)).insert(pieces("a", "b"), "new-document"))).code).toBe("not-supported");
    const old = await caught(createOfficeHost(word.bindings(["1.1"])).insert(pieces("a"), "new-document"));
    expect(old.code).toBe("not-supported");
    expect(old.action).toMatch(/WordApi 1\.3/);
    expect(word.calls).toEqual([]);
  });
});

describe("insert: limits and failures", () => {
  const FOUR_MB = 4 * 1024 * 1024;

  it("rejects a piece over 4 MB on the web before calling Word, and accepts exactly 4 MB", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL, { platform: "OfficeOnline" }));
    const big = { base64: Buffer.alloc(FOUR_MB + 1).toString("base64"), title: "Annex" };
    const error = await caught(host.insert([piece("small"), big], "end"));
    expect(error.code).toBe("too-large");
    expect(error.message).toMatch(/Section 2 of 2 \("Annex"\)/);
    expect(word.calls).toEqual([]);
    await host.insert([{ base64: Buffer.alloc(FOUR_MB).toString("base64") }], "end");
    expect(word.calledWith("insertFileFromBase64")).toHaveLength(1);
  });

  it("a failure on piece 2 of 3 removes piece 1 and throws a HostError with an action", async () => {
    const word = new FakeWord();
    word.failWhen((c) => c.method === "insertFileFromBase64" && c.args[0] === b64("two"), "GeneralException");
    const progress: number[] = [];
    const error = await caught(
      createOfficeHost(word.bindings(["1.1", "1.3"])).insert(pieces("one", "two", "three"), "end", (d) => progress.push(d)),
    );
    expect(error.code).toBe("word-rejected");
    expect(error.action).toBe(ACTIONS.clickInBody);
    expect(error.message).toMatch(/GeneralException/);
    expect(error.message).toMatch(/1 section\(s\) inserted before the failure were removed/);
    expect(word.calledWith("delete")).toEqual([{ target: "cc(sectionsmith:one@1)", method: "delete", args: [false] }]);
    expect(word.texts()).toEqual(["Intro", "[selection]", "Outro"]);
    expect(progress).toEqual([1]);
    expect(word.calledWith("insertFileFromBase64").some((c) => c.args[0] === b64("three"))).toBe(false);
  });

  it("a failure while wrapping removes the unwrapped insert and the earlier pieces", async () => {
    const word = new FakeWord();
    word.failWhen((c) => c.method === "insertContentControl" && c.target === "range(two)", "InvalidArgument");
    const error = await caught(createOfficeHost(word.bindings(ALL)).insert(pieces("one", "two"), "cursor"));
    expect(error.code).toBe("word-rejected");
    expect(word.calledWith("delete").map((c) => c.target)).toEqual(["range(two)", "cc(sectionsmith:one@1)"]);
    expect(word.texts()).toEqual(["Intro", "[selection]", "Outro"]);
  });

  it("rolls back document-level inserts including the trailing paragraph", async () => {
    const word = new FakeWord();
    word.failWhen((c) => c.method === "insertFileFromBase64" && c.args[0] === b64("two"), "AccessDenied");
    const error = await caught(createOfficeHost(word.bindings(ALL)).insert(pieces("one", "two"), "end"));
    expect(error.action).toBe(ACTIONS.protectedDoc);
    expect(word.calledWith("delete").map((c) => c.target)).toEqual([
      "cc(sectionsmith:one@1)",
      "section(one).body.Whole..section(one).body.Whole",
    ]);
    expect(word.texts()).toEqual(["Intro", "[selection]", "Outro"]);
  });

  it("says so, and points at Undo, when the rollback itself fails", async () => {
    const word = new FakeWord();
    word.failWhen((c) => c.method === "insertFileFromBase64" && c.args[0] === b64("two"));
    word.failWhen((c) => c.method === "delete");
    const error = await caught(createOfficeHost(word.bindings(["1.1"])).insert(pieces("one", "two"), "end"));
    expect(error.message).toMatch(/could not be removed/);
    expect(error.action).toMatch(/Undo/);
  });

  it("after a replace that failed midway, the action mentions Undo to restore the replaced content", async () => {
    const word = new FakeWord();
    word.failWhen((c) => c.method === "insertFileFromBase64" && c.args[0] === b64("two"));
    const error = await caught(createOfficeHost(word.bindings(["1.1"])).insert(pieces("one", "two"), "replace-document"));
    expect(error.action).toMatch(/Undo \(Ctrl\+Z\).*replaced/);
  });

  it("maps unknown Word errors to 'unknown' and keeps Word's message and location", async () => {
    const word = new FakeWord();
    word.failWhen((c) => c.method === "insertFileFromBase64", "SomethingNew", "odd");
    const error = await caught(createOfficeHost(word.bindings(ALL)).insert(pieces("one"), "end"));
    expect(error.code).toBe("unknown");
    expect(error.message).toMatch(/SomethingNew \(at document\.insertFileFromBase64\): odd/);
    expect(error.action).toBe(ACTIONS.unknown);
  });
});

describe("selection and tagged content", () => {
  it("returns the selection as HTML", async () => {
    const word = new FakeWord();
    word.selectionHtml = "<p><b>hi</b></p>";
    expect(await createOfficeHost(word.bindings(ALL)).getSelectionHtml()).toBe("<p><b>hi</b></p>");
  });

  it("lists only Sectionsmith-tagged controls, in document order", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL));
    await host.insert([...pieces("one"), { base64: b64("other"), tag: "someone-else" }, ...pieces("two")], "end");
    expect(await host.listTaggedContent()).toEqual([
      { tag: "sectionsmith:one@1", title: "one", text: "one" },
      { tag: "sectionsmith:two@1", title: "two", text: "two" },
    ]);
  });

  it("replaces tagged content in place and retags it", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL));
    await host.insert(pieces("one", "two"), "end");
    await host.replaceTaggedContent("sectionsmith:one@1", { base64: b64("one v2"), tag: "sectionsmith:one@2", title: "One" });
    expect(word.calledWith("getByTag")[0]!.args).toEqual(["sectionsmith:one@1"]);
    expect(word.texts().slice(-2)).toEqual(["[sectionsmith:one@2|One: one v2]", "[sectionsmith:two@1|two: two]"]);
  });

  it("replacing a tag that is gone throws not-found", async () => {
    const error = await caught(createOfficeHost(new FakeWord().bindings(ALL)).replaceTaggedContent("sectionsmith:nope", piece("x")));
    expect(error.code).toBe("not-found");
  });
});
