import { describe, expect, test } from "@jest/globals";
import { paperSizeFor, regionOf } from "../../../src/engine/model/paper";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { asm } from "./helpers";

// CLDR measurementData: US-Letter in BZ CA CL CO CR GT MX NI PA PH PR SV US VE, A4 in the rest of the world.

describe("paper size from the locale", () => {
  test.each([
    ["en-US", "Letter"],
    ["en", "Letter"], // likely region US
    ["en-CA", "Letter"],
    ["fr-CA", "Letter"],
    ["es-MX", "Letter"],
    ["es-CO", "Letter"],
    ["es-CL", "Letter"],
    ["es-VE", "Letter"],
    ["es-PR", "Letter"],
    ["es-GT", "Letter"],
    ["es-CR", "Letter"],
    ["es-PA", "Letter"],
    ["es-SV", "Letter"],
    ["es-NI", "Letter"],
    ["en-BZ", "Letter"],
    ["en-PH", "Letter"],
    ["fil", "Letter"], // likely region PH
    ["en-GB", "A4"],
    ["en-AU", "A4"],
    ["en-IN", "A4"],
    ["fr", "A4"], // likely region FR
    ["fr-FR", "A4"],
    ["es", "A4"], // likely region ES
    ["es-419", "A4"], // a continent, not a country
    ["es-AR", "A4"],
    ["pt-BR", "A4"],
    ["de-DE", "A4"],
    ["ja-JP", "A4"],
  ])("%s prints on %s", (locale, size) => {
    expect(paperSizeFor(locale)).toBe(size);
  });

  test("the region override of a Unicode extension wins (CLDR's rg key)", () => {
    expect(regionOf("en-GB-u-rg-uszzzz")).toBe("US");
    expect(paperSizeFor("en-GB-u-rg-uszzzz")).toBe("Letter");
    expect(paperSizeFor("en-US-u-rg-gbzzzz")).toBe("A4");
  });

  test("a tag that cannot be read falls back to A4", () => {
    expect(paperSizeFor("not a locale")).toBe("A4");
  });
});

describe("parseAssembly: page.size", () => {
  const sizeOf = (extra: Record<string, unknown>) => {
    const result = parseAssembly(asm(extra));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.value.page.size;
  };
  test("defaults from the locale", () => {
    expect(sizeOf({})).toBe("Letter"); // locale defaults to en-US
    expect(sizeOf({ locale: "fr-CA" })).toBe("Letter");
    expect(sizeOf({ locale: "en-GB" })).toBe("A4");
    expect(sizeOf({ locale: "de-DE", page: { orientation: "landscape" } })).toBe("A4");
  });
  test("the assembly's own size always wins", () => {
    expect(sizeOf({ locale: "en-US", page: { size: "A4" } })).toBe("A4");
    expect(sizeOf({ locale: "de-DE", page: { size: "Letter" } })).toBe("Letter");
    expect(sizeOf({ locale: "en-GB", page: { size: "Legal" } })).toBe("Legal");
  });
});
