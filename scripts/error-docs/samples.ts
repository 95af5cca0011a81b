// One small input per problem code, run through the engine's public API when docs/errors.md is
// generated, so the catalogue shows the exact line a user sees for it (and so a code whose sample no
// longer produces it fails the generator, and the docs test, instead of documenting something stale).
// Each sample mirrors the code's `example` in src/engine/errors/codes-*.ts.

export type Sample =
  /** A library file (JSON value or text), checked as `sectionsmith validate library.json` does. */
  | { kind: "library"; input: unknown }
  /** An assembly file checked on its own (structure only). */
  | { kind: "assembly"; input: unknown }
  /** An assembly checked against its libraries, as `sectionsmith validate assembly.json --library …` does. */
  | { kind: "build"; libraries: unknown[]; assembly: unknown; librarySources?: string[] };

const LIB = "sectionsmith/library@1";
const ASM = "sectionsmith/assembly@1";

type Obj = Record<string, unknown>;

const snippet = (id: string, body: string, more: Obj = {}): Obj => ({
  id,
  title: id.replace(/-/g, " "),
  status: "approved",
  body,
  ...more,
});
const library = (...snippets: Obj[]): Obj => ({ format: LIB, snippets });
const assembly = (sections: Obj[], more: Obj = {}): Obj => ({ format: ASM, ...more, sections });

/** A library of one snippet with `variables` and `body`. */
const withVariables = (variables: Obj[], body = "Text"): Sample => ({
  kind: "library",
  input: library(snippet("clause", body, { variables })),
});
/** A library of one snippet whose body is `body`. */
const body = (text: string, variables: Obj[] = []): Sample => withVariables(variables, text);
/** One snippet with `variables`, used by one section with `values`. */
const values = (variables: Obj[], given: Obj): Sample => ({
  kind: "build",
  libraries: [library(snippet("clause", "Text", { variables }))],
  assembly: assembly([{ snippet: "clause", values: given }]),
});
/** An assembly (one section, plus `more`) checked on its own. */
const assemblyWith = (more: Obj, sections: Obj[] = [{ snippet: "clause" }]): Sample => ({
  kind: "assembly",
  input: assembly(sections, more),
});

/** Mutual or one-way: the parties are used only by the one-way wording, so neither is required. */
const oneWay = snippet(
  "confidentiality",
  "{{#if mutual}}Each party shall keep{{else}}{{recipient}} shall keep{{/if}} the Confidential Information of {{#if mutual}}the other party{{else}}{{discloser}}{{/if}}, use it only for this Agreement.",
  {
    variables: [
      { name: "mutual", type: "boolean", default: true },
      { name: "discloser", label: "Disclosing party", type: "text" },
      { name: "recipient", label: "Receiving party", type: "text" },
    ],
  },
);
const confidentiality = snippet("confidentiality", "{{discloser}} shall keep …", {
  version: 3,
  variables: [{ name: "discloser", type: "text", required: true }],
});

export const SAMPLES: Record<string, Sample> = {
  // The model: files, fields, variables, values, snippet selection
  JSON_SYNTAX: { kind: "library", input: '{ "format": "sectionsmith/library@1", }' },
  JSON_DUPLICATE_KEY: {
    kind: "library",
    input:
      '{ "format": "sectionsmith/library@1", "snippets": [{ "id": "intro", "title": "Intro", "status": "approved", "body": "Old", "body": "New" }] }',
  },
  TEXT_REPLACEMENT_CHARACTER: {
    kind: "library",
    input:
      '{ "format": "sectionsmith/library@1", "snippets": [{ "id": "intro", "title": "Gesch\uFFFDftsbedingungen", "status": "approved", "body": "Text" }] }',
  },
  FORMAT_UNKNOWN: { kind: "library", input: { format: "sectionsmith/library@9", snippets: [] } },
  FIELD_REQUIRED: { kind: "library", input: library({ id: "intro", body: "Hello" }) },
  FIELD_TYPE: { kind: "library", input: library(snippet("intro", "Hello", { version: "3" })) },
  FIELD_UNKNOWN: { kind: "library", input: library(snippet("intro", "Hello", { titel: "Confidentiality" })) },
  FIELD_ENUM: { kind: "library", input: library(snippet("intro", "Hello", { status: "aproved" })) },
  FIELD_RANGE: { kind: "library", input: library(snippet("intro", "Hello", { version: 0 })) },
  FIELD_LENGTH: { kind: "library", input: library(snippet("intro", "Hello", { title: "" })) },
  ID_INVALID: { kind: "library", input: library(snippet("Confidentiality!", "Hello")) },
  SNIPPET_DUPLICATE: {
    kind: "library",
    input: library(snippet("nda", "One", { version: 2 }), snippet("nda", "Two", { version: 2 })),
  },
  REPLACED_BY_UNKNOWN: {
    kind: "library",
    input: library(
      snippet("nda", "Old", { status: "deprecated", replacedBy: "nda-mutal" }),
      snippet("nda-mutual", "New"),
    ),
  },
  DATE_INVALID: { kind: "library", input: library(snippet("intro", "Hello", { reviewBy: "2027-02-30" })) },
  DATETIME_INVALID: { kind: "library", input: library(snippet("intro", "Hello", { updated: "1 Oct 2026" })) },
  VARIABLE_NAME_INVALID: withVariables([{ name: "start-date", type: "date" }]),
  VARIABLE_DUPLICATE: withVariables([
    { name: "term", type: "number" },
    { name: "term", type: "text" },
  ]),
  VARIABLE_RESERVED: withVariables([{ name: "today", type: "date" }]),
  RULE_NOT_APPLICABLE: withVariables([{ name: "client", type: "text", options: ["a", "b"] }]),
  OPTIONS_REQUIRED: withVariables([{ name: "plan", type: "choice" }]),
  FIELDS_REQUIRED: withVariables([{ name: "items", type: "list" }]),
  LIST_NESTED: withVariables([{ name: "items", type: "list", fields: [{ name: "sub", type: "list" }] }]),
  PATTERN_INVALID: withVariables([{ name: "ref", type: "text", pattern: "[A-Z" }]),
  PATTERN_UNSUPPORTED: withVariables([{ name: "ref", type: "text", pattern: "(?=.*\\d)[a-z0-9]+" }]),
  CURRENCY_INVALID: withVariables([{ name: "fee", type: "currency", currency: "euro" }]),
  DATE_FORMAT_INVALID: withVariables([{ name: "start", type: "date", format: "DD/MM/YYYY" }]),
  RANGE_INVERTED: withVariables([{ name: "term", type: "number", min: 10, max: 1 }]),
  LOCALE_INVALID: assemblyWith({ locale: "en_GB" }),
  LOCALE_UNSUPPORTED: assemblyWith({ locale: "xx-INVALID" }),
  LENGTH_INVALID: assemblyWith({ page: { margins: { top: "25" } } }),
  LENGTH_RANGE: assemblyWith({ page: { margins: { left: "9999999999999999999999in" } } }),
  FONT_INVALID: assemblyWith({ theme: { font: "Calibri;}p,h1{display:none}" } }),
  COLOR_INVALID: assemblyWith({ theme: { headingColor: "navy" } }),
  HEADER_FOOTER_INVALID: assemblyWith({ footer: { snippet: "footer", text: "Page {{page}}" } }),
  SECTIONS_EMPTY: assemblyWith({}, []),
  VALUE_REQUIRED: {
    kind: "build",
    libraries: [library(confidentiality)],
    assembly: assembly([{ snippet: "confidentiality", values: {} }]),
  },
  VALUE_TYPE: values([{ name: "term", type: "number" }], { term: "two" }),
  VALUE_DATE: values([{ name: "date", type: "date" }], { date: "22/11/2026" }),
  VALUE_RANGE: values([{ name: "term", type: "number", max: 10 }], { term: 12 }),
  VALUE_PATTERN: values([{ name: "ref", type: "text", pattern: "^[A-Z]{3}-\\d+$" }], { ref: "abc" }),
  VALUE_LENGTH: values([{ name: "name", type: "text", maxLength: 40 }], {
    name: "Contoso Holdings International Limited Liability Partnership",
  }),
  VALUE_OPTION: values([{ name: "plan", type: "choice", options: ["basic", "pro"] }], { plan: "gold" }),
  VALUE_UNKNOWN: {
    kind: "build",
    libraries: [library(confidentiality)],
    assembly: assembly([
      { snippet: "confidentiality", values: { discloser: "Contoso", discloserr: "Contoso" } },
    ]),
  },
  SNIPPET_NOT_FOUND: {
    kind: "build",
    libraries: [library(confidentiality)],
    assembly: assembly([{ snippet: "confidentialty" }]),
  },
  VERSION_NOT_FOUND: {
    kind: "build",
    libraries: [library(confidentiality)],
    assembly: assembly([{ snippet: "confidentiality", version: 9 }]),
  },
  SNIPPET_DRAFT: {
    kind: "build",
    libraries: [library(snippet("intro", "Hello", { status: "draft" }))],
    assembly: assembly([{ snippet: "intro" }]),
  },
  SNIPPET_DEPRECATED: {
    kind: "build",
    libraries: [library(snippet("old-terms", "Old wording", { status: "deprecated" }))],
    assembly: assembly([{ snippet: "old-terms" }]),
  },
  SNIPPET_STALE: {
    kind: "build",
    libraries: [library(snippet("intro", "Hello", { reviewBy: "2020-01-01" }))],
    assembly: assembly([{ snippet: "intro" }]),
  },

  // Template tags
  TEMPLATE_SYNTAX: body("Dear {{name, welcome", [{ name: "name", type: "text" }]),
  TEMPLATE_UNCLOSED_BLOCK: body("{{#if mutual}}Each party shall …", [{ name: "mutual", type: "boolean" }]),
  TEMPLATE_MISMATCHED_BLOCK: body("{{#if a}}{{#each items}}…{{/if}}{{/each}}", [
    { name: "a", type: "boolean" },
    { name: "items", type: "list", fields: [{ name: "x", type: "text" }] },
  ]),
  TEMPLATE_MISPLACED_ELSE: body("Price {{else}} on request"),
  TEMPLATE_UNSUPPORTED: body("{{{raw_html}}}", [{ name: "raw_html", type: "text" }]),
  TEMPLATE_UNKNOWN_VARIABLE: body("Dear {{cleint}}", [{ name: "client", type: "text" }]),
  TEMPLATE_UNKNOWN_HELPER: body("{{#with client}}…{{/with}}", [{ name: "client", type: "text" }]),
  TEMPLATE_HELPER_ARGUMENTS: body('{{#if plan "gold"}}…{{/if}}', [
    { name: "plan", type: "choice", options: ["gold", "silver"] },
  ]),
  TEMPLATE_INCLUDE_NOT_FOUND: body("{{> standard-defintions}}"),
  TEMPLATE_INCLUDE_CYCLE: {
    kind: "library",
    input: library(snippet("a", "{{> b}}"), snippet("b", "{{> a}}")),
  },
  TEMPLATE_NOT_A_LIST: body("{{#each client}}…{{/each}}", [{ name: "client", type: "text" }]),
  TEMPLATE_TAG_NOT_ALONE: body("End of part one. {{pagebreak}}"),
  TEMPLATE_VARIABLE_CONFLICT: {
    kind: "library",
    input: library(
      snippet("a", "{{term}} {{> b}}", { variables: [{ name: "term", type: "number" }] }),
      snippet("b", "{{term}}", { variables: [{ name: "term", type: "text" }] }),
    ),
  },
  VALUE_MISSING_HERE: {
    kind: "build",
    libraries: [library(oneWay)],
    assembly: assembly([{ snippet: "confidentiality", values: { mutual: false, discloser: "Contoso Ltd" } }]),
  },
  VALUE_EMPTY_IN_SENTENCE: {
    kind: "build",
    libraries: [library(oneWay)],
    assembly: assembly([
      { snippet: "confidentiality", values: { mutual: false, recipient: "Fabrikam Inc", discloser: "" } },
    ]),
  },

  // Markdown
  MARKDOWN_LINK_SCHEME: body("See the [Terms](javascript:alert(1))."),
  MARKDOWN_LINK_INVALID: body("See the [Terms](https://example.com/100%)."),
  MARKDOWN_FOOTNOTE_PLACE: body("Claim.[^a]\n\n[^a]: See also [^a]."),
  MARKDOWN_NOTE_IN_FOOTNOTE: {
    kind: "build",
    libraries: [library(snippet("clause", 'Claim.[^a]\n\n[^a]: {{#note "check"}}Source{{/note}}.'))],
    assembly: assembly([{ snippet: "clause" }], { options: { draftingNotes: true } }),
  },
  MARKDOWN_HTML: body('<span style="color:red">Important</span>'),
  MARKDOWN_HTML_UNBALANCED: body("<u>underlined"),
  MARKDOWN_IMAGE_SOURCE: body("![Logo](https://example.com/logo.png)"),
  MARKDOWN_IMAGE_INVALID: body("![Logo](data:image/png;base64,AAAA)"),

  // Rendering and building
  CHARACTERS_REMOVED: body("Total\u0007 due"),
  SNIPPET_SHADOWED: {
    kind: "build",
    libraries: [library(confidentiality), library(confidentiality)],
    librarySources: ["team.json", "personal.json"],
    assembly: assembly([{ snippet: "confidentiality", values: { discloser: "Contoso" } }]),
  },
  SNIPPET_KIND_MISMATCH: {
    kind: "build",
    libraries: [library(snippet("contoso-letterhead", "Contoso Ltd", { kind: "header" }))],
    assembly: assembly([{ snippet: "contoso-letterhead" }]),
  },
  REF_TARGET_MISSING: {
    kind: "build",
    libraries: [
      library(
        snippet(
          "late-payment",
          '# Late payment\n\nInterest is due on fees under clause {{ref "payment-terms"}}.',
        ),
      ),
    ],
    assembly: assembly([{ snippet: "late-payment" }], { options: { headingNumbering: "legal" } }),
  },
  REF_TARGET_NOT_INCLUDED: {
    kind: "build",
    libraries: [
      library(
        snippet(
          "late-payment",
          '# Late payment\n\nInterest is due on fees under clause {{ref "payment-terms"}}.',
        ),
      ),
    ],
    assembly: assembly([{ snippet: "late-payment" }], {
      options: { headingNumbering: "legal", missingReferences: "warn" },
    }),
  },
  REF_NOT_NUMBERED: {
    kind: "build",
    libraries: [
      library(
        snippet(
          "late-payment",
          '# Late payment\n\nInterest is due on fees under clause {{ref "payment-terms"}}.',
        ),
        snippet("payment-terms", "# Payment terms\n\nInvoices are due in 30 days."),
      ),
    ],
    assembly: assembly([{ snippet: "payment-terms" }, { snippet: "late-payment" }]),
  },
  REF_ANCHOR_DUPLICATE: {
    kind: "build",
    libraries: [
      library(
        snippet(
          "payment",
          '# Fees {{anchor "fees"}}\n\nMonthly.\n\n# Charges {{anchor "fees"}}\n\nAs incurred.',
        ),
      ),
    ],
    assembly: assembly([{ snippet: "payment" }], { options: { headingNumbering: "legal" } }),
  },
  TERM_UNDEFINED: {
    kind: "build",
    libraries: [library(snippet("payment", "The Customer shall pay the **Fees** on time."))],
    assembly: assembly([{ snippet: "payment" }]),
  },
  TERM_DEFINED_ELSEWHERE: {
    kind: "build",
    libraries: [
      library(
        snippet("definitions", "“Fees” means the fees in Schedule 1."),
        snippet("payment", "The Customer shall pay the Fees on time."),
      ),
    ],
    assembly: assembly([{ snippet: "payment" }]),
  },
  TERM_UNUSED: {
    kind: "build",
    libraries: [library(snippet("definitions", "“Deliverables” means the reports."))],
    assembly: assembly([{ snippet: "definitions" }]),
  },
  TERM_DEFINED_TWICE: {
    kind: "build",
    libraries: [
      library(
        snippet("one", "“Fees” means the fees in Schedule 1."),
        snippet("two", "“Fees” means the charges in the Order. The Fees are due monthly."),
      ),
    ],
    assembly: assembly([{ snippet: "one" }, { snippet: "two" }]),
  },
  TERM_USED_BEFORE_DEFINITION: {
    kind: "build",
    libraries: [
      library(
        snippet("payment", "The Customer shall pay the Fees on time."),
        snippet("definitions", "“Fees” means the fees in Schedule 1."),
      ),
    ],
    assembly: assembly([{ snippet: "payment" }, { snippet: "definitions" }], {
      options: { definitionsFirst: true },
    }),
  },
};

/** Codes that no input can produce: reported only when the engine itself fails. */
export const NO_SAMPLE: Record<string, string> = {
  INTERNAL: "Not caused by input: the engine reports it only when it fails unexpectedly.",
  LIMIT_FILE_SIZE: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_FILE_DEPTH: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_SNIPPETS: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_LIBRARY_SIZE: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_SECTIONS: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_TEMPLATE_NESTING:
    "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_INCLUDE_DEPTH: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_TEMPLATE_WORK: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_EXPANDED_SIZE: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_MARKDOWN_NESTING:
    "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_MARKDOWN_EMPHASIS:
    "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_IMAGE_SIZE: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_LIST_ITEMS: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_TABLE_COLUMNS: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_DOCUMENT_SIZE: "Needs a deliberately oversized input; tests/engine/limits builds one for each limit.",
  LIMIT_DOCX_FILE:
    "Needs a .docx built on purpose; tests/engine/limits/docx.test.ts builds one for each limit.",
  LIMIT_DOCX_ENTRIES:
    "Needs a .docx built on purpose; tests/engine/limits/docx.test.ts builds one for each limit.",
  LIMIT_DOCX_PART:
    "Needs a .docx built on purpose; tests/engine/limits/docx.test.ts builds one for each limit.",
  LIMIT_DOCX_ELEMENTS:
    "Needs a .docx built on purpose; tests/engine/limits/docx.test.ts builds one for each limit.",
  LIMIT_DOCX_NESTING:
    "Needs a .docx built on purpose; tests/engine/limits/docx.test.ts builds one for each limit.",
  LIMIT_DOCX_PARAGRAPHS:
    "Needs a .docx built on purpose; tests/engine/limits/docx.test.ts builds one for each limit.",
  DOCX_NOT_DOCX:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/limits/docx.test.ts makes it.",
  DOCX_ZIP_DAMAGED:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/limits/docx.test.ts makes it.",
  DOCX_ZIP_UNSUPPORTED:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/limits/docx.test.ts makes it.",
  DOCX_PART_MISSING:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/limits/docx.test.ts makes it.",
  DOCX_XML_INVALID:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/limits/docx.test.ts makes it.",
  DOCX_XML_DOCTYPE:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/limits/docx.test.ts makes it.",
  DOCX_EMPTY:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/limits/docx.test.ts makes it.",
  DOCX_NOT_KEPT:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/import-docx makes it.",
  DOCX_CHANGED:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/import-docx makes it.",
  DOCX_DUPLICATE:
    "Reported by `sectionsmith import-docx` and the pane's import for a Word document; tests/engine/import-docx makes it.",
};
