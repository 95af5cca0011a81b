import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import { ACTIONS } from "../../src/office/word-errors";
import { b64, FakeWord } from "./fake-word";
import { ALL, caught, piece, pieces } from "./host-helpers";

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
      createOfficeHost(word.bindings(["1.1", "1.3"])).insert(pieces("one", "two", "three"), "end", (d) =>
        progress.push(d),
      ),
    );
    expect(error.code).toBe("word-rejected");
    expect(error.action).toBe(ACTIONS.clickInBody);
    expect(error.message).toMatch(/GeneralException/);
    expect(error.message).toMatch(/1 section\(s\) inserted before the failure were removed/);
    expect(word.calledWith("delete")).toEqual([
      { target: "cc(sectionsmith:one@1)", method: "delete", args: [false] },
    ]);
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
    const error = await caught(
      createOfficeHost(word.bindings(["1.1"])).insert(pieces("one", "two"), "replace-document"),
    );
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
    await host.insert(
      [...pieces("one"), { base64: b64("other"), tag: "someone-else" }, ...pieces("two")],
      "end",
    );
    expect(await host.listTaggedContent()).toEqual([
      { tag: "sectionsmith:one@1", title: "one", text: "one" },
      { tag: "sectionsmith:two@1", title: "two", text: "two" },
    ]);
  });

  it("replaces tagged content in place and retags it", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL));
    await host.insert(pieces("one", "two"), "end");
    await host.replaceTaggedContent("sectionsmith:one@1", {
      base64: b64("one v2"),
      tag: "sectionsmith:one@2",
      title: "One",
    });
    expect(word.calledWith("getByTag")[0]!.args).toEqual(["sectionsmith:one@1"]);
    expect(word.texts().slice(-2)).toEqual([
      "[sectionsmith:one@2|One: one v2]",
      "[sectionsmith:two@1|two: two]",
    ]);
  });

  it("replacing a tag that is gone throws not-found", async () => {
    const error = await caught(
      createOfficeHost(new FakeWord().bindings(ALL)).replaceTaggedContent("sectionsmith:nope", piece("x")),
    );
    expect(error.code).toBe("not-found");
  });
});
