import { describe, expect, it } from "@jest/globals";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { assembly, build, library } from "../support";
import { expectWithMessage } from "../../support/expect-message";

// Issue 14: the preview's stylesheet took the theme font name unescaped — "Calibri;}p,h1{display:none}"
// injected rules (docx-preview writes font-family values as they are). Font names are now validated
// in the engine's theme model, which every build (the pane's preview included) goes through.

const brief = (theme: Record<string, unknown>) =>
  parseAssembly({ format: "sectionsmith/assembly@1", theme, sections: [{ snippet: "s1" }] }).problems.map((p) => `${p.code} ${p.path}`);

describe("theme font names", () => {
  it("refuses names that could break out of a stylesheet, and overlong ones, with FONT_INVALID", () => {
    for (const font of ["Calibri;}p,h1{display:none}", "Calibri}", "a{b", 'Ca"libri', "Cal'ibri", "x<style>", "a\\b", "a:b", "tab\there", "", "x".repeat(32)]) {
      expectWithMessage(brief({ font }), JSON.stringify(font)).toEqual(["FONT_INVALID theme.font"]);
      expect(brief({ headingFont: font })).toEqual(["FONT_INVALID theme.headingFont"]);
    }
  });

  it("keeps real font names, non-Latin ones included", async () => {
    for (const font of ["Calibri", "Times New Roman", "Noto Sans CJK JP", "游ゴシック", "Segoe UI Semibold", "x".repeat(31)]) expect(brief({ font })).toEqual([]);
    const built = await build(library({ id: "s1", body: "x" }), assembly([{ snippet: "s1" }], { theme: { font: "Noto Sans CJK JP" } }));
    expect(await built.part("word/styles.xml")).toContain('w:ascii="Noto Sans CJK JP"');
  });
});
