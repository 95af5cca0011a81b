// The values a section was built with, kept by WordHost in the document's custom XML part (WordApi 1.4)
// through the Word stand-in: one part however many writes, other tags kept, an unreadable part read as
// no values with a warning, and no methods at all where Word cannot hold them.

import { describe, expect, it } from "@jest/globals";
import { createOfficeHost } from "../../src/office/office-host";
import { encodeSectionValues, VALUES_NAMESPACE } from "../../src/office/section-values";
import { FakeWord } from "./fake-word";
import { ALL, caught } from "./host-helpers";

describe("section values in the document", () => {
  it("reads nothing from a document that has none", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL));
    expect(await host.readSectionValues!()).toEqual({ sections: {}, warnings: [] });
  });

  it("writes one part, adds to it, and reads back every tag", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL));
    await host.writeSectionValues!({ "sectionsmith:a@1": { party: "Acme" } });
    await host.writeSectionValues!({ "sectionsmith:b@2": { days: 30 } });
    await host.writeSectionValues!({ "sectionsmith:a@1": { party: "Acme Ltd" } });
    expect(word.customXml).toHaveLength(1);
    expect(word.calledWith("add")).toHaveLength(1);
    expect(await host.readSectionValues!()).toEqual({
      sections: { "sectionsmith:a@1": { party: "Acme Ltd" }, "sectionsmith:b@2": { days: 30 } },
      warnings: [],
    });
  });

  it("leaves other add-ins' parts alone", async () => {
    const word = new FakeWord();
    const theirs = { id: "{theirs}", xml: `<data xmlns="urn:other">keep</data>` };
    word.customXml.push(theirs);
    const host = createOfficeHost(word.bindings(ALL));
    await host.writeSectionValues!({ "sectionsmith:a@1": { x: "1" } });
    expect(word.customXml).toContainEqual(theirs);
    expect(word.customXml).toHaveLength(2);
  });

  it("folds two parts of its namespace (a document pieced together) into one", async () => {
    const word = new FakeWord();
    word.customXml.push(
      { id: "{one}", xml: encodeSectionValues({ "sectionsmith:a@1": { x: "1" } }) },
      { id: "{two}", xml: encodeSectionValues({ "sectionsmith:b@1": { y: "2" } }) },
    );
    const host = createOfficeHost(word.bindings(ALL));
    await host.writeSectionValues!({ "sectionsmith:c@1": {} });
    expect(word.customXml.map((p) => p.id)).toEqual(["{one}"]);
    expect(Object.keys((await host.readSectionValues!()).sections).sort()).toEqual([
      "sectionsmith:a@1",
      "sectionsmith:b@1",
      "sectionsmith:c@1",
    ]);
  });

  it("reads a broken part as no values, with a coded warning, and a write replaces it", async () => {
    const word = new FakeWord();
    word.customXml.push({
      id: "{bad}",
      xml: `<sectionValues xmlns="${VALUES_NAMESPACE}"><section tag="x">{</section>`,
    });
    const host = createOfficeHost(word.bindings(ALL));
    const read = await host.readSectionValues!();
    expect(read.sections).toEqual({});
    expect(read.warnings.map((w) => w.code)).toEqual(["values-unreadable"]);
    await host.writeSectionValues!({ "sectionsmith:a@1": { x: "1" } });
    expect(await host.readSectionValues!()).toEqual({
      sections: { "sectionsmith:a@1": { x: "1" } },
      warnings: [],
    });
  });

  it("turns a refused write into a HostError and keeps the document as it was", async () => {
    const word = new FakeWord();
    const host = createOfficeHost(word.bindings(ALL));
    word.failWhen((c) => c.method === "add");
    const error = await caught(host.writeSectionValues!({ "sectionsmith:a@1": { x: "1" } }));
    expect(error.name).toBe("HostError");
    expect(word.customXml).toEqual([]);
  });

  it("offers no values storage below WordApi 1.4", () => {
    const host = createOfficeHost(new FakeWord().bindings(["1.1", "1.2", "1.3"]));
    expect(host.readSectionValues).toBeUndefined();
    expect(host.writeSectionValues).toBeUndefined();
  });
});
