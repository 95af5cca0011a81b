// Pairs of documents for the redline's proof (tests/fidelity/redline.test.ts): the starter library's
// and the examples' version histories, the kinds of content the fidelity suite covers (nested lists,
// tables, footnotes, legal clause numbers, a table of contents, links, pictures, formatting) changed
// between two versions of a snippet, values changed between two builds of one version, and two
// assemblies (sections added, removed, moved, values changed).

import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..", "..", "..");
export const starter = JSON.parse(readFileSync(join(root, "assets", "starter-library.json"), "utf8"));
const example = (name: string, file: string) =>
  JSON.parse(readFileSync(join(root, "examples", name, file), "utf8"));
export const contract = {
  library: example("contract", "library.json"),
  assembly: example("contract", "assembly.json"),
};
export const proposal = {
  library: example("proposal", "library.json"),
  assembly: example("proposal", "assembly.json"),
};

// Two 2×2 PNG pictures, red and blue.
const PNG_A =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==";
const PNG_B =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGOQkzsBRAwQCgAZ1gQRShBSHAAAAABJRU5ErkJggg==";

type Snippet = {
  id: string;
  version: number;
  title: string;
  body: string;
  status?: string;
  variables?: unknown[];
};

const versions = (id: string, title: string, bodies: string[], variables?: unknown[]): Snippet[] =>
  bodies.map((body, k) => ({
    id,
    version: k + 1,
    title,
    status: "approved",
    body,
    ...(variables ? { variables } : {}),
  }));

export const kindsLibrary = {
  format: "sectionsmith/library@1",
  name: "Redline cases",
  snippets: [
    ...versions("lists", "Services", [
      "# Services\n\nThe Supplier shall:\n\n1. provide the Services;\n2. meet the Service Levels;\n   - availability of 99.5%;\n   - response within 4 hours;\n3. keep records.\n\n- Bullet one\n- Bullet two\n- Bullet three\n\nAfter the lists.",
      "# Services\n\nThe Supplier shall:\n\n1. provide the Services with reasonable skill and care;\n2. meet the Service Levels;\n   - availability of 99.9%;\n3. report monthly;\n   1. on incidents;\n4. keep records for six years.\n\n- Bullet three\n- Bullet one\n- Bullet two\n\nAfter the lists.",
    ]),
    ...versions("tables", "Fees", [
      "# Fees\n\n| Service | Unit | Price |\n|:--|:--|--:|\n| Service desk | per month | 4,250 |\n| Device support | per device | 25 |\n| Onboarding | one-off | 8,500 |\n\nPrices exclude VAT.\n\n| Name | Role |\n|--|--|\n| Ann | Lead |\n| Bob | Analyst |",
      "# Fees\n\n| Service | Unit | Price |\n|:--|:--|--:|\n| Service desk | per month | 4,500 |\n| Onboarding | one-off | 8,500 |\n| On-site visits | per day | 950 |\n\nPrices exclude VAT and travel.\n\n| Name | Role | Rate |\n|--|--|--|\n| Ann | Lead | 1,650 |\n| Bob | Analyst | 1,200 |",
    ]),
    ...versions("footnotes", "Liability", [
      "# Liability\n\nNeither party limits liability for death or personal injury.[^law] The cap is the fees paid in the previous year.[^cap] Indirect loss is excluded.[^gone]\n\n[^law]: As required by the Unfair Contract Terms Act 1977.\n[^cap]: Fees paid or payable.\n[^gone]: Including loss of profit.",
      "# Liability\n\nNeither party limits liability for death or personal injury.[^law] The cap is 150% of the fees paid in the previous twelve months.[^cap] Indirect loss is excluded. Data loss is capped separately.[^data]\n\n[^law]: As required by section 2(1) of the Unfair Contract Terms Act 1977.\n[^cap]: Fees paid or payable.\n[^data]: At the cost of restoring from backup.",
    ]),
    ...versions("legal", "Terms", [
      "# Definitions\n\nWords have their ordinary meaning.\n\n## Interpretation\n\nHeadings do not affect interpretation.\n\n# Term\n\nThis Agreement starts on the Effective Date.\n\n1. It continues for two years.\n2. Either party may end it on notice.\n\n# Termination\n\nEither party may terminate for material breach.\n\n# Notices\n\nNotices are in writing.",
      "# Definitions\n\nWords have their ordinary meaning unless defined.\n\n## Interpretation\n\nHeadings do not affect interpretation.\n\n## Defined terms\n\nCapitalised terms are defined in Schedule 1.\n\n# Term\n\nThis Agreement starts on the Effective Date.\n\n1. It continues for three years.\n2. It renews for one year at a time.\n3. Either party may end it on six months' notice.\n\n# Notices\n\nNotices are in writing and sent by email.",
    ]),
    ...versions("toc", "Contents", [
      "{{toc}}\n\n# Scope\n\nThe scope.\n\n# Price\n\nThe price.",
      "{{toc}}\n\n# Scope of work\n\nThe scope.\n\n# Price\n\nThe price.\n\n# Warranty\n\nThe warranty.",
    ]),
    ...versions("formatting", "Formatting", [
      "The **Customer** shall pay *promptly* and read the [terms](https://example.com/terms).\n\nA line with `code` and ~~struck~~ text.\n\n> A quoted clause.",
      "The **Customer** shall pay *within thirty days* and read the [updated terms](https://example.com/terms-2027).\n\nA line with `code` and plain text.\n\n> A quoted clause, amended.",
    ]),
    ...versions("pictures", "Logo", [
      `Our logo:\n\n![Logo](${PNG_A})\n\nAbove.`,
      `Our new logo:\n\n![Logo](${PNG_B})\n\nAbove.`,
    ]),
    ...versions("moves", "Order", [
      "# Order\n\nFirst paragraph stays first.\n\nSecond paragraph moves to the end.\n\nThird paragraph.\n\nFourth paragraph.",
      "# Order\n\nFirst paragraph stays first.\n\nThird paragraph.\n\nFourth paragraph.\n\nSecond paragraph moves to the end.",
    ]),
    ...versions("levels", "Levels", [
      "# Heading that drops a level\n\nBody text.\n\n## Kept heading\n\nA paragraph that becomes a quote.\n\n- A bullet that becomes a numbered item",
      "## Heading that drops a level\n\nBody text.\n\n## Kept heading\n\n> A paragraph that becomes a quote.\n\n1. A bullet that becomes a numbered item",
    ]),
    ...versions("ends", "Ends", [
      "# Ends\n\nKept.\n\nDeleted at the end one.\n\nDeleted at the end two.",
      "# Ends\n\nKept, changed.",
    ]),
    ...versions("rewrite", "Rewrite", [
      "Entirely old wording about something.",
      "# A heading now\n\nCompletely new text about another matter.\n\nAnd a second paragraph.",
    ]),
    ...versions(
      "valued",
      "Valued",
      [
        "# Confidentiality\n\n{{#if mutual}}Each party{{else}}{{recipient}}{{/if}} keeps the other's information confidential for {{years}} years.\n\n| Party | Address |\n|--|--|\n{{#each parties}}\n| {{name}} | {{address}} |\n{{/each}}\n\n{{#each carveOuts}}\n- {{text}}\n{{/each}}",
      ],
      [
        { name: "mutual", type: "boolean", default: true },
        { name: "recipient", type: "text" },
        { name: "years", type: "number", required: true, default: 3 },
        {
          name: "parties",
          type: "list",
          fields: [
            { name: "name", type: "text" },
            { name: "address", type: "text" },
          ],
        },
        { name: "carveOuts", type: "list", fields: [{ name: "text", type: "text" }] },
      ],
    ),
  ],
};

export type RedlineCase = {
  name: string;
  library: unknown;
  before: unknown;
  after: unknown;
};

const one = (
  id: string,
  version: number,
  values: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
) => ({
  format: "sectionsmith/assembly@1",
  locale: "en-GB",
  options,
  sections: [{ snippet: id, version, values }],
});

const versionPair = (
  library: unknown,
  id: string,
  options: Record<string, unknown> = {},
  values: Record<string, unknown> = {},
): RedlineCase => ({
  name: `${id} 1 → 2`,
  library,
  before: one(id, 1, values, options),
  after: one(id, 2, values, options),
});

const pricingValues = (
  proposal.assembly.sections as Array<{ snippet: string; values?: Record<string, unknown> }>
).find((s) => s.snippet === "proposal-pricing")!.values!;

const contractChanged = (() => {
  const a = structuredClone(contract.assembly) as {
    sections: Array<{ snippet: string; values?: Record<string, unknown> }>;
    values: Record<string, unknown>;
  };
  const services = a.sections.find((s) => s.snippet === "msa-services")!;
  services.values = { ...services.values, p1ResponseMinutes: 15, deviceCount: 1400 };
  const definitions = a.sections.findIndex((s) => s.snippet === "msa-definitions");
  const [moved] = a.sections.splice(definitions, 1);
  a.sections.push(moved!);
  a.sections.splice(1, 1);
  a.values = { ...a.values, customerName: "Fabrikam Stores plc" };
  return a;
})();

export const REDLINE_CASES: RedlineCase[] = [
  versionPair(starter, "payment-terms"),
  versionPair(starter, "confidentiality"),
  {
    ...versionPair(
      starter,
      "signature-block",
      {},
      { signerName: "Ann Smith", signerTitle: "Director", companyName: "Northwind Ltd", electronic: true },
    ),
    name: "signature-block 1 → 2 (a draft, signed electronically)",
  },
  {
    ...versionPair(
      proposal.library,
      "proposal-pricing",
      {},
      { ...pricingValues, fixedFee: 98000, totalNet: 100000 },
    ),
    name: "proposal-pricing 1 → 2",
  },
  versionPair(kindsLibrary, "lists"),
  versionPair(kindsLibrary, "tables"),
  versionPair(kindsLibrary, "footnotes"),
  versionPair(kindsLibrary, "legal", { headingNumbering: "legal" }),
  versionPair(kindsLibrary, "toc"),
  versionPair(kindsLibrary, "formatting"),
  versionPair(kindsLibrary, "pictures"),
  versionPair(kindsLibrary, "moves"),
  versionPair(kindsLibrary, "levels"),
  versionPair(kindsLibrary, "ends"),
  versionPair(kindsLibrary, "rewrite"),
  {
    name: "values changed between builds (confidentiality 2: one-way, 5 years)",
    library: starter,
    before: one("confidentiality", 2, { mutual: true, survivalYears: 3 }),
    after: one("confidentiality", 2, {
      mutual: false,
      recipient: "Fabrikam Retail plc",
      discloser: "Northwind Ltd",
      survivalYears: 5,
    }),
  },
  {
    name: "values changed between builds (lists of values: table rows and list items)",
    library: kindsLibrary,
    before: one("valued", 1, {
      mutual: true,
      years: 3,
      parties: [
        { name: "Northwind Ltd", address: "Manchester" },
        { name: "Fabrikam plc", address: "Bristol" },
      ],
      carveOuts: [{ text: "public information" }, { text: "information known before" }],
    }),
    after: one("valued", 1, {
      mutual: false,
      recipient: "Fabrikam plc",
      years: 5,
      parties: [
        { name: "Fabrikam plc", address: "Bath" },
        { name: "Contoso GmbH", address: "Hamburg" },
      ],
      carveOuts: [
        { text: "public information" },
        { text: "information independently developed" },
        { text: "information known before" },
      ],
    }),
  },
  {
    name: "two assemblies (the contract example: sections removed and moved, values changed)",
    library: contract.library,
    before: contract.assembly,
    after: contractChanged,
  },
];
