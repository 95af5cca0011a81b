import { describe, expect, test } from "@jest/globals";
import contractAssembly from "./fixtures/contract-assembly.json";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { asm, brief, only } from "./helpers";

describe("parseAssembly: good input", () => {
  test("the contract's example parses, section defaults filled", () => {
    const result = parseAssembly(JSON.stringify(contractAssembly));
    expect(result.problems).toEqual([]);
    if (!result.ok) throw new Error("expected ok");
    expect(result.value.locale).toBe("en-GB");
    expect(result.value.header).toEqual({ snippet: "contoso-header" });
    expect(result.value.footer).toEqual({ text: "Confidential · Page {{page}} of {{pages}}" });
    expect(result.value.sections[0]).toEqual({
      snippet: "cover-page",
      values: { date: "2026-11-22" },
      headingOffset: 0,
      pageBreakBefore: false,
      numbering: "restart",
    });
    expect(result.value.sections[1]).toMatchObject({
      version: 3,
      headingOffset: 1,
      pageBreakBefore: true,
      numbering: "continue",
    });
  });

  test("a minimal assembly gets every default of the contract", () => {
    const result = parseAssembly(asm({ $schema: "https://sectionsmith.dev/schemas/assembly.schema.json" }));
    expect(result).toEqual({
      ok: true,
      problems: [],
      value: {
        format: "sectionsmith/assembly@1",
        locale: "en-US",
        // The contract says A4; the default is the locale's paper (model/paper.ts): Letter for en-US.
        page: { size: "Letter", orientation: "portrait" },
        options: { draftingNotes: false, headingNumbering: "none", missingReferences: "error", definitionsFirst: false },
        values: {},
        sections: [{ snippet: "intro", headingOffset: 0, pageBreakBefore: false, numbering: "restart" }],
      },
    });
  });

  test("page defaults are filled in when only part of page is given", () => {
    const result = parseAssembly(
      asm({ locale: "de-DE", page: { orientation: "landscape", margins: { top: "1in" } } }),
    );
    expect(result.ok && result.value.page).toEqual({
      size: "A4",
      orientation: "landscape",
      margins: { top: "1in" },
    });
  });

  test("a header from a snippet may carry values", () => {
    const result = parseAssembly(asm({ header: { snippet: "head", values: { client: "Fabrikam" } } }));
    expect(result.ok && result.value.header).toEqual({ snippet: "head", values: { client: "Fabrikam" } });
  });
});

describe("parseAssembly: rules", () => {
  test("every problem at once, each at its path", () => {
    const result = parseAssembly(
      asm({
        locale: "en_GB",
        page: { size: "A5", orientation: "sideways", margins: { top: "25", left: "-1mm" } },
        theme: { fontSize: 0, headingColor: "navy" },
        header: { snippet: "a", text: "b" },
        footer: { text: "x", values: {} },
        values: { a: null },
        sections: [
          { snippet: "Bad!", version: 0, headingOffset: 9, numbering: "again", pageBreakBefore: "yes" },
        ],
        properties: { keywords: "msa" },
      }),
    );
    expect(brief(result.problems)).toEqual([
      "FIELD_TYPE properties.keywords",
      "LOCALE_INVALID locale",
      "FIELD_ENUM page.size",
      "FIELD_ENUM page.orientation",
      "LENGTH_INVALID page.margins.top",
      "LENGTH_INVALID page.margins.left",
      "FIELD_RANGE theme.fontSize",
      "COLOR_INVALID theme.headingColor",
      "HEADER_FOOTER_INVALID header",
      "HEADER_FOOTER_INVALID footer",
      "VALUE_TYPE values.a",
      "ID_INVALID sections[0].snippet",
      "FIELD_RANGE sections[0].version",
      "FIELD_RANGE sections[0].headingOffset",
      "FIELD_TYPE sections[0].pageBreakBefore",
      "FIELD_ENUM sections[0].numbering",
    ]);
  });

  test("LOCALE_INVALID suggests the hyphenated tag", () => {
    expect(
      only(parseAssembly(asm({ locale: "en_GB" })).problems, "LOCALE_INVALID", "locale").message,
    ).toContain('Did you mean "en-GB"?');
    expect(parseAssembly(asm({ locale: "de-CH-1996" })).ok).toBe(true);
  });

  test("lengths in mm, cm, in and pt are accepted", () => {
    const margins = { top: "25mm", bottom: "2.5cm", left: "1in", right: "72pt" };
    expect(parseAssembly(asm({ page: { margins } })).problems).toEqual([]);
  });

  test("HEADER_FOOTER_INVALID when neither snippet nor text is given", () => {
    expect(
      only(parseAssembly(asm({ header: {} })).problems, "HEADER_FOOTER_INVALID", "header").message,
    ).toContain('Needs "snippet"');
  });

  test("a header with a bad snippet id reports the id, not the other form", () => {
    expect(brief(parseAssembly(asm({ header: { snippet: "Bad" } })).problems)).toEqual([
      "ID_INVALID header.snippet",
    ]);
    expect(brief(parseAssembly(asm({ footer: { text: 5 } })).problems)).toEqual(["FIELD_TYPE footer.text"]);
  });

  test("SECTIONS_EMPTY for an empty list; FIELD_REQUIRED when sections are missing", () => {
    expect(brief(parseAssembly(asm({ sections: [] })).problems)).toEqual(["SECTIONS_EMPTY sections"]);
    expect(brief(parseAssembly(asm({ sections: undefined })).problems)).toEqual(["FIELD_REQUIRED sections"]);
    expect(brief(parseAssembly(asm({ sections: [{}] })).problems)).toEqual([
      "FIELD_REQUIRED sections[0].snippet",
    ]);
  });

  test("unknown fields are warnings with a suggestion, at any depth", () => {
    const result = parseAssembly(
      asm({ sections: [{ snippet: "intro", pagebreakBefore: true }], theme: { fontsize: 11 } }),
    );
    expect(result.ok).toBe(true);
    expect(only(result.problems, "FIELD_UNKNOWN", "sections[0].pagebreakBefore").message).toContain(
      'Did you mean "pageBreakBefore"?',
    );
    only(result.problems, "FIELD_UNKNOWN", "theme.fontsize");
  });

  test("values of every shape the contract allows are accepted", () => {
    const values = { s: "x", n: 1.5, b: false, list: [{ a: "x", b: 2, c: true }] };
    expect(parseAssembly(asm({ values, sections: [{ snippet: "intro", values }] })).problems).toEqual([]);
    expect(brief(parseAssembly(asm({ values: { nested: [{ a: [1] }] } })).problems)).toEqual([
      "VALUE_TYPE values.nested",
    ]);
  });

  test("FORMAT_UNKNOWN when a library is given as an assembly", () => {
    const result = parseAssembly({ format: "sectionsmith/library@1", snippets: [] });
    expect(brief(result.problems)).toEqual(["FORMAT_UNKNOWN format"]);
    expect(result.problems[0]?.message).toContain("This is a library file");
  });
});
