// The storage format of the values each section was built with (src/office/section-values.ts): what goes
// in comes out, a missing part is no values, and anything unreadable is treated as missing with a coded
// warning — never a throw.

import { describe, expect, it } from "@jest/globals";
import {
  decodeSectionValues,
  encodeSectionValues,
  mergeSectionValues,
  VALUES_NAMESPACE,
} from "../../src/office/section-values";

const SECTIONS = {
  "sectionsmith:payment-terms@2": { paymentDays: 30, currency: "EUR", late: true },
  "sectionsmith:parties@1": {
    parties: [
      { name: "Acme & Sons <Ltd>", role: "Supplier" },
      { name: 'The "Buyer"', role: "Customer" },
    ],
    note: "two\nlines — ünïcode ✓ 𝄞",
  },
};

describe("section values format", () => {
  it("round-trips values of every kind, markup characters included", () => {
    const xml = encodeSectionValues(SECTIONS);
    expect(xml.startsWith(`<sectionValues xmlns="${VALUES_NAMESPACE}">`)).toBe(true);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
    expect(decodeSectionValues(xml)).toEqual({ sections: SECTIONS, warnings: [] });
  });

  it("writes the same part for the same values, whatever their order", () => {
    const reversed = Object.fromEntries(Object.entries(SECTIONS).reverse());
    expect(encodeSectionValues(reversed)).toBe(encodeSectionValues(SECTIONS));
  });

  it("reads an empty part and an XML declaration Word may add", () => {
    expect(decodeSectionValues(encodeSectionValues({}))).toEqual({ sections: {}, warnings: [] });
    const declared = `<?xml version="1.0" encoding="utf-8"?>\n${encodeSectionValues(SECTIONS)}`;
    expect(decodeSectionValues(declared).sections).toEqual(SECTIONS);
  });

  it("has no values for a tag it does not hold", () => {
    expect(
      decodeSectionValues(encodeSectionValues(SECTIONS)).sections["sectionsmith:other@1"],
    ).toBeUndefined();
  });

  it.each([
    ["not XML at all", "hello"],
    ["another namespace", `<sectionValues xmlns="urn:someone-else">x</sectionValues>`],
    ["another root", `<values xmlns="${VALUES_NAMESPACE}"/>`],
  ])("treats %s as no values, with a coded warning", (_, xml) => {
    const read = decodeSectionValues(xml);
    expect(read.sections).toEqual({});
    expect(read.warnings).toEqual([{ code: "values-unreadable", message: expect.any(String) }]);
  });

  it.each([
    ["a stray ampersand", '{"a":"x & y"}'],
    ["an unknown entity", '{"a":"&nbsp;"}'],
    ["a character reference out of range", '{"a":"&#x110000;"}'],
  ])("reads a part that is not well-formed XML (%s) as missing, with a warning", (_, body) => {
    const good = encodeSectionValues({ "sectionsmith:a@1": { x: "1" } });
    const xml = good.replace(
      "</sectionValues>",
      `<section tag="sectionsmith:bad@1">${body}</section></sectionValues>`,
    );
    const read = decodeSectionValues(xml);
    expect(read.sections).toEqual({});
    expect(read.warnings.map((w) => w.code)).toEqual(["values-unreadable"]);
  });

  it("skips elements it does not know (a later version's), keeping every section", () => {
    const xml = encodeSectionValues({ "sectionsmith:a@1": { x: "1" }, "sectionsmith:b@1": { y: 2 } }).replace(
      '<section tag="sectionsmith:b@1">',
      '<extra note="later"><inner/></extra><section tag="sectionsmith:b@1">',
    );
    const read = decodeSectionValues(xml);
    expect(read.sections).toEqual({ "sectionsmith:a@1": { x: "1" }, "sectionsmith:b@1": { y: 2 } });
    expect(read.warnings).toEqual([]);
  });

  it("reads the part however it is laid out: a declaration, a prefix, single quotes, white space, CDATA", () => {
    const xml = `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<sv:sectionValues xmlns:sv='urn:sectionsmith:section-values:1'>
  <sv:section tag='sectionsmith:a@1'>{"x":"A &amp; B"}</sv:section>
  <sv:section tag="sectionsmith:b@1"><![CDATA[{"y":"<2>"}]]></sv:section>
</sv:sectionValues>`;
    const read = decodeSectionValues(xml);
    expect(read.sections).toEqual({ "sectionsmith:a@1": { x: "A & B" }, "sectionsmith:b@1": { y: "<2>" } });
    expect(read.warnings).toEqual([]);
  });

  it("refuses a part with a DOCTYPE (no DTD is read)", () => {
    const xml = `<!DOCTYPE sectionValues [<!ENTITY e "x">]>${encodeSectionValues({ "sectionsmith:a@1": { x: "1" } })}`;
    expect(decodeSectionValues(xml)).toEqual({
      sections: {},
      warnings: [expect.objectContaining({ code: "values-unreadable" })],
    });
  });

  it("merges several parts, the later one winning for a tag both hold", () => {
    const first = decodeSectionValues(
      encodeSectionValues({ "sectionsmith:a@1": { x: "old" }, "sectionsmith:b@1": {} }),
    );
    const second = decodeSectionValues(encodeSectionValues({ "sectionsmith:a@1": { x: "new" } }));
    expect(mergeSectionValues([first, second]).sections).toEqual({
      "sectionsmith:a@1": { x: "new" },
      "sectionsmith:b@1": {},
    });
  });
});
