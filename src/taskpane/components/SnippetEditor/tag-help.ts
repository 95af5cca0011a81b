/** The template tags, for the help list beside the body editor (from the library contract). */
export const TAG_HELP: ReadonlyArray<readonly [string, string]> = [
  ["{{name}}", "the variable's formatted value"],
  ["{{#if name}}…{{else}}…{{/if}}", "conditional"],
  ['{{#if (eq name "value")}}', "comparisons: eq, ne, gt, lt, and, or, not"],
  ["{{#unless name}}…{{/unless}}", "inverse conditional"],
  ["{{#each list}}{{field}}{{/each}}", "repeat for each item; {{@index}} counts from 0"],
  ["{{> snippet-id}}", "include another snippet"],
  ['{{#note "text"}}…{{/note}}', "drafting note (a Word comment)"],
  ["{{pagebreak}}", "alone on a line: a page break"],
  ["{{toc}}", "alone on a line: a table of contents"],
  ["{{page}} {{pages}}", "page number, total pages"],
  ["{{today}}", "the date of generation"],
  ["\\{{", "a literal {{"],
];
