import type { CodeInfo } from "./codes";

// The defined-terms check of an assembly (issue 32, src/engine/terms): warnings at the word, with the
// section, the paragraph and the character, before the document is inserted or downloaded.
export const TERM_CODES = {
  TERM_UNDEFINED: {
    severity: "warning",
    title: "A capitalised term is used as a defined term, but nothing in the assembly defines it",
    fix: 'Add the section that defines it, define it where it is first used (the "Term") or write it in lower case if it is an ordinary word.',
    example: '"body": "The Customer shall pay the Fees." with no definition of “Fees”',
  },
  TERM_DEFINED_ELSEWHERE: {
    severity: "warning",
    title: "A term is used but defined only in a snippet this assembly does not include",
    fix: "Add the snippet that defines it (the message names it) or define the term in a section of this assembly.",
    example: 'definitions@1 defines "Fees" but the assembly has only payment-terms, which uses it',
  },
  TERM_UNUSED: {
    severity: "warning",
    title: "A term is defined but never used",
    fix: "Remove the definition, or check the spelling where the term is meant to be used.",
    example: '"body": "“Deliverables” means …" and no other section says “Deliverables”',
  },
  TERM_DEFINED_TWICE: {
    severity: "warning",
    title: "A term is defined twice with different wording",
    fix: "Keep one definition, or make both read the same.",
    example: '"“Fees” means the fees in Schedule 1." and later "“Fees” means the charges in the Order."',
  },
  TERM_USED_BEFORE_DEFINITION: {
    severity: "warning",
    title: "A term is used before the clause that defines it (options.definitionsFirst)",
    fix: "Move the definitions section first, or define the term where it is first used.",
    example: '"options": { "definitionsFirst": true } with the definitions in the last section',
  },
} as const satisfies Record<string, CodeInfo>;
