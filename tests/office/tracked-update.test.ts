// An update as tracked changes through WordHost: the piece already holds its differences as w:ins/w:del,
// so Track Changes is off while it goes in and the user's mode comes back afterwards — after a failed
// sync too. Below WordApi 1.4 (no Document.changeTrackingMode) the host says so and touches nothing.

import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import { b64, FakeWord } from "./fake-word";
import { ALL, caught, pieces } from "./host-helpers";

const NEW = { base64: b64("one, tracked"), tag: "sectionsmith:one@2", title: "One" };

async function documentWithOne(mode: string, versions = ALL) {
  const word = new FakeWord();
  const host = createOfficeHost(word.bindings(versions));
  await host.insert(pieces("one", "two"), "end");
  word.trackingMode = mode;
  word.calls = [];
  return { word, host };
}

const modeCalls = (word: FakeWord) =>
  word.calls
    .filter((c) => c.method === "set changeTrackingMode" || c.method === "insertFileFromBase64")
    .map((c) => (c.method === "insertFileFromBase64" ? "insert" : `mode ${String(c.args[0])}`));

describe("replaceTaggedContent with tracked changes", () => {
  it.each(["TrackAll", "TrackMineOnly"])(
    "with the user's mode %s: off for the insert, the user's mode set back",
    async (mode) => {
      const { word, host } = await documentWithOne(mode);
      await host.replaceTaggedContent("sectionsmith:one@1", NEW, { tracked: true });
      expect(modeCalls(word)).toEqual(["mode Off", "insert", `mode ${mode}`]);
      expect(word.modeAtInsert).toEqual(["Off"]);
      expect(word.trackingMode).toBe(mode);
      expect(word.texts().slice(-2)).toEqual([
        "[sectionsmith:one@2|One: one, tracked]",
        "[sectionsmith:two@1|two: two]",
      ]);
    },
  );

  it("with Track Changes off: the mode is read and never set", async () => {
    const { word, host } = await documentWithOne("Off");
    await host.replaceTaggedContent("sectionsmith:one@1", NEW, { tracked: true });
    expect(
      word.calledWith("load").some((c) => c.target === "document" && c.args[0] === "changeTrackingMode"),
    ).toBe(true);
    expect(modeCalls(word)).toEqual(["insert"]);
    expect(word.trackingMode).toBe("Off");
  });

  it("a failed sync during the insert: the document is unchanged, the user's mode restored, a HostError", async () => {
    const { word, host } = await documentWithOne("TrackAll");
    word.failWhen((c) => c.method === "insertFileFromBase64", "GeneralException");
    // The text, not the tag: the fake sets a control's tag at once, office.js with the failed batch.
    const text = () => word.blocks.map((b) => b.text);
    const before = text();
    const error = await caught(host.replaceTaggedContent("sectionsmith:one@1", NEW, { tracked: true }));
    expect(error.code).toBe("word-rejected");
    expect(error.message).toMatch(/updating the inserted section: GeneralException/);
    expect(text()).toEqual(before);
    expect(word.trackingMode).toBe("TrackAll");
    expect(modeCalls(word).at(-1)).toBe("mode TrackAll");
  });

  it("a failed sync that also held the switch to Off: the mode is set back in a batch of its own", async () => {
    const { word, host } = await documentWithOne("TrackAll");
    // The batch that switches Track Changes off and finds the controls fails after the switch applied.
    word.failWhen((c) => c.method === "load" && c.target === "contentControls", "GeneralException");
    const error = await caught(host.replaceTaggedContent("sectionsmith:one@1", NEW, { tracked: true }));
    expect(error.code).toBe("word-rejected");
    expect(word.calledWith("insertFileFromBase64")).toEqual([]);
    expect(word.trackingMode).toBe("TrackAll");
  });

  it("when Word will not take the mode back, the error tells the user to turn Track Changes on", async () => {
    const { word, host } = await documentWithOne("TrackAll");
    word.failWhen((c) => c.method === "set changeTrackingMode" && c.args[0] === "TrackAll");
    word.failWhen((c) => c.method === "set changeTrackingMode" && c.args[0] === "TrackAll");
    const error = await caught(host.replaceTaggedContent("sectionsmith:one@1", NEW, { tracked: true }));
    expect(error.message).toMatch(/turn Track Changes back on/);
    expect(error.action).toMatch(/Review → Track Changes/);
  });

  it("a tag that is gone: not-found, and the mode is restored", async () => {
    const { word, host } = await documentWithOne("TrackAll");
    const error = await caught(host.replaceTaggedContent("sectionsmith:gone@1", NEW, { tracked: true }));
    expect(error.code).toBe("not-found");
    expect(word.trackingMode).toBe("TrackAll");
  });

  it("below WordApi 1.4: the capability says why, and a tracked update is refused before Word is called", async () => {
    const { word, host } = await documentWithOne("TrackAll", ["1.1", "1.2", "1.3"]);
    expect(host.capabilities().trackChanges).toEqual({
      ok: false,
      why: expect.stringMatching(/WordApi 1\.4/),
    });
    const error = await caught(host.replaceTaggedContent("sectionsmith:one@1", NEW, { tracked: true }));
    expect(error.code).toBe("not-supported");
    expect(word.calls).toEqual([]);
    // Replacing silently still works there.
    await host.replaceTaggedContent("sectionsmith:one@1", NEW);
    expect(word.texts()).toContain("[sectionsmith:one@2|One: one, tracked]");
  });

  it("WordApi 1.4: the capability is there", () => {
    expect(createOfficeHost(new FakeWord().bindings(ALL)).capabilities().trackChanges).toEqual({ ok: true });
  });
});
