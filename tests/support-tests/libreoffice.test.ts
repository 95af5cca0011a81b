// LibreOffice and poppler read a docx-made document the way the fidelity tests will rely on:
// list labels in the text export, headers and footers in the PDF text, pages as PNG.

import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { Document, Paragraph } from "docx";
import { packDocx } from "../support/docx-zip";
import {
  docxToPdf,
  docxToText,
  docxToTexts,
  pdfPageCount,
  pdfToPng,
  pdfToText,
} from "../support/libreoffice";
import { SAMPLE_TEXT, sampleDocx } from "../support/sample-docx";

const LO_TIMEOUT = 180_000;

describe("LibreOffice helpers", () => {
  it(
    "docxToText includes list labels and body text, not the header",
    async () => {
      const text = await docxToText(await sampleDocx());
      expect(text).toMatch(new RegExp(`^\\s*1\\.\\s+${SAMPLE_TEXT.item1}$`, "m"));
      expect(text).toMatch(new RegExp(`^\\s*2\\.\\s+${SAMPLE_TEXT.item2}$`, "m"));
      expect(text).toContain(SAMPLE_TEXT.heading);
      expect(text).toContain(SAMPLE_TEXT.cell);
      expect(text).not.toContain(SAMPLE_TEXT.header);
    },
    LO_TIMEOUT,
  );

  it(
    "docxToTexts converts several documents in one call, in order",
    async () => {
      const one = await packDocx(
        new Document({ sections: [{ children: [new Paragraph("Document number one")] }] }),
      );
      const two = await packDocx(
        new Document({ sections: [{ children: [new Paragraph("Document number two")] }] }),
      );
      const [a, b, c] = await docxToTexts([two, one, two]);
      expect(a?.trim()).toBe("Document number two");
      expect(b?.trim()).toBe("Document number one");
      expect(c?.trim()).toBe("Document number two");
    },
    LO_TIMEOUT,
  );

  it(
    "docxToPdf → pdfToText shows header, footer, footnote and list labels; pdfToPng renders a page",
    async () => {
      const pdf = await docxToPdf(await sampleDocx());
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
      expect(await pdfPageCount(pdf)).toBe(1);
      const text = await pdfToText(pdf);
      expect(text).toContain(SAMPLE_TEXT.header);
      expect(text).toContain(SAMPLE_TEXT.footer);
      expect(text).toContain(SAMPLE_TEXT.footnote);
      expect(text).toMatch(new RegExp(`^\\s*1\\.\\s+${SAMPLE_TEXT.item1}`, "m"));
      // The header is above the heading on the page.
      expect(text.indexOf(SAMPLE_TEXT.header)).toBeLessThan(text.indexOf(SAMPLE_TEXT.heading));

      const png = await pdfToPng(pdf, 1);
      expect(png).toMatch(/page-1\.png$/);
      expect([...readFileSync(png).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(statSync(png).size).toBeGreaterThan(1000);
      await expect(pdfToPng(pdf, 2)).rejects.toThrow(/pdftoppm failed for page 2/);
    },
    LO_TIMEOUT,
  );

  it(
    "rejects a file that is not a docx instead of reading it as plain text",
    async () => {
      const notDocx = new TextEncoder().encode("this is not a docx");
      await expect(docxToText(notDocx)).rejects.toThrow(
        /soffice did not produce txt for document 0[\s\S]*could not be loaded/,
      );
    },
    LO_TIMEOUT,
  );
});
