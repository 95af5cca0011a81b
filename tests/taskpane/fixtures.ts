// A small library written to the contract, with every variable type and every status, so the pane's
// tests do not depend on the starter library's content.

import type { OutlineSection } from "../../src/taskpane/model/document";

export const TODAY = new Date("2026-06-01T12:00:00Z");

export const testLibrary = {
  format: "sectionsmith/library@1",
  name: "Test clauses",
  snippets: [
    {
      id: "confidentiality",
      version: 3,
      title: "Confidentiality",
      description: "Mutual or one-way confidentiality obligations",
      category: "Contracts/Clauses",
      tags: ["nda", "confidentiality"],
      status: "approved",
      variables: [
        { name: "discloser", label: "Disclosing party", type: "text", required: true, default: "Contoso" },
        { name: "mutual", label: "Mutual?", type: "boolean", default: true },
        {
          name: "term",
          label: "Term (years)",
          type: "number",
          min: 1,
          max: 10,
          default: 2,
          help: "Between 1 and 10",
        },
      ],
      body: "## Confidentiality\n\n{{#if mutual}}Each party{{else}}{{discloser}}{{/if}} shall keep the other's information secret for {{term}} years.",
    },
    {
      id: "payment",
      version: 1,
      title: "Payment terms",
      description: "When and how invoices are paid",
      category: "Contracts/Commercial",
      tags: ["invoice"],
      status: "approved",
      variables: [
        { name: "fee", label: "Fee", type: "currency", currency: "EUR", min: 0, default: 1000 },
        { name: "due", label: "Due date", type: "date", default: "2026-07-01" },
        {
          name: "method",
          label: "Payment method",
          type: "choice",
          options: ["Bank transfer", "Card"],
          default: "Card",
        },
        { name: "address", label: "Billing address", type: "multiline", default: "1 Main St\nSpringfield" },
        {
          name: "milestones",
          label: "Milestones",
          type: "list",
          fields: [
            { name: "what", label: "Milestone", type: "text", required: true },
            { name: "amount", label: "Amount", type: "number" },
          ],
          default: [{ what: "Kick-off", amount: 500 }],
        },
      ],
      body: "## Payment\n\nThe fee is {{fee}}, due {{due}}, paid by {{method}}.\n\n{{#each milestones}}\n- {{what}}: {{amount}}\n{{/each}}",
    },
    {
      id: "cover",
      version: 1,
      title: "Cover page",
      category: "Front matter",
      status: "draft",
      body: "# Agreement\n\nPrepared for signature.",
    },
    {
      id: "warranty",
      version: 2,
      title: "Warranty",
      category: "Contracts/Clauses",
      tags: ["risk"],
      status: "deprecated",
      body: "## Warranty\n\nThe supplier warrants the services.",
    },
    {
      id: "liability",
      version: 1,
      title: "Limitation of liability",
      category: "Contracts/Clauses",
      tags: ["risk"],
      status: "approved",
      reviewBy: "2025-01-01",
      body: "## Liability\n\nNeither party is liable for indirect loss.",
    },
  ],
};

export const loadTestLibrary = async (): Promise<unknown> => structuredClone(testLibrary);

/** The test library with a version 2 of "payment", owned by Contoso Legal (the Document tab's updates). */
export const paymentV2Library = (): Record<string, unknown> => {
  const lib = structuredClone(testLibrary) as { snippets: Array<Record<string, unknown>> };
  const payment = lib.snippets.find((s) => s.id === "payment")!;
  payment.owner = "Contoso Legal";
  lib.snippets.push({
    ...structuredClone(payment),
    version: 2,
    body: "## Payment v2\n\nThe fee is {{fee}}, paid by {{method}}.",
  });
  return lib;
};

/** Payment version 1 as the outline holds it, inserted before version 2 came. */
export const PAYMENT_V1_SECTION: OutlineSection = {
  key: "k0",
  snippet: "payment",
  version: 1,
  title: "Payment terms",
  values: { method: "Bank transfer" },
  headingOffset: 0,
  pageBreakBefore: false,
  numbering: "restart",
};
