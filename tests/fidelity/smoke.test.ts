// Smoke test of the fidelity pipeline on documents made with the docx package directly: the
// schema check passes, and LibreOffice reads back the numbering, header, footer and footnote.

import { beforeAll, describe, expect, it } from "@jest/globals";
import { Document, Paragraph } from "docx";
import { packDocx } from "../support/docx-zip";
import { SAMPLE_TEXT, sampleDocx } from "../support/sample-docx";
import { renderAll, squash, type Rendered } from "./support/render";

let sample: Rendered;
let plain: Rendered;

beforeAll(async () => {
  const plainDoc = new Document({
    styles: { characterStyles: [{ id: "DefaultParagraphFont", name: "Default Paragraph Font" }] },
    sections: [{ children: [new Paragraph("Only paragraph")] }],
  });
  [sample, plain] = (await renderAll([await sampleDocx(), await packDocx(plainDoc)])) as [Rendered, Rendered];
});

describe("fidelity pipeline", () => {
  it("passes the OOXML check", () => {
    expect(sample.check.errors).toEqual([]);
    expect(plain.check.errors).toEqual([]);
  });

  it("LibreOffice numbers the list 1. 2.", () => {
    const lines = sample.text.split("\n").map((l) => squash(l).trim());
    expect(lines).toContain(`1. ${SAMPLE_TEXT.item1}`);
    expect(lines).toContain(`2. ${SAMPLE_TEXT.item2}`);
  });

  it("the PDF carries header, footer and footnote in page order", () => {
    const t = sample.pdfText;
    const order = [
      SAMPLE_TEXT.header,
      SAMPLE_TEXT.heading,
      SAMPLE_TEXT.cell,
      SAMPLE_TEXT.footnote,
      SAMPLE_TEXT.footer,
    ].map((s) => t.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("keeps documents apart", () => {
    expect(plain.text.trim()).toBe("Only paragraph");
    expect(plain.pdfText).not.toContain(SAMPLE_TEXT.header);
  });
});
