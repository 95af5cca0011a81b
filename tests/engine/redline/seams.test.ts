// Where two paragraphs meet (src/engine/redline/seams.ts): LibreOffice joins touching changes of one kind
// into one range that takes the kept mark between them, so such a seam is written with a deletion and an
// insertion the other way round — and never where the mark itself is tracked (that join is meant).

import { describe, expect, it } from "@jest/globals";
import { separateSeams } from "../../../src/engine/redline/seams";
import { parseXml, serializeXml, type XmlElement } from "../../../src/engine/redline/xml";

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const body = (xml: string): XmlElement[] =>
  parseXml(`<w:body ${W}>${xml}</w:body>`, "test").children.filter(
    (c): c is XmlElement => typeof c !== "string",
  );
/** Each paragraph as the kinds of its content, in order: "del ins | ins". */
const shape = (blocks: XmlElement[]): string =>
  blocks
    .map((p) =>
      p.children
        .filter((c): c is XmlElement => typeof c !== "string" && c.name !== "w:pPr")
        .map((c) => c.name.replace("w:", ""))
        .join(" "),
    )
    .join(" | ");

const ins = (t: string) => `<w:ins w:id="1"><w:r><w:t>${t}</w:t></w:r></w:ins>`;
const del = (t: string) => `<w:del w:id="2"><w:r><w:delText>${t}</w:delText></w:r></w:del>`;
const run = (t: string) => `<w:r><w:t>${t}</w:t></w:r>`;
const insMark = '<w:pPr><w:rPr><w:ins w:id="3"/></w:rPr></w:pPr>';

describe("separateSeams", () => {
  it("turns the later paragraph's first change round when both sides of a kept mark are insertions", () => {
    const blocks = body(
      `<w:p>${del("How")}${ins("Signed")}</w:p><w:p>${ins("Name")}${del("Old")}${run("x")}</w:p>`,
    );
    separateSeams(blocks);
    expect(shape(blocks)).toBe("del ins | del ins r");
  });

  it("else turns the earlier paragraph's last change round", () => {
    const blocks = body(`<w:p>${del("How")}${ins("Signed")}</w:p><w:p>${ins("Name")}${run("x")}</w:p>`);
    separateSeams(blocks);
    expect(shape(blocks)).toBe("ins del | ins r");
  });

  it("does the same for deletions on both sides", () => {
    const blocks = body(`<w:p>${ins("a")}${del("b")}</w:p><w:p>${del("c")}${run("x")}</w:p>`);
    separateSeams(blocks);
    expect(shape(blocks)).toBe("del ins | del r");
  });

  it("leaves a seam whose mark is tracked, or whose sides differ, as it is", () => {
    const tracked = `<w:p>${insMark}${del("a")}${ins("b")}</w:p><w:p>${ins("c")}${del("d")}</w:p>`;
    const apart = `<w:p>${del("a")}${ins("b")}</w:p><w:p>${del("c")}${ins("d")}</w:p>`;
    for (const xml of [tracked, apart]) {
      const blocks = body(xml);
      const before = blocks.map((b) => serializeXml(b)).join("");
      separateSeams(blocks);
      expect(blocks.map((b) => serializeXml(b)).join("")).toBe(before);
    }
  });

  it("leaves a seam it could only separate by making another at the earlier paragraph's start", () => {
    // p0 ends with an insertion; p1 is one change (ins, del → would start with an insertion if turned).
    const blocks = body(
      `<w:p>${run("x")}${ins("a")}</w:p><w:p>${del("b")}${ins("c")}</w:p><w:p>${ins("d")}${run("y")}</w:p>`,
    );
    separateSeams(blocks);
    expect(shape(blocks)).toBe("r ins | del ins | ins r");
  });
});
