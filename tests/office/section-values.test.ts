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
    ["JSON that does not parse", "{oops"],
    ["JSON that is not an object", "[1,2]"],
    ["a value of another kind", '{"a":{"b":1}}'],
    ["a stray ampersand", '{"a":"x & y"}'],
    ["an unknown entity", '{"a":"&nbsp;"}'],
    ["a character reference out of range", '{"a":"&#x110000;"}'],
  ])("keeps the readable sections when one holds %s", (_, body) => {
    const good = encodeSectionValues({ "sectionsmith:a@1": { x: "1" } });
    const xml = good.replace(
      "</sectionValues>",
      `<section tag="sectionsmith:bad@1">${body}</section></sectionValues>`,
    );
    const read = decodeSectionValues(xml);
    expect(read.sections).toEqual({ "sectionsmith:a@1": { x: "1" } });
    expect(read.warnings.map((w) => w.code)).toEqual(["values-unreadable"]);
  });

  it("stops at content it does not know, keeping what came before", () => {
    const xml = encodeSectionValues({ "sectionsmith:a@1": { x: "1" } }).replace(
      "</sectionValues>",
      "<extra/></sectionValues>",
    );
    const read = decodeSectionValues(xml);
    expect(read.sections).toEqual({ "sectionsmith:a@1": { x: "1" } });
    expect(read.warnings).toHaveLength(1);
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
