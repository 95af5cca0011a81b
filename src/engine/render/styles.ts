import type { IParagraphStyleOptions, ICharacterStyleOptions, IStylesOptions } from "docx";
import type { Theme } from "../model/types";

// styles.xml. Every style the content uses is one of Word's *built-in* styles, with its built-in id
// and name (heading 1…9, Quote, List Paragraph, HTML Preformatted, HTML Code, Hyperlink, footnote
// text): when a section is inserted into an open document, Word keeps the document's own definition
// of a style it already has, so inserted text looks like the rest of the document.

const HEADING_SIZES = [16, 13, 12, 11, 11, 11, 11, 11, 11]; // points, as Word's defaults
const MONO = "Consolas";

const halfPoints = (pt: number): number => Math.round(pt * 2);
const hex = (color: string | undefined): string | undefined => color?.replace(/^#/, "").toUpperCase();

function heading(level: number, theme: Theme | undefined): IParagraphStyleOptions {
  return {
    id: `Heading${level}`,
    name: `heading ${level}`,
    basedOn: "Normal",
    next: "Normal",
    quickFormat: true,
    uiPriority: 9,
    run: {
      font: theme?.headingFont ?? theme?.font,
      size: halfPoints(HEADING_SIZES[level - 1]!),
      bold: level <= 4 ? true : undefined,
      italics: level >= 7 ? true : undefined,
      color: hex(theme?.headingColor) ?? "1F3864",
    },
    paragraph: {
      spacing: { before: level === 1 ? 360 : 240, after: 80 },
      keepNext: true,
      keepLines: true,
      outlineLevel: level - 1, // <w:outlineLvl>: what the table of contents collects
    },
  };
}

export function buildStyles(theme: Theme | undefined): IStylesOptions {
  const paragraphStyles: IParagraphStyleOptions[] = [
    ...Array.from({ length: 9 }, (_, i) => heading(i + 1, theme)),
    {
      id: "Quote",
      name: "Quote",
      basedOn: "Normal",
      next: "Normal",
      quickFormat: true,
      uiPriority: 29,
      run: { italics: true, color: "404040" },
      paragraph: { indent: { left: 864, right: 864 }, spacing: { before: 200, after: 160 } },
    },
    {
      id: "HTMLPreformatted",
      name: "HTML Preformatted",
      basedOn: "Normal",
      uiPriority: 99,
      unhideWhenUsed: true,
      run: { font: MONO, size: 20 },
      paragraph: { spacing: { before: 0, after: 0, line: 240 } },
    },
  ];
  const characterStyles: ICharacterStyleOptions[] = [
    // docx's own default styles (Hyperlink, FootnoteReference, …) are based on this one but docx never
    // defines it; Word always has it. Defining it keeps every w:basedOn resolvable.
    {
      id: "DefaultParagraphFont",
      name: "Default Paragraph Font",
      uiPriority: 1,
      semiHidden: true,
      unhideWhenUsed: true,
    },
    {
      id: "HTMLCode",
      name: "HTML Code",
      uiPriority: 99,
      unhideWhenUsed: true,
      run: { font: MONO, size: 20 },
    },
  ];
  return {
    default: {
      document: {
        run: {
          font: theme?.font ?? "Calibri",
          size: halfPoints(theme?.fontSize ?? 11),
        },
        paragraph: { spacing: { after: 160, line: 264 } },
      },
    },
    paragraphStyles,
    characterStyles,
  };
}
