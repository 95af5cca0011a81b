import type { CodeInfo } from "./codes";

// Problems found while turning resolved content into Word (after validation and templating).
export const RENDER_CODES = {
  CHARACTERS_REMOVED: {
    severity: "warning",
    title: "Characters that a Word file cannot hold were removed",
    fix: "Nothing is required; to keep the text as intended, replace control characters, U+FFFE/U+FFFF or lone surrogates in the source.",
    example: '"body": "Total\\u0007 due"',
  },
  SNIPPET_SHADOWED: {
    severity: "warning",
    title: "Two libraries hold the same snippet id and version; the later one is used",
    fix: "Give one of them a new version number, or remove it from one library, so it is clear which wording is used.",
    example: "--library team.json --library personal.json, both with confidentiality@3",
  },
  SNIPPET_KIND_MISMATCH: {
    severity: "warning",
    title: "A header or footer snippet is used as a body section, or a body snippet as a header or footer",
    fix: "Check the snippet's kind: header and footer snippets belong in the assembly's header/footer, body snippets in sections.",
    example:
      '"sections": [{ "snippet": "contoso-letterhead" }] where contoso-letterhead has "kind": "header"',
  },
  REF_TARGET_MISSING: {
    severity: "error",
    title: "A cross-reference points at a heading that is not in the assembly",
    fix: 'Add the section it refers to, anchor a heading with {{anchor "name"}}, or build with "missingReferences": "warn" to show "[clause not included]" instead.',
    example: '{{ref "payment-terms"}} in an assembly without the payment-terms section',
  },
  REF_TARGET_NOT_INCLUDED: {
    severity: "warning",
    title: 'A cross-reference points at a heading that is not in the assembly; it shows "[clause not included]"',
    fix: "Add the section it refers to, or reword the sentence.",
    example: '{{ref "payment-terms"}} with "missingReferences": "warn"',
  },
  REF_NOT_NUMBERED: {
    severity: "error",
    title: "A cross-reference shows a clause number, but the headings are not numbered",
    fix: 'Set "headingNumbering": "legal" in the assembly\'s options, or show the heading\'s text: {{ref "id" "text"}}.',
    example: '{{ref "payment-terms"}} with "headingNumbering": "none"',
  },
  REF_ANCHOR_DUPLICATE: {
    severity: "error",
    title: "Two headings carry the same {{anchor}} name",
    fix: "Give each heading its own anchor name.",
    example: '## Fees {{anchor "fees"}} … ## Charges {{anchor "fees"}}',
  },
  INTERNAL: {
    severity: "error",
    title: "Sectionsmith failed unexpectedly",
    fix: "Report the input that caused it; the message names the step that failed.",
    example: "(none)",
  },
} as const satisfies Record<string, CodeInfo>;
