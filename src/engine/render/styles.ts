import type {
  Document,
  IParagraphStyleOptions,
  ICharacterStyleOptions,
  IStylesOptions,
  IXmlableObject,
} from "docx";
import type { Theme } from "../model/types";
import { proofingLanguage } from "./language";

// styles.xml. Every style the content uses is one of Word's *built-in* styles, with its built-in id
// and name (heading 1…9, Title, Subtitle, Quote, List Paragraph, HTML Preformatted, HTML Code,
// Hyperlink, footnote text): when a section is inserted into an open document, Word keeps the
// document's own definition of a style it already has, so inserted text looks like the rest of the document.

const HEADING_SIZES = [16, 13, 12, 11, 11, 11, 11, 11, 11]; // points, as Word's defaults
const MONO = "Consolas";

// Every w:line is written with w:lineRule="auto", as Word writes it. ECMA-376 (17.3.1.33) reads an omitted
// lineRule as auto, but LibreOffice does not: it laid a 28 pt Title with line="240" and no lineRule out
// as if the line were exactly 12 pt, drawing the title ~16 pt above the top margin and into a two-line
// header (measured with LibreOffice 7.4, tests/fidelity/layout.test.ts). A string, not docx's
// LineRuleType, so that this module stays free of docx at run time (validate never loads docx).
const AUTO = "auto" as const;

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

// Title and Subtitle as Word (Microsoft 365) defines them: Title 28 pt in the heading font, condensed
// 0.5 pt, kerned from 14 pt, 4 pt after; Subtitle 14 pt grey (595959) expanded 0.75 pt, 8 pt after.
// Word's Subtitle also carries <w:numPr><w:ilvl w:val="1"/> (a level with no list) and both link to
// "Title Char"/"Subtitle Char" character styles; neither changes how the text looks, so they are left out.
function title(theme: Theme | undefined): IParagraphStyleOptions {
  const font = theme?.headingFont ?? theme?.font;
  return {
    id: "Title",
    name: "Title",
    basedOn: "Normal",
    next: "Normal",
    quickFormat: true,
    uiPriority: 10,
    run: { ...(font ? { font } : {}), size: 56, kern: 28, characterSpacing: -10 },
    paragraph: { spacing: { after: 80, line: 240, lineRule: AUTO }, contextualSpacing: true },
  };
}

const SUBTITLE: IParagraphStyleOptions = {
  id: "Subtitle",
  name: "Subtitle",
  basedOn: "Normal",
  next: "Normal",
  quickFormat: true,
  uiPriority: 11,
  run: { color: "595959", size: 28, characterSpacing: 15 },
  paragraph: { spacing: { after: 160 } },
};

export function buildStyles(theme: Theme | undefined, locale: string): IStylesOptions {
  // The proofing language in the run defaults (<w:docDefaults><w:rPrDefault><w:rPr><w:lang>): language.ts.
  const language = proofingLanguage(locale);
  const paragraphStyles: IParagraphStyleOptions[] = [
    title(theme),
    SUBTITLE,
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
      paragraph: { spacing: { before: 0, after: 0, line: 240, lineRule: AUTO } },
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
          ...(language ? { language } : {}),
        },
        paragraph: { spacing: { after: 160, line: 264, lineRule: AUTO } },
      },
    },
    paragraphStyles,
    characterStyles,
  };
}

/** What the document's content uses, for the styles docx always writes (see finishStyles). */
export type StyleUse = { footnotes: boolean };

// docx's default styles that are dropped: the note text styles when there is no footnote (we never write
// endnotes), and "Strong", which docx writes as a *paragraph* style while Word's built-in Strong is a
// character style (bold is written as direct formatting, so nothing uses it). The footnote and endnote
// reference styles stay: docx 9.15's separator notes name them (fragment.ts drops what nothing names).
const NOTE_TEXT_STYLES = ["FootnoteText", "FootnoteTextChar"];
const ALWAYS_DROPPED = ["EndnoteText", "EndnoteTextChar", "Strong"];

/**
 * styles.xml as Word writes it, where docx's options cannot say so: "Default Paragraph Font" marked as
 * the default character style (<w:style w:type="character" w:default="1" w:styleId="DefaultParagraphFont">,
 * as in every document Word saves), and no style for notes the document does not have. docx formats
 * styles.xml through the Styles part's prepForXml; this wraps it for this one document.
 */
export function finishStyles(doc: Document, use: StyleUse): void {
  const part = doc.Styles;
  const format = part.prepForXml.bind(part);
  const dropped = new Set([...ALWAYS_DROPPED, ...(use.footnotes ? [] : NOTE_TEXT_STYLES)]);
  part.prepForXml = (context) => {
    const xml = format(context);
    const children = xml["w:styles"];
    if (!Array.isArray(children)) return xml;
    return {
      "w:styles": children
        .filter((child: IXmlableObject) => !dropped.has(styleAttributes(child)?.["w:styleId"] as string))
        .map((child: IXmlableObject) => {
          const attributes = styleAttributes(child);
          if (attributes?.["w:styleId"] !== "DefaultParagraphFont") return child;
          // Word writes w:default between w:type and w:styleId; attribute order does not matter to XML.
          attributes["w:default"] = "1";
          return child;
        }),
    };
  };
}

/** The attributes (`_attr`) of a formatted <w:style>, or undefined for anything else. */
function styleAttributes(child: IXmlableObject): Record<string, unknown> | undefined {
  const parts = child["w:style"];
  if (parts === undefined) return undefined;
  const attr = [parts]
    .flat()
    .find(
      (p): p is { _attr: Record<string, unknown> } => typeof p === "object" && p !== null && "_attr" in p,
    );
  return attr?._attr;
}
