/**
 * @jest-environment jsdom
 */
// Issue 14: the preview's stylesheet took font names unescaped. docx-preview writes theme fonts and
// w:rFonts into <style> text as they are, so a file whose font is `Calibri;}p,h1{display:none}` added
// its own rules to the preview. The engine refuses such names (FONT_INVALID, tests/engine/model/
// font-names.test.ts); these tests give the preview a file that carries them anyway (edited after the
// build) and read the stylesheet the preview would install.
import { describe, expect, it } from "@jest/globals";
import JSZip from "jszip";
import { previewNodes } from "../../../src/taskpane/preview/render-docx";
import { cssFontList, cssFontName } from "../../../src/taskpane/preview/safe-fonts";
import { assembly, build, library } from "../../engine/support";
import { expectWithMessage } from "../../support/expect-message";

const HOSTILE = "Calibri;}p,h1{display:none}";

/** A built file whose body font (styles.xml) and theme fonts (theme1.xml) are `font`. */
async function fileWithFont(font: string): Promise<Blob> {
  const built = await build(
    library({ id: "s1", body: "# Heading\n\nSome text." }),
    assembly([{ snippet: "s1" }], { theme: { font: "Calibri", headingFont: "Cambria" } }),
  );
  const zip = await JSZip.loadAsync(built.bytes);
  const styles = await zip.file("word/styles.xml")!.async("string");
  expect(styles).toContain('w:ascii="Calibri"');
  zip.file("word/styles.xml", styles.replaceAll('"Calibri"', `"${font}"`));
  const theme = await zip.file("word/theme/theme1.xml")!.async("string");
  expect(theme).toMatch(/<a:latin typeface="Calibri( Light)?"/);
  zip.file("word/theme/theme1.xml", theme.replace(/(<a:latin typeface=")[^"]*"/g, `$1${font}"`));
  return new Blob([await zip.generateAsync({ type: "arraybuffer" })]);
}

/** The rules the preview's <style> elements make, as the browser parses them. */
async function previewRules(blob: Blob): Promise<{ css: string; rules: CSSStyleRule[] }> {
  const nodes = await previewNodes(blob, false);
  const styles = nodes.filter((n): n is HTMLStyleElement => n.nodeName === "STYLE");
  const css = styles.map((s) => s.textContent ?? "").join("\n");
  const style = document.createElement("style");
  style.textContent = css;
  document.head.replaceChildren(style);
  const rules = [...(style.sheet?.cssRules ?? [])].filter((r): r is CSSStyleRule => "selectorText" in r);
  return { css, rules };
}

describe("font names in the preview's stylesheet", () => {
  it("cannot add rules: a name that breaks out of its declaration is left out", async () => {
    const { css, rules } = await previewRules(await fileWithFont(HOSTILE));
    const selectors = rules.map((r) => r.selectorText.replace(/\s+/g, ""));
    expectWithMessage(selectors, css).not.toContain("p,h1");
    for (const rule of rules)
      expectWithMessage(rule.style.getPropertyValue("display"), `${rule.selectorText} in\n${css}`).not.toBe("none");
    expect(css).not.toContain("display:none");
    // Every rule the file makes is scoped to the document (docx-preview's class), none to the pane's elements.
    for (const selector of selectors) expectWithMessage(selector, css).toMatch(/docx/);
  });

  it("keeps real font names, quoted", async () => {
    const { css } = await previewRules(await fileWithFont("Noto Sans CJK JP"));
    expect(css).toContain('--docx-minorHAnsi-font: "Noto Sans CJK JP"');
    expect(css).toMatch(/font-family: "Noto Sans CJK JP"/);
  });

  it("quotes and validates names one by one", () => {
    expect(cssFontName("Calibri")).toBe('"Calibri"');
    expect(cssFontName("'Calibri Light'")).toBe('"Calibri Light"');
    for (const bad of [HOSTILE, "a}b", 'a"b', "a\\b", "x".repeat(32), "", "a\nb", 7])
      expectWithMessage(cssFontName(bad), JSON.stringify(bad)).toBeUndefined();
    expect(cssFontList("Calibri, 'Calibri Light', var(--docx-minorHAnsi-font)")).toBe(
      '"Calibri", "Calibri Light", var(--docx-minorHAnsi-font)',
    );
    expect(cssFontList(`Calibri, ${HOSTILE}`)).toBeUndefined();
    expect(cssFontList("var(--x);}p{color:red")).toBeUndefined();
  });
});
