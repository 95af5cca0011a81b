import { describe, expect, it } from "@jest/globals";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { parseLibrary } from "../../../src/engine/model/parse-library";
import { isCurrencyCode } from "../../../src/engine/model/schema-library";
import { isRealDate } from "../../../src/engine/model/date-format";
import { assembly, bodyText, build, library, problemsOf } from "../support";
import { expectWithMessage } from "../../support/expect-message";

// Issue 14: locales such as "xx-INVALID" and "und" were accepted and formatted as en-US without a word;
// the real ISO 4217 codes XXX, XTS, CLF and USN were refused; 0000-01-01 was shown as "January 1, 1".

const asm = (locale: string) => ({ format: "sectionsmith/assembly@1", locale, sections: [{ snippet: "s1" }] });

describe("values and settings are not taken silently", () => {
  it("a well-formed locale without formatting data is LOCALE_UNSUPPORTED", () => {
    for (const locale of ["xx-INVALID", "und", "qaa", "zz"])
      expectWithMessage(parseAssembly(asm(locale)).problems.map((p) => `${p.code} ${p.path}`), locale).toEqual(["LOCALE_UNSUPPORTED locale"]);
    for (const locale of ["en-US", "en-GB", "de-DE", "zh-Hans-CN", "fr-CA", "en-150"]) expectWithMessage(parseAssembly(asm(locale)).problems, locale).toEqual([]);
    expect(parseAssembly(asm("en_GB")).problems.map((p) => p.code)).toEqual(["LOCALE_INVALID"]);
  });

  it("ISO 4217 codes that ICU omits are currencies", async () => {
    for (const code of ["XXX", "XTS", "CLF", "USN", "XAU", "CHE"]) expectWithMessage(isCurrencyCode(code), code).toBe(true);
    expect(isCurrencyCode("QQQ")).toBe(false);
    const variables = [{ name: "fee", type: "currency", currency: "CLF" }];
    expect(parseLibrary(library({ id: "s1", body: "{{fee}}", variables })).problems).toEqual([]);
    const built = await build(library({ id: "s1", body: "{{fee}}", variables }), assembly([{ snippet: "s1", values: { fee: 2.5 } }]));
    expect(bodyText(built.document)).toContain("2.5");
  });

  it("year 0000 is not a date (VALUE_DATE), year 0001 is", async () => {
    expect(isRealDate("0000-01-01")).toBe(false);
    expect(isRealDate("0001-01-01")).toBe(true);
    const variables = [{ name: "d", type: "date" }];
    const problems = await problemsOf(library({ id: "s1", body: "{{d}}", variables }), assembly([{ snippet: "s1", values: { d: "0000-01-01" } }]));
    expect(problems.map((p) => p.code)).toEqual(["VALUE_DATE"]);
  });
});
