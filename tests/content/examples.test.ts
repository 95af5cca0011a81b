// Builds the three examples with the real engine and checks what a reader will see: the chosen branches, the
// values formatted for each locale, continued numbering, headers, footers, footnotes and drafting notes.
// (tests/fidelity checks the same documents through LibreOffice.)
import { expectValidDocx } from "../support/ooxml-check";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument, type Problem } from "../../src/engine";
import { docxParts, exampleAssembly, exampleLibrary, textOf, type ExampleName } from "./content-files";

const today = new Date("2026-11-22T12:00:00Z");

async function build(name: ExampleName) {
  const result = await exportDocument(exampleLibrary(name), exampleAssembly(name), { as: "buffer", today });
  await expectValidDocx(new Uint8Array(result.output));
  const parts = await docxParts(result.output as Uint8Array);
  const body = textOf(parts, "word/document.xml");
  return { result, parts, body, all: body.join("\n") };
}
const codes = (warnings: Problem[]) => warnings.map((w) => `${w.code} ${w.path}`);
type Built = Awaited<ReturnType<typeof build>>;
// Jest collects tests synchronously: each example is built before its tests run (beforeAll).

describe("examples/contract", () => {
  let result: Built["result"], parts: Built["parts"], body: Built["body"], all: Built["all"];
  beforeAll(async () => void ({ result, parts, body, all } = await build("contract")));

  it("builds without warnings and records every snippet, the include included", () => {
    expect(codes(result.warnings)).toEqual([]);
    expect(result.snippets).toContain("defined-terms-intro@1");
    expect(result.snippets).toHaveLength(14);
  });

  it("formats values for en-GB", () => {
    expect(all).toContain("Dated 4 January 2027 · Reference MSA-2027-014");
    expect(all).toContain("up to 1,250 laptops");
    expect(body).toEqual(expect.arrayContaining(["£4,250.00", "£51,000.00", "£103,500.00"]));
    expect(all).toContain("at 4.00% a year above the Bank of England base rate");
    expect(all).toContain("limited to the greater of £250,000.00 and 125% of the Charges");
  });

  it("takes the mutual and England-and-Wales branches", () => {
    expect(all).toContain("Each party shall keep the other party’s Confidential Information confidential");
    expect(all).toContain("entitled to seek an injunction or an order for specific performance.");
    expect(all).not.toContain("interdict");
    expect(all).toContain("In this Agreement, unless the context otherwise requires");
  });

  it("repeats a fee row per list item", () => {
    for (const service of [
      "Service desk and infrastructure monitoring",
      "End-user device support (1,250 devices)",
      "Onboarding and transition",
      "On-site engineering (call-off)",
    ])
      expect(body).toContain(service);
  });

  it("continues the term list into the termination section", () => {
    const numbering = parts.get("word/numbering.xml")!;
    const doc = parts.get("word/document.xml")!;
    const numIdOf = (text: string): string => {
      const para = doc.split("</w:p>").find((p) => p.includes(text))!;
      return /<w:numId w:val="(\d+)"\/>/.exec(para)![1]!;
    };
    // The last term item and the first termination item share one list instance, so Word numbers them 3 and 4.
    expect(numIdOf("Either party may propose changes")).toBe(numIdOf("commits a material breach"));
    expect(numIdOf("commits a material breach")).not.toBe(numIdOf("shall pay each valid invoice"));
    expect(numbering).toContain("w:abstractNumId");
  });

  it("has the header, the page-numbered footer, the footnote and six drafting-note comments", () => {
    expect(textOf(parts, "word/header").join("\n")).toContain(
      "Northwind Managed Services Ltd · Master Services Agreement with Fabrikam Retail plc",
    );
    const footer = parts.get([...parts.keys()].find((k) => k.startsWith("word/footer"))!)!;
    expect(textOf(parts, "word/footer").join("")).toMatch(/^Confidential · Page .* of /);
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
    expect(textOf(parts, "word/footnotes.xml").join("\n")).toContain("Unfair Contract Terms Act 1977");
    const comments = textOf(parts, "word/comments.xml");
    expect(comments).toHaveLength(6);
    expect(comments).toContain(
      "Confirm the Customer’s purchase-order process before signature: some customers cannot pay an invoice without a PO number.",
    );
  });

  it("writes the cover in Word's Title and Subtitle styles, not bold body text", () => {
    const doc = parts.get("word/document.xml")!;
    const para = (text: string) => doc.split("</w:p>").find((p) => p.includes(text))!;
    expect(para(">MASTER SERVICES AGREEMENT<")).toMatch(/<w:pStyle w:val="Title"\/>/);
    expect(para(">MASTER SERVICES AGREEMENT<")).not.toContain("<w:b/>");
    expect(para("between Northwind Managed Services Ltd and Fabrikam Retail plc")).toMatch(
      /<w:pStyle w:val="Subtitle"\/>/,
    );
    expect(parts.get("word/styles.xml")).toMatch(/w:styleId="Title"><w:name w:val="Title"\/>/);
  });

  it("keeps table rows whole and leaves room to sign in the signature table", () => {
    const doc = parts.get("word/document.xml")!;
    const rows = [...doc.matchAll(/<w:tr>[\s\S]*?<\/w:tr>/g)].map((m) => m[0]);
    for (const row of rows) expect(row).toContain("<w:cantSplit/>");
    const row = (label: string) => rows.find((r) => r.includes(`>${label}<`))!;
    for (const label of ["Signature", "Date"]) {
      expect(row(label)).toContain('<w:trHeight w:val="850" w:hRule="atLeast"/>');
    }
    expect(row("Name")).not.toContain("<w:trHeight");
    expect(row("Service desk and infrastructure monitoring")).not.toContain("<w:trHeight");
  });

  it("writes the document properties", () => {
    expect(parts.get("docProps/app.xml")).toContain("<Company>Northwind Managed Services Ltd</Company>");
    expect(parts.get("docProps/core.xml")).toContain("msa, managed services, fabrikam, northwind");
  });
});

describe("examples/proposal", () => {
  let result: Built["result"], parts: Built["parts"], body: Built["body"], all: Built["all"];
  beforeAll(async () => void ({ result, parts, body, all } = await build("proposal")));

  it("warns once, about the draft snippet, and uses version 2 of the pricing", () => {
    expect(codes(result.warnings)).toEqual(["SNIPPET_DRAFT sections[6].snippet"]);
    expect(result.snippets).toContain("proposal-pricing@2");
    expect(result.snippets).not.toContain("proposal-pricing@1");
    expect(all).not.toContain("Festpreis");
    expect(all).not.toContain("Referenzprojekte");
  });

  it("formats euros, decimals and dates for de-DE", () => {
    expect(all).toContain("Unser Honorar beträgt 100.000,00\u00a0€ zuzüglich Umsatzsteuer.");
    expect(body).toEqual(
      expect.arrayContaining(["14,5", "18,0", "1.650,00\u00a0€", "23.925,00\u00a0€", "119.000,00\u00a0€"]),
    );
    expect(all).toContain("Hamburg, 1. Februar 2027");
    expect(all).toContain("Wir planen mit einem Projektstart am 1. März 2027.");
    expect(body).toEqual(expect.arrayContaining(["01.03.2027", "26.03.2027", "25.06.2027"]));
  });

  it("keeps the conditional discount row and the chosen branches", () => {
    expect(body).toContain("−5.550,00\u00a0€");
    expect(all).toContain("Die Begleitung der Implementierung ist nicht Gegenstand dieses Angebots");
    expect(all).toContain("Reisekosten berechnen wir pauschal mit 120,00\u00a0€ je Vor-Ort-Tag.");
  });

  it("writes the cover's project title in the Title style and the offer number in Subtitle", () => {
    const doc = parts.get("word/document.xml")!;
    const [first, second] = doc.split("</w:p>");
    expect(first).toMatch(/<w:pStyle w:val="Title"\/>/);
    expect(second).toMatch(/<w:pStyle w:val="Subtitle"\/>/);
    expect(second).toContain("Angebot Nr. 2027-031");
  });

  it("repeats a heading per team member and nests the scope three levels deep", () => {
    const doc = parts.get("word/document.xml")!;
    for (const name of ["Dr. Katrin Albers", "Jonas Petersen", "Aylin Demir"]) {
      const para = doc.split("</w:p>").find((p) => p.includes(`>${name}<`))!;
      expect(para).toMatch(/<w:pStyle w:val="Heading2"\/>/);
    }
    const levelOf = (text: string) =>
      /<w:ilvl w:val="(\d)"\/>/.exec(doc.split("</w:p>").find((p) => p.includes(text))!)![1];
    expect([
      levelOf("Phase 1: Ist-Analyse"),
      levelOf("Aufnahme der Kernprozesse"),
      levelOf("Auftragsabwicklung vom Angebot"),
    ]).toEqual(["0", "1", "2"]);
  });

  it("has the header and the German footer", () => {
    expect(textOf(parts, "word/header").join("")).toBe(
      "Nordlicht Consulting GmbH · Angebot für Brandt Maschinenbau GmbH",
    );
    expect(textOf(parts, "word/footer").join("")).toMatch(/^Vertraulich · Seite .* von /);
  });
});

describe("examples/letter", () => {
  let result: Built["result"], parts: Built["parts"], body: Built["body"], all: Built["all"], doc: string;
  beforeAll(async () => {
    ({ result, parts, body, all } = await build("letter"));
    doc = parts.get("word/document.xml")!;
  });
  const paragraphWith = (text: string) => doc.split("</w:p>").find((p) => p.includes(text))!;

  it("builds without warnings", () => {
    expect(codes(result.warnings)).toEqual([]);
  });

  it("dates, addresses and greets the recipient", () => {
    expect(body[0]).toBe("November 22, 2026");
    expect(all).toContain(
      "Ms. Dana Whitfield\nDirector of Facilities\nHarbor Point Medical Center\n2200 N. Clark Street\nChicago, IL 60614",
    );
    expect(body).toContain("Dear Ms. Whitfield:");
  });

  it("formats en-US values and takes the chosen branches", () => {
    expect(all).toContain("expires on January 31, 2027");
    expect(all).toContain("the annual fee will be $18,640.00, an increase of 3.5% that reflects");
    expect(all).toContain("a one-time loyalty credit of $750.00");
    expect(all).toContain("renewal form by January 15, 2027 to avoid a gap in coverage.");
    expect(all).not.toContain("No action is needed");
    expect(all).toContain("your next visit on Dec 8, 2026 is scheduled for 8:00–10:00 a.m. 7:30–9:30 a.m.");
  });

  it("leaves room to sign between the closing and the signer's name", () => {
    // Three line breaks after "Sincerely," (paragraphWith cuts at the paragraph's end).
    expect(paragraphWith(">Sincerely,<")).toMatch(/>Sincerely,<\/w:t><\/w:r>(?:<w:r><w:br\/><\/w:r>){3}$/);
  });

  it("starts the open-items list at 3", () => {
    expect(paragraphWith("Replace the condenser fan motor")).toMatch(/<w:numPr>/);
    expect(parts.get("word/numbering.xml")).toMatch(/<w:start w:val="3"\/>/);
  });

  it("keeps strike, underline, superscript, the quote and the link", () => {
    expect(paragraphWith("8:00–10:00 a.m.")).toMatch(/<w:strike\/>|<w:strike w:val="(true|1)"\/>/);
    expect(paragraphWith("January 15, 2027")).toMatch(/<w:u w:val="single"\/>/);
    expect(paragraphWith(">rd<")).toMatch(/<w:vertAlign w:val="superscript"\/>/);
    expect(paragraphWith("7.2 Renewal.")).toMatch(/<w:pStyle w:val="Quote"\/>/);
    expect(parts.get("word/_rels/document.xml.rels")).toContain(
      'Target="https://portal.lakeshore-mechanical.example/renewals"',
    );
  });

  it("has the letterhead and no footer", () => {
    expect(textOf(parts, "word/header").join("\n")).toContain(
      "Lakeshore Mechanical Services, Inc.\n1840 W. Fulton Street, Suite 300 · Chicago, IL 60612",
    );
    expect([...parts.keys()].some((k) => k.startsWith("word/footer"))).toBe(false);
  });
});
