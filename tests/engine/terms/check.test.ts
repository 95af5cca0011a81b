import { describe, expect, it } from "@jest/globals";
import type { Problem } from "../../../src/engine";
import { assembly, build, library } from "../support";

// The defined-terms check (issue 32) on a real build: an assembly seeded with each kind of term
// problem, each found once, at its word — the snippet body's line and column, and the section,
// paragraph and character of the assembled text. Every document passes the schema and Word rules checks.

const DEFINITIONS = [
  "# Definitions",
  "In this Agreement:",
  "“Fees” means the fees set out in Schedule 1.",
  '"Services" means the services described in the Order Form.',
  "**Business Day** means a day other than a Saturday or Sunday.",
  '"Services" shall mean any work the Supplier does.',
].join("\n\n");
const PARTIES = [
  "# Parties",
  'This agreement is between Acme Ltd (the "Supplier") and Beta Ltd (the “Customer”).',
  "The Supplier shall perform the Services for the Customer under each Order Form.",
].join("\n\n");
const PAYMENT = [
  "# Payment",
  "The Customer shall pay the **Deposit** and the Fees within ten days.",
  "Invoices may refer to a “Purchase Order”. The Deliverables are described in the Order Form.",
].join("\n\n");
const ELSEWHERE = "“Deliverables” means the reports the Supplier delivers.";

const LIB = library(
  { id: "definitions", body: DEFINITIONS },
  { id: "parties", body: PARTIES },
  { id: "payment", body: PAYMENT },
  { id: "deliverables", body: ELSEWHERE },
);

type Where = {
  code: string;
  snippet: string;
  line: number;
  column: number;
  section: number;
  paragraph: number;
  offset: number;
};

/** Where `word` (its n-th occurrence) stands in `body`: line and column of the body, paragraph and character of the text. */
function at(code: string, snippet: string, body: string, section: number, word: string, nth = 0): Where {
  const paragraphs = body.split("\n\n");
  let seen = 0;
  for (const [i, p] of paragraphs.entries()) {
    let from = 0;
    for (;;) {
      const offset = p.indexOf(word, from);
      if (offset < 0) break;
      if (seen++ === nth) {
        const line = 2 * i + 1; // paragraphs are one line each, a blank line apart
        // Markdown drops the ** and # marks: the character counts the text Word shows.
        const plain = p.slice(0, offset).replace(/\*\*/g, "").replace(/^# /, "");
        return { code, snippet, line, column: offset + 1, section, paragraph: i + 1, offset: plain.length };
      }
      from = offset + 1;
    }
  }
  throw new Error(`no ${word} in ${snippet}`);
}

const where = (p: Problem): Where => ({
  code: p.code,
  snippet: p.place?.snippet ?? "",
  line: p.line ?? 0,
  column: p.column ?? 0,
  section: p.place?.section ?? -1,
  paragraph: p.place?.paragraph ?? -1,
  offset: p.place?.offset ?? -1,
});

const terms = (warnings: Problem[]) => warnings.filter((w) => w.code.startsWith("TERM_"));

describe("the defined-terms check of an assembly", () => {
  it("finds each seeded problem once, at its word", async () => {
    const b = await build(
      LIB,
      assembly([{ snippet: "payment" }, { snippet: "parties" }, { snippet: "definitions" }], {
        options: { definitionsFirst: true },
      }),
    );
    expect(terms(b.warnings).map(where)).toEqual([
      // payment (section 0)
      at("TERM_USED_BEFORE_DEFINITION", "payment", PAYMENT, 0, "Customer"),
      at("TERM_UNDEFINED", "payment", PAYMENT, 0, "Deposit"),
      at("TERM_USED_BEFORE_DEFINITION", "payment", PAYMENT, 0, "Fees"),
      at("TERM_UNDEFINED", "payment", PAYMENT, 0, "Purchase Order"),
      at("TERM_DEFINED_ELSEWHERE", "payment", PAYMENT, 0, "Deliverables"),
      // "the Order Form" comes back in every section and is defined nowhere
      at("TERM_UNDEFINED", "payment", PAYMENT, 0, "Order Form"),
      // parties (section 1): the Supplier and the Customer are defined here, so used after
      at("TERM_USED_BEFORE_DEFINITION", "parties", PARTIES, 1, "Services"),
      // definitions (section 2)
      at("TERM_UNUSED", "definitions", DEFINITIONS, 2, "Business Day"),
      at("TERM_DEFINED_TWICE", "definitions", DEFINITIONS, 2, "Services", 1),
    ]);
    const message = (code: string) => terms(b.warnings).find((w) => w.code === code)!.message;
    expect(message("TERM_DEFINED_ELSEWHERE")).toContain(
      "“deliverables”, which this assembly does not include",
    );
    expect(message("TERM_DEFINED_TWICE")).toContain("first defined in section 3, paragraph 4");
    expect(message("TERM_UNUSED")).toBe(
      "“Business Day” is defined but never used (section 3, paragraph 5, character 1)",
    );
    expect(terms(b.warnings).every((w) => w.severity === "warning")).toBe(true);
  });

  it("without definitionsFirst, a use before the definition is fine", async () => {
    const b = await build(
      LIB,
      assembly([{ snippet: "payment" }, { snippet: "parties" }, { snippet: "definitions" }]),
    );
    expect(terms(b.warnings).map((w) => w.code)).not.toContain("TERM_USED_BEFORE_DEFINITION");
    expect(terms(b.warnings).map((w) => w.code)).toContain("TERM_UNUSED");
  });

  it("the snippet that defines the term, once included, clears TERM_DEFINED_ELSEWHERE", async () => {
    const b = await build(LIB, assembly([{ snippet: "deliverables" }, { snippet: "payment" }]));
    expect(
      terms(b.warnings)
        .map((w) => w.message)
        .join("\n"),
    ).not.toMatch(/Deliverables/);
  });

  it("a section's values are the user's words, never terms", async () => {
    const lib = library({
      id: "letter",
      body: "{{client}} (the “Client”) asks the Client's team.\n\nThe Client shall meet the {{team}}.",
      variables: [
        { name: "client", type: "text" },
        { name: "team", type: "text" },
      ],
    });
    const b = await build(
      lib,
      assembly([{ snippet: "letter", values: { client: "Gamma Holdings", team: "Project Board" } }]),
    );
    expect(terms(b.warnings)).toEqual([]);
  });

  it("a variable's default is the user's words too: a bold default value is no term (starter report title page)", async () => {
    const lib = library({
      id: "title",
      body: "Classification: **{{classification}}**\n\nThe Classification: **{{classification}}** again.",
      variables: [
        { name: "classification", type: "choice", default: "Internal", options: ["Public", "Internal"] },
      ],
    });
    const b = await build(lib, assembly([{ snippet: "title" }]));
    expect(terms(b.warnings)).toEqual([]);
  });

  it("a term a value defines (a definitions list) is used by the text around it", async () => {
    const lib = library(
      {
        id: "definitions",
        body: "{{#each definitions}}\n1. **“{{term}}”** means {{meaning}}.\n{{/each}}",
        variables: [
          {
            name: "definitions",
            type: "list",
            fields: [
              { name: "term", type: "text" },
              { name: "meaning", type: "text" },
            ],
          },
        ],
      },
      { id: "payment", body: "The Customer shall pay the Supplier." },
    );
    const definitions = [
      { term: "Customer", meaning: "the buyer" },
      { term: "Supplier", meaning: "the seller" },
      { term: "Deposit", meaning: "the first payment" },
    ];
    const b = await build(
      lib,
      assembly([{ snippet: "definitions", values: { definitions } }, { snippet: "payment" }]),
    );
    expect(terms(b.warnings).map((w) => w.message)).toEqual([
      "“Deposit” is defined but never used (section 1, paragraph 3, character 2)",
    ]);
  });
});

describe("no false alarms", () => {
  const clean = async (...bodies: string[]) => {
    const b = await build(
      library(...bodies.map((body, i) => ({ id: `s${i + 1}`, body }))),
      assembly(bodies.map((_, i) => ({ snippet: `s${i + 1}` }))),
    );
    return terms(b.warnings).map((w) => w.message);
  };

  it("ordinary capitalised words: sentence starts, headings, names, months, a one-off proper name", async () => {
    expect(
      await clean(
        "# Term and Termination\n\n## Governing Law\n\nThis Agreement starts on 1 January. Either party may end it. Notices go to London.",
        "Payment is due monthly. The Bank of England base rate applies. In Scotland, the Court of Session hears disputes.",
        "**Confidentiality.** Each party keeps the other's information secret.",
      ),
    ).toEqual([]);
  });

  it("plural uses, straight and curly quotes, and every parenthetical form count as the defined term", async () => {
    expect(
      await clean(
        'Acme Ltd (the "Supplier") and Beta Ltd (the “Customer”) (each a "Party" and together the “Parties”) agree.',
        "‘Product’ means each item in the catalogue. The Supplier ships Products; the Customer pays for them. Each Party signs; the Parties keep copies.",
        '"Fee" includes tax. The Fees are due monthly; each Fee is invoiced.',
      ),
    ).toEqual([]);
  });

  it("a longer term wins over a shorter one inside it", async () => {
    expect(
      await clean(
        "“Confidential Information” means information marked secret. The Confidential Information stays with the Customer.",
        'Beta Ltd (the "Customer") signs.',
      ),
    ).toEqual([]);
  });

  it("a key-terms table defines its labels for the text, which need not all be used", async () => {
    expect(
      await clean(
        "| Key term | Detail |\n|:--|:--|\n| **Discloser** | Acme Ltd |\n| **Purpose** | a joint bid |\n| **Governing Law** | England |",
        "The Recipient may use information from the Discloser only for the **Purpose**. The Discloser may ask for it back from the Recipient.",
        'Beta Ltd (the "Recipient") signs.',
      ),
    ).toEqual([]);
  });

  it("a cover page's labels are labels: every bold phrase of a label cell, “**Term**:” lines, a signature table's heads", async () => {
    expect(
      await clean(
        [
          "| Key terms | |",
          "|:--|:--|",
          "| {IF has_sla}**SLA**<br>**Service Level Agreement** | as linked |",
          "| **Increased Claims**<br>**Claims covered by the Increased Cap Amount** | none |",
          "| **Deliverables** | reports<br>**Rejection Period**: 10 days from **Deliverable** submission |",
          "",
          "|   | **PROVIDER: Acme Inc** |   | **CUSTOMER: Beta Ltd** |",
          "| --- | --- | --- | --- |",
          "| Signature | | | |",
        ].join("\n"),
        "**Provider** meets the **Service Level Agreement**. **Customer** may reject a Deliverable within the **Rejection Period**.",
      ),
    ).toEqual([]);
  });

  it("a label is no use: a capitalised phrase in the text with no label or definition is still found", async () => {
    const found = await clean(
      "| **Fees** | 100 |\n|:--|:--|\n| **Payment Terms** | monthly |",
      "The Fees are due under the **Payment Terms**. The **Service Credits** apply.",
    );
    expect(found).toEqual([
      expect.stringMatching(/^“Service Credits” is used as a defined term, but nothing/),
    ]);
  });

  it("a parenthetical that is a remark, not a definition, defines nothing", async () => {
    const found = await clean('The price (see "Schedule Two") is fixed. The Schedule Two rate applies.');
    expect(found.join("\n")).not.toMatch(/defined but never used/);
  });
});
