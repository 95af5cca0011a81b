// Inputs AT each limit of src/engine/limits.ts (the limit tests build them just past it): what
// limits.ts promises to build "in seconds, under ~1.5 GB". The limits bench (bench/limits, `npm run
// bench:limits`) builds each in a fresh process and reports its time and peak memory; at-limit.test.ts
// checks that each is within its limit and close to it. No Jest import here, so the bench can bundle it.

import {
  expandedCost,
  MAX_EXPANDED_SIZE,
  MAX_SECTION_EXPANDED_SIZE,
  MAX_FILE_CHARS,
  MAX_IMAGE_BYTES,
  MAX_INCLUDE_DEPTH,
  MAX_LIBRARY_WEIGHT,
  MAX_LIST_ITEMS,
  MAX_SECTIONS,
  MAX_SNIPPETS,
  MAX_TABLE_COLUMNS,
  MAX_TEMPLATE_NESTING,
} from "../../../src/engine/limits";
import { dataUri, png } from "./png";

export type AtLimitInput = { libraries: unknown[]; assembly: unknown };
export type AtLimit = { name: string; limit: string; make: () => AtLimitInput };

type Snip = Record<string, unknown> & { id: string; body: string };
const library = (...snippets: Snip[]) => ({
  format: "sectionsmith/library@1",
  name: "At the limit",
  snippets: snippets.map((s) => ({ title: s.id, status: "approved", ...s })),
});
const assembly = (sections: Array<Record<string, unknown>>) => ({ format: "sectionsmith/assembly@1", sections });
const one = (body: string, more: Record<string, unknown> = {}, values?: Record<string, unknown>): AtLimitInput => ({
  libraries: [library({ id: "s1", body, ...more })],
  assembly: assembly([{ snippet: "s1", ...(values ? { values } : {}) }]),
});

/** `head` followed by as many `unit`s as fit within `budget` of expandedCost. */
export function fill(unit: string, budget = MAX_SECTION_EXPANDED_SIZE, head = ""): string {
  const base = expandedCost(head);
  // Steady-state cost of one more unit (the first may cost less: no line break before it).
  const each = expandedCost(head + unit + unit + unit) - expandedCost(head + unit + unit);
  let n = Math.max(0, Math.floor((budget - base) / each));
  while (n > 0 && expandedCost(head + unit.repeat(n)) > budget) n--;
  return head + unit.repeat(n);
}

const PARAGRAPH = `${"word ".repeat(60).trimEnd()}\n\n`;
const tableRow = `|${"a|".repeat(MAX_TABLE_COLUMNS)}\n`;
const tableHead = `${tableRow}|${"-|".repeat(MAX_TABLE_COLUMNS)}\n`;

function nestedBlocks(depth: number): string {
  let body = "x";
  for (let i = 0; i < depth; i++) body = `{{#if flag}}${body}{{/if}}`;
  return body;
}

/**
 * The kinds of text the expanded-size weights were measured on: [name, repeated unit, head, sections of
 * the document entry]. Tables and code spans reach the document's XML limit (MAX_DOCUMENT_XML_BYTES)
 * before its weighted one: their document entries have as many whole sections as fit within it.
 */
const SIZE_UNITS: ReadonlyArray<readonly [string, string, string, number?]> = [
  ["prose", PARAGRAPH, ""],
  [`table of ${MAX_TABLE_COLUMNS} columns`, tableRow, tableHead, 2],
  ['escapes "\\!"', "\\!", ""],
  ['code spans "` a "', "` a ", "", 2],
  ["links", "[a](https://a.b) ", ""],
  ["list items", "- a\n", ""],
  ["emphasis", "*a* b\n\n", ""],
  // Issue 24, measured with micromark: the shapes the weights were raised for.
  ["unmatched emphasis", `${"a*".repeat(1_999)}\n\n`, ""],
  ['character references "&amp;"', "&amp;", ""],
  ['autolinks "<https://a.b> "', "<https://a.b> ", ""],
  ["lines of 30 nested list items", `${"- ".repeat(30)}a\n`, ""],
];

export const AT_LIMIT: readonly AtLimit[] = [
  // One section at the section limit (MAX_SECTION_EXPANDED_SIZE): the Markdown parser's worst case.
  ...SIZE_UNITS.map(
    ([name, unit, head]): AtLimit => ({
      name: `one section, ${name}`,
      limit: "LIMIT_EXPANDED_SIZE (section)",
      make: () => one(fill(unit, MAX_SECTION_EXPANDED_SIZE, head)),
    }),
  ),
  // The document at the document limit (MAX_EXPANDED_SIZE), in sections at the section limit, each its
  // own snippet with its own text (so no parsed tree is reused): docx's objects for all of them at once.
  ...SIZE_UNITS.map(
    ([name, unit, head, sections]): AtLimit => ({
      name: `document, ${name}`,
      limit: sections ? "LIMIT_DOCUMENT_SIZE (XML)" : "LIMIT_EXPANDED_SIZE (document)",
      make: () => {
        const count = sections ?? Math.ceil(MAX_EXPANDED_SIZE / MAX_SECTION_EXPANDED_SIZE);
        const share = Math.min(MAX_SECTION_EXPANDED_SIZE, Math.floor(MAX_EXPANDED_SIZE / count));
        const ids = Array.from({ length: count }, (_, i) => `s${i}`);
        return {
          libraries: [library(...ids.map((id, i) => ({ id, body: fill(unit, share, `Part ${i}\n\n${head}`) })))],
          assembly: assembly(ids.map((snippet) => ({ snippet }))),
        };
      },
    }),
  ),
  {
    name: `${MAX_SECTIONS} sections`,
    limit: "LIMIT_SECTIONS, LIMIT_EXPANDED_SIZE",
    make: () => ({
      libraries: [library({ id: "s1", body: fill(PARAGRAPH, Math.floor(MAX_EXPANDED_SIZE / MAX_SECTIONS) - 64) })],
      assembly: assembly(Array.from({ length: MAX_SECTIONS }, () => ({ snippet: "s1" }))),
    }),
  },
  {
    name: `list value of ${MAX_LIST_ITEMS} items in a loop`,
    limit: "LIMIT_LIST_ITEMS",
    make: () =>
      one(
        "{{#each rows}}\n- {{name}}: {{amount}}\n{{/each}}",
        { variables: [{ name: "rows", type: "list", fields: [{ name: "name", type: "text" }, { name: "amount", type: "number" }] }] },
        { rows: Array.from({ length: MAX_LIST_ITEMS }, (_, i) => ({ name: `Item ${i}`, amount: i })) },
      ),
  },
  {
    name: "loops inside loops (template steps)",
    limit: "LIMIT_TEMPLATE_WORK",
    make: () => {
      // 1,000 × 990 iterations of an empty body: 991,000 of the 1,000,000 steps.
      const list = (n: number) => Array.from({ length: n }, () => ({ x: "" }));
      const fields = [{ name: "x", type: "text" }];
      return one(
        "{{#each a}}{{#each b}}{{/each}}{{/each}}",
        { variables: [{ name: "a", type: "list", fields }, { name: "b", type: "list", fields }] },
        { a: list(MAX_LIST_ITEMS), b: list(990) },
      );
    },
  },
  { name: `blocks nested ${MAX_TEMPLATE_NESTING} deep`, limit: "LIMIT_TEMPLATE_NESTING", make: () => one(nestedBlocks(MAX_TEMPLATE_NESTING), { variables: [{ name: "flag", type: "boolean", default: true }] }) },
  {
    name: `includes nested ${MAX_INCLUDE_DEPTH} deep`,
    limit: "LIMIT_INCLUDE_DEPTH",
    make: () => ({
      libraries: [library(...Array.from({ length: MAX_INCLUDE_DEPTH + 1 }, (_, i) => ({ id: `s${i}`, body: i < MAX_INCLUDE_DEPTH ? `Level ${i}\n\n{{> s${i + 1}}}` : "Bottom" })))],
      assembly: assembly([{ snippet: "s0" }]),
    }),
  },
  { name: "a 5 MB picture", limit: "LIMIT_IMAGE_SIZE", make: () => one(`![big](${dataUri(png(100, 50, MAX_IMAGE_BYTES))})`) },
  {
    name: `${MAX_SNIPPETS} snippets, ~${MAX_FILE_CHARS / 1e6} M characters of library`,
    limit: "LIMIT_SNIPPETS, LIMIT_FILE_SIZE",
    make: () => {
      // Given as JSON text, as the CLI reads it; each body ~1,900 characters of prose.
      const body = "word ".repeat(380);
      const lib = library(...Array.from({ length: MAX_SNIPPETS }, (_, i) => ({ id: `s${i}`, body })));
      return { libraries: [JSON.stringify(lib)], assembly: assembly([{ snippet: "s0" }]) };
    },
  },
  {
    name: "library at the library-wide budget",
    limit: "LIMIT_LIBRARY_SIZE",
    make: () => {
      const body = fill(PARAGRAPH, 40_000);
      const n = Math.floor(MAX_LIBRARY_WEIGHT / expandedCost(body));
      return {
        libraries: [library(...Array.from({ length: n }, (_, i) => ({ id: `s${i}`, body })))],
        assembly: assembly([{ snippet: "s0" }]),
      };
    },
  },
];
