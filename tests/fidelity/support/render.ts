// Reads documents back the three independent ways the fidelity tests compare against:
// the OOXML check, LibreOffice's text export (list labels included) and the PDF's text (headers,
// footers and footnotes included). Each way converts all documents at once: one xmllint run, one
// soffice run for text, one for PDF.

import { checkDocxAll, type DocxCheckOptions, type DocxCheckResult } from "../../support/ooxml-check";
import { docxToPdfs, docxToTexts, pdfToText } from "../../support/libreoffice";

export type Rendered = {
  check: DocxCheckResult;
  /** LibreOffice "Text (encoded)" export. */
  text: string;
  pdf: Uint8Array;
  /** pdftotext -layout of the whole PDF. */
  pdfText: string;
};

export async function renderAll(
  docs: readonly Uint8Array[],
  options: DocxCheckOptions = {},
): Promise<Rendered[]> {
  const [checks, texts, pdfs] = await Promise.all([
    checkDocxAll(docs, options),
    docxToTexts(docs),
    docxToPdfs(docs),
  ]);
  const pdfTexts = await Promise.all(pdfs.map((p) => pdfToText(p)));
  return docs.map((_, i) => ({ check: checks[i]!, text: texts[i]!, pdf: pdfs[i]!, pdfText: pdfTexts[i]! }));
}

/** Collapses runs of spaces and tabs (layout output pads columns) for simple "contains" checks. */
export function squash(text: string): string {
  return text.replace(/[ \t]+/g, " ");
}
