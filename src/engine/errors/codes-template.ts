import type { CodeInfo } from "./codes";

// Problems in the template tags of a snippet body (or a header/footer `text`). Every one of them is
// reported with the body's JSON path and the 1-based line and column of the tag inside the body.
export const TEMPLATE_CODES = {
  TEMPLATE_SYNTAX: {
    severity: "error",
    title: "A template tag cannot be read",
    fix: "Check the tag for a missing `}}`, a stray `{{` or an unfinished string. Write `\\{{` for literal braces.",
    example: '"body": "Dear {{name, welcome"',
  },
  TEMPLATE_UNCLOSED_BLOCK: {
    severity: "error",
    title: "A block tag is never closed",
    fix: "Add the closing tag: every `{{#if}}`, `{{#unless}}`, `{{#each}}` and `{{#note}}` needs its `{{/if}}`, `{{/unless}}`, `{{/each}}` or `{{/note}}`.",
    example: '"body": "{{#if mutual}}Each party shall …"',
  },
  TEMPLATE_MISMATCHED_BLOCK: {
    severity: "error",
    title: "A closing tag does not match the block it closes",
    fix: "Close blocks in the reverse order they were opened, and remove closing tags that have no opening tag.",
    example: '"body": "{{#if a}}{{#each items}}…{{/if}}{{/each}}"',
  },
  TEMPLATE_MISPLACED_ELSE: {
    severity: "error",
    title: "`{{else}}` is outside a block or not allowed in it",
    fix: "Use `{{else}}` once, inside `{{#if}}`, `{{#unless}}` or `{{#each}}` (where it is the text for an empty list); `{{#note}}` takes no `{{else}}`.",
    example: '"body": "Price {{else}} on request"',
  },
  TEMPLATE_UNSUPPORTED: {
    severity: "error",
    title: "A Handlebars feature Sectionsmith does not support",
    fix: "Use only the tags listed in the library format: `{{name}}`, `#if`, `#unless`, `#each`, `#note`, `{{> id}}`, `{{pagebreak}}`, `{{toc}}`, `{{page}}`, `{{pages}}`, `{{today}}`. Values are always inserted as literal text, so `{{{triple}}}` is not needed.",
    example: '"body": "{{{raw_html}}}"',
  },
  TEMPLATE_UNKNOWN_VARIABLE: {
    severity: "error",
    title: "A tag names a variable the snippet does not declare",
    fix: "Declare the variable in the snippet's `variables` (or in a snippet it includes), or correct the spelling. `@index` and `@number` exist only inside `{{#each}}`.",
    example: '"variables": [{ "name": "client", "type": "text" }], "body": "Dear {{cleint}}"',
  },
  TEMPLATE_UNKNOWN_HELPER: {
    severity: "error",
    title: "A tag uses a helper that does not exist",
    fix: "Blocks are `#if`, `#unless`, `#each` and `#note`; comparisons inside `(…)` are `eq`, `ne`, `gt`, `lt`, `and`, `or`, `not`.",
    example: '"body": "{{#with client}}…{{/with}}"',
  },
  TEMPLATE_HELPER_ARGUMENTS: {
    severity: "error",
    title: "A block or helper has the wrong number or kind of arguments",
    fix: '`#if`, `#unless` and `#each` take one argument; `eq`, `ne`, `gt`, `lt` two; `not` one; `and`, `or` two or more; `#note` one quoted text: `{{#note "Check the term"}}`. Comparisons go in parentheses: `{{#if (eq plan "gold")}}`.',
    example: '"body": "{{#if plan \\"gold\\"}}…{{/if}}"',
  },
  TEMPLATE_INCLUDE_NOT_FOUND: {
    severity: "error",
    title: "`{{> id}}` names a snippet that is not in the library",
    fix: "Correct the id or add the snippet to the library.",
    example: '"body": "{{> standard-defintions}}"',
  },
  TEMPLATE_INCLUDE_CYCLE: {
    severity: "error",
    title: "Snippets include each other in a circle",
    fix: "Remove one of the `{{> id}}` tags named in the chain so that no snippet ends up including itself.",
    example: '"a": "{{> b}}", "b": "{{> a}}"',
  },
  TEMPLATE_NOT_A_LIST: {
    severity: "error",
    title: "`{{#each}}` is used on a variable that is not a list",
    fix: 'Give the variable `"type": "list"` with `fields`, or use `{{#if}}` for a single value.',
    example: '"variables": [{ "name": "client", "type": "text" }], "body": "{{#each client}}…{{/each}}"',
  },
  TEMPLATE_TAG_NOT_ALONE: {
    severity: "error",
    title: "`{{pagebreak}}` or `{{toc}}` shares its line with other text",
    fix: "Put the tag on a line of its own, with nothing but spaces around it.",
    example: '"body": "End of part one. {{pagebreak}}"',
  },
  TEMPLATE_VARIABLE_CONFLICT: {
    severity: "error",
    title: "An included snippet declares a variable with the same name but a different type",
    fix: "Rename one of the two variables, or give both the same type; the form shows one field per name.",
    example:
      '"a": variables [{ "name": "term", "type": "number" }], body "{{> b}}"; "b": variables [{ "name": "term", "type": "text" }]',
  },
  VALUE_MISSING_HERE: {
    severity: "warning",
    title: "The text uses a variable that has no value (in the branch the values take)",
    fix: "Give the variable a value in the section's (or the assembly's) values, or change the value that chooses this wording (e.g. make it mutual). The library need not mark it required: the text that uses it is the one the values select. With --strict (strict: true) it is an error.",
    example:
      '"body": "{{#if mutual}}Each party{{else}}{{recipient}}{{/if}} shall keep …", values { "mutual": false }  (no recipient)',
  },
  VALUE_EMPTY_IN_SENTENCE: {
    severity: "warning",
    title: "An empty value leaves a gap in a sentence",
    fix: "Give the value some text, or leave the sentence out (a condition around it). An empty value alone on its line or in a table cell of its own is not reported.",
    example: '"body": "… Confidential Information of {{discloser}}, use it …", values { "discloser": "" }',
  },
} as const satisfies Record<string, CodeInfo>;
