// The examples, built by the engine and read back by LibreOffice: what a reader sees (numbering
// labels, chosen branches, formatted values, header and footer), from examples/EXPECTED.md.

import { readFile } from "node:fs/promises";
import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument, type Problem } from "../../src/engine";
import { renderAll, squash, type Rendered } from "./support/render";

const TODAY = new Date("2026-11-22T12:00:00Z");
const NAMES = ["contract", "proposal", "letter"] as const;
type Name = (typeof NAMES)[number];

const built = {} as Record<
  Name,
  { rendered: Rendered; warnings: Problem[]; zip: JSZip; text: string; pdf: string }
>;

const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8")) as unknown;
/** Whitespace collapsed (LibreOffice indents list labels and may put a tab after them). */
const flat = (text: string) => squash(text).replace(/[ \t]*\n[ \t]*/g, "\n");
// Not \s: it would swallow the U+00A0 that Intl puts before "€".
const oneLine = (text: string) => text.replace(/[ \t\r\n]+/g, " ");

beforeAll(async () => {
  const docs: Uint8Array[] = [];
  const warnings: Problem[][] = [];
  for (const name of NAMES) {
    const result = await exportDocument(
      await readJson(`examples/${name}/library.json`),
      await readJson(`examples/${name}/assembly.json`),
      { as: "buffer", today: TODAY },
    );
    docs.push(new Uint8Array(result.output));
    warnings.push(result.warnings);
  }
  const rendered = await renderAll(docs);
  for (const [i, name] of NAMES.entries()) {
    built[name] = {
      rendered: rendered[i]!,
      warnings: warnings[i]!,
      zip: await JSZip.loadAsync(docs[i]!),
      text: flat(rendered[i]!.text),
      pdf: oneLine(rendered[i]!.pdfText),
    };
  }
});

const lines = (name: Name) => built[name].text.split("\n").map((l) => l.trim());

describe.each(NAMES)("examples/%s", (name) => {
  it("passes the OOXML schema and reference check", () => {
    expect(built[name].rendered.check.errors).toEqual([]);
  });
  it("has no template tags left in the text", () => {
    expect(built[name].text).not.toContain("{{");
    expect(built[name].text).not.toContain("}}");
  });
});

describe("contract (en-GB)", () => {
  const must = [
    "MASTER SERVICES AGREEMENT",
    "Dated 4 January 2027 · Reference MSA-2027-014",
    "In this Agreement, unless the context otherwise requires,",
    "up to 1,250 laptops and desktop computers",
    "at 4.00% a year above the Bank of England base rate",
    "exceeding £500.00 in any month",
    "entitled to seek an injunction or an order for specific performance.",
    "limited to the greater of £250,000.00 and 125% of the Charges",
    "Before starting court proceedings, a party shall refer any dispute",
    "construed in accordance with the law of England and Wales. The courts of England and Wales shall have exclusive jurisdiction",
    "Signed for and on behalf of Northwind Managed Services Ltd",
    // Defined terms (issue 32): “Services” defined once and used, “Business Day” used.
    "From the Effective Date the Supplier shall provide the following Services:",
    "which it shall invoice within five Business Days of completing the relevant work",
  ];
  it.each(must)("shows %s", (fragment) => expect(oneLine(built.contract.text)).toContain(fragment));

  it("letters the definitions under their clause and continues the lettering into the next section", () => {
    const l = lines("contract");
    expect(l).toContain(
      "(a) “Business Day” means a day other than a Saturday, Sunday or bank or public holiday in England and Wales.",
    );
    const heading = l.indexOf("8.1 Termination rights"); // the contents entry has no number
    expect(heading).toBeGreaterThan(0);
    expect(l[heading - 1]).toMatch(/^\(c\) Either party may propose changes to the Service Levels/);
    expect(l[heading + 1]).toMatch(
      /^\(d\) Either party may terminate this Agreement with immediate effect by written notice if the other party commits a material breach/,
    );
    expect(l[heading + 2]).toMatch(/^\(e\) Either party may terminate/);
    expect(l[heading + 3]).toMatch(/^\(f\) On termination for any reason/);
  });

  it("numbers the clauses 1, 1.1, 1.2, 2, 2.1 … from one list across sections (headingNumbering legal)", () => {
    const headings = [
      "Parties",
      "The parties",
      "Background",
      "Definitions and interpretation",
      "Definitions",
      "Services",
      "Fees and charges",
      "Payment terms",
      "Confidentiality",
      "Limitation of liability",
      "Term and termination",
      "Termination rights",
      "Governing law and jurisdiction",
      "Signatures",
    ];
    const labelled = lines("contract").filter(
      (line) => /^\d+(\.\d+)* \S/.test(line) && headings.includes(line.replace(/^\S+ /, "")),
    );
    expect(labelled).toEqual([
      "1 Parties",
      "1.1 The parties",
      "1.2 Background",
      "2 Definitions and interpretation",
      "2.1 Definitions",
      "3 Services",
      "4 Fees and charges",
      "5 Payment terms",
      "6 Confidentiality",
      "7 Limitation of liability",
      "8 Term and termination",
      "8.1 Termination rights",
      "9 Governing law and jurisdiction",
      "10 Signatures",
    ]);
    const l = lines("contract");
    expect(l[l.indexOf("1.1 The parties") + 2]).toMatch(
      /^\(a\) Northwind Managed Services Ltd, a company registered/,
    );
    expect(l[l.indexOf("1.1 The parties") + 3]).toMatch(/^\(b\) Fabrikam Retail plc, a company registered/);
    expect(l[l.indexOf("5 Payment terms") + 1]).toMatch(
      /^\(a\) The Supplier shall invoice the Charges monthly/,
    );
  });

  it("fills the fees table from the list variable with formatted currencies", () => {
    const l = lines("contract");
    const row = l.indexOf("Service desk and infrastructure monitoring");
    expect(l.slice(row, row + 5)).toEqual([
      "Service desk and infrastructure monitoring",
      "per month",
      "12",
      "£4,250.00",
      "£51,000.00",
    ]);
    expect(l).toContain("£103,500.00");
  });

  it("picks the mutual confidentiality branch and leaves the others out", () => {
    const t = oneLine(built.contract.text);
    expect(t).toContain("(a) Each party shall keep the other party’s Confidential Information confidential");
    for (const absent of [
      "interdict",
      "specific implement",
      "The Supplier shall keep the Customer’s Confidential Information",
    ]) {
      expect(t).not.toContain(absent);
    }
  });

  it("prints the header on every page and Page N of M in the footer", () => {
    const pdf = built.contract.pdf;
    expect(pdf).toContain("Northwind Managed Services Ltd · Master Services Agreement with Fabrikam");
    const pages = [...pdf.matchAll(/Confidential · Page (\d+) of (\d+)/g)];
    expect(pages.length).toBeGreaterThan(2);
    const total = Number(pages[0]![2]);
    expect(pages.map((m) => Number(m[1]))).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(pdf).toContain("See section 2(1) of the Unfair Contract Terms Act 1977");
  });

  it("carries drafting notes, provenance and properties", async () => {
    const comments = await built.contract.zip.file("word/comments.xml")!.async("string");
    expect(comments.match(/<w:comment /g)).toHaveLength(6);
    expect(comments).toContain("Confirm the Customer’s purchase-order process before signature");
    const custom = await built.contract.zip.file("docProps/custom.xml")!.async("string");
    expect(custom).toContain(
      "msa-header@1, msa-cover@1, msa-parties@1, msa-definitions@1, defined-terms-intro@1, msa-services@1",
    );
    expect(await built.contract.zip.file("docProps/app.xml")!.async("string")).toContain(
      "<Company>Northwind Managed Services Ltd</Company>",
    );
    expect(built.contract.warnings).toEqual([]);
  });
});

describe("proposal (de-DE)", () => {
  const must = [
    "Angebot Nr. 2027-031",
    "Hamburg, 1. Februar 2027",
    "Unser Honorar beträgt 100.000,00\u00a0€ zuzüglich Umsatzsteuer.",
    "Die Begleitung der Implementierung ist nicht Gegenstand dieses Angebots",
    "Wir planen mit einem Projektstart am 1. März 2027.",
    "Reisekosten berechnen wir pauschal mit 120,00\u00a0€ je Vor-Ort-Tag.",
    "Etwa 40 % der Leistungen erbringen wir vor Ort in Stuttgart-Feuerbach",
    "Dieses Angebot ist gültig bis zum 15. März 2027.",
  ];
  it.each(must)("shows %s", (fragment) => expect(oneLine(built.proposal.text)).toContain(fragment));

  it("renders the fee table with German number formats, the discount branch and the totals", () => {
    const l = lines("proposal");
    const row = l.indexOf("Phase 1: Ist-Analyse"); // the scope list has it too, but with its bullet
    expect(l.slice(row, row + 4)).toEqual([
      "Phase 1: Ist-Analyse",
      "14,5",
      "1.650,00\u00a0€",
      "23.925,00\u00a0€",
    ]);
    for (const cell of [
      "18,0",
      "29.700,00\u00a0€",
      "Rabatt für Rahmenvertragskunden",
      "−5.550,00\u00a0€",
      "119.000,00\u00a0€",
    ]) {
      expect(l).toContain(cell);
    }
  });

  it("formats timeline dates as dd.MM.yyyy", () => {
    const l = lines("proposal");
    const row = l.indexOf("Ist-Analyse");
    expect(l.slice(row, row + 4)).toEqual([
      "Ist-Analyse",
      "01.03.2027",
      "26.03.2027",
      "Abschlussbericht Ist-Analyse",
    ]);
  });

  it("leaves out deprecated, stale and unchosen content, and warns about the draft it uses", () => {
    const t = oneLine(built.proposal.text);
    for (const absent of [
      "Festpreis",
      "Referenzprojekte",
      "Nach der Systementscheidung begleiten wir",
      "nach tatsächlichem Aufwand",
    ]) {
      expect(t).not.toContain(absent);
    }
    expect(built.proposal.warnings.map((w) => [w.code, w.path])).toEqual([
      ["SNIPPET_DRAFT", "sections[6].snippet"],
    ]);
  });

  it("prints header and Seite N von M footer", () => {
    expect(built.proposal.pdf).toContain("Nordlicht Consulting GmbH · Angebot für Brandt Maschinenbau GmbH");
    expect(built.proposal.pdf).toMatch(/Vertraulich · Seite 1 von (\d+)/);
  });
});

describe("letter (en-US)", () => {
  it("dates the letter with {{today}} in the en-US long form", () => {
    expect(lines("letter").find((l) => l !== "")).toBe("November 22, 2026");
  });

  it("keeps the multiline address on separate lines", () => {
    const l = lines("letter");
    const at = l.indexOf("Ms. Dana Whitfield");
    expect(l.slice(at, at + 5)).toEqual([
      "Ms. Dana Whitfield",
      "Director of Facilities",
      "Harbor Point Medical Center",
      "2200 N. Clark Street",
      "Chicago, IL 60614",
    ]);
  });

  const must = [
    "Re: Renewal of Preventive Maintenance Agreement No. PM-2291",
    "Dear Ms. Whitfield:",
    "expires on January 31, 2027",
    "the annual fee will be $18,640.00, an increase of 3.5% that reflects",
    "a one-time loyalty credit of $750.00",
    "7.2 Renewal. This Agreement renews for successive one-year terms",
    "please sign and return the enclosed renewal form by January 15, 2027 to avoid a gap in coverage.",
    "portal.lakeshore-mechanical.example",
    "Enclosure: Renewal form",
  ];
  it.each(must)("shows %s", (fragment) => expect(oneLine(built.letter.text)).toContain(fragment));

  it("starts the ordered list at 3", () => {
    const l = lines("letter");
    expect(l.some((x) => x.startsWith("3. Replace the condenser fan motor on rooftop unit RTU-2"))).toBe(
      true,
    );
    expect(
      l.some((x) => x.startsWith("4. Recalibrate the building automation sensors on the 3rd floor.")),
    ).toBe(true);
    expect(l.some((x) => x.startsWith("5. Clean and treat the cooling tower"))).toBe(true);
  });

  it("leaves out the unchosen branches and prints the letterhead", () => {
    const t = oneLine(built.letter.text);
    expect(t).not.toContain("No action is needed");
    expect(t).not.toContain("Dear Sir or Madam");
    expect(built.letter.pdf).toContain("Lakeshore Mechanical Services, Inc.");
    expect(built.letter.pdf).toContain("(312) 555-0148 · service@lakeshore-mechanical.example");
    expect(built.letter.warnings).toEqual([]);
  });
});
