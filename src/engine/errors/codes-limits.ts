import {
  formatBytes,
  formatCount,
  LIST_LEVELS,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_XML_BYTES,
  MAX_EMPHASIS_MARKERS,
  MAX_EXPANDED_SIZE,
  EXPANDED_SIZE_PAGES,
  MAX_SECTION_EXPANDED_SIZE,
  MAX_FILE_CHARS,
  MAX_IMAGE_BYTES,
  MAX_INCLUDE_DEPTH,
  MAX_JSON_DEPTH,
  MAX_LIBRARY_WEIGHT,
  MAX_LIST_ITEMS,
  MAX_MARKDOWN_NESTING,
  MAX_SECTIONS,
  MAX_SNIPPETS,
  MAX_TABLE_COLUMNS,
  MAX_TEMPLATE_NESTING,
  MAX_TEMPLATE_STEPS,
} from "../limits";
import type { CodeInfo } from "./codes";

// Input that is too large or too deeply nested to process safely (the numbers are in src/engine/limits.ts).
// Each is an error that names the limit and what to do, given instead of a hang, a crash or a file
// Word cannot open.
export const LIMIT_CODES = {
  LIMIT_FILE_SIZE: {
    severity: "error",
    title: `A library or assembly file is larger than Sectionsmith reads (${formatCount(MAX_FILE_CHARS)} characters)`,
    fix: "Split the library into several (a build accepts more than one library), or move large embedded images out of it.",
    example: "a 25 MB library.json",
  },
  LIMIT_FILE_DEPTH: {
    severity: "error",
    title: `A file has lists and objects nested more than ${MAX_JSON_DEPTH} levels deep`,
    fix: "Check that the file is a Sectionsmith library or assembly; these need fewer than 10 levels.",
    example: '{ "format": "sectionsmith/library@1", "x": [[[[[[ … 100 levels … ]]]]]] }',
  },
  LIMIT_SNIPPETS: {
    severity: "error",
    title: `A library holds more than ${formatCount(MAX_SNIPPETS)} snippets`,
    fix: "Split it into several libraries by topic; a build can use more than one.",
    example: '"snippets": [ … 12,000 snippets … ]',
  },
  LIMIT_LIBRARY_SIZE: {
    severity: "error",
    title: `The snippet bodies of a library (of all libraries of one build) weigh more than ${formatCount(MAX_LIBRARY_WEIGHT)}`,
    fix: "Split the library by topic and give each build only the libraries it needs; move very long texts out of the library.",
    example: "10,000 snippets of 150 short paragraphs each, every one within its own limits",
  },
  LIMIT_SECTIONS: {
    severity: "error",
    title: `An assembly has more than ${formatCount(MAX_SECTIONS)} sections`,
    fix: "Split the document into several assemblies, or combine short sections into larger snippets.",
    example: '"sections": [ … 2,500 sections … ]',
  },
  LIMIT_TEMPLATE_NESTING: {
    severity: "error",
    title: `Template blocks (or (…) in a tag) are nested more than ${MAX_TEMPLATE_NESTING} deep`,
    fix: "Move the inner part into a snippet of its own and include it with {{> id}}, or combine conditions with (and …) instead of nesting {{#if}}s.",
    example: '"body": "{{#if a}}{{#if b}} … 21 levels … {{/if}}{{/if}}"',
  },
  LIMIT_INCLUDE_DEPTH: {
    severity: "error",
    title: `Includes ({{> id}}) are nested more than ${MAX_INCLUDE_DEPTH} deep`,
    fix: "Flatten the chain: include the inner snippets directly from an outer one instead of through a long chain.",
    example: "a includes b, b includes c, … k includes l",
  },
  LIMIT_TEMPLATE_WORK: {
    severity: "error",
    title: `The templates take more than ${formatCount(MAX_TEMPLATE_STEPS)} steps to expand for one document`,
    fix: "Look for loops inside loops ({{#each}} over a long list inside another {{#each}}) and for snippets included many times; shorten the lists or restructure the template.",
    example: '"body": "{{#each items}}{{#each items}}{{#each items}}…{{/each}}{{/each}}{{/each}}" with 1,000 items',
  },
  LIMIT_EXPANDED_SIZE: {
    severity: "error",
    title: `The document's expanded text is larger than Sectionsmith builds at once (${formatCount(MAX_EXPANDED_SIZE)}, ${EXPANDED_SIZE_PAGES}; ${formatCount(MAX_SECTION_EXPANDED_SIZE)} in one section)`,
    fix: "Split the document into several assemblies, or a huge section into several snippets; look for a snippet included many times or a long list repeated in several places.",
    example: "a snippet that includes another twice, which includes another twice, … 25 levels deep",
  },
  LIMIT_MARKDOWN_NESTING: {
    severity: "error",
    title: `Lists or block quotes are nested more than ${MAX_MARKDOWN_NESTING} levels deep`,
    fix: `Flatten the structure: Word shows ${LIST_LEVELS} list levels (deeper lists are drawn at level ${LIST_LEVELS}), so nesting beyond that adds nothing.`,
    example: '"body": "> > > > … 40 levels … text"',
  },
  LIMIT_MARKDOWN_EMPHASIS: {
    severity: "error",
    title: `A paragraph has more than ${formatCount(MAX_EMPHASIS_MARKERS)} emphasis markers (*, _ or ~)`,
    fix: "Split the paragraph with blank lines, or escape literal asterisks and underscores as \\* and \\_.",
    example: '"body": "*a*b*c*d … 3,000 asterisks"',
  },
  LIMIT_IMAGE_SIZE: {
    severity: "error",
    title: `An embedded image is larger than ${formatBytes(MAX_IMAGE_BYTES)}`,
    fix: "Make the picture smaller (fewer pixels, or JPEG instead of PNG for photos) and embed it again.",
    example: "![Photo](data:image/png;base64,… 8 MB of data …)",
  },
  LIMIT_LIST_ITEMS: {
    severity: "error",
    title: `A list value has more than ${formatCount(MAX_LIST_ITEMS)} items`,
    fix: "Shorten the list, or split it over several sections with a list each.",
    example: '"values": { "items": [ … 1,500 items … ] }',
  },
  LIMIT_TABLE_COLUMNS: {
    severity: "error",
    title: `A table has more than ${MAX_TABLE_COLUMNS} columns, which Word cannot show`,
    fix: "Split the table into several narrower tables, or turn columns into rows.",
    example: "| a | b | … 70 columns … |",
  },
  LIMIT_DOCUMENT_SIZE: {
    severity: "error",
    title: `The document would be larger than ${formatCount(MAX_DOCUMENT_BYTES / 1_000_000)} MB before compression, or its text and structure more than ${formatCount(MAX_DOCUMENT_XML_BYTES / 1_000_000)} MB of XML`,
    fix: "Split the document into several assemblies, or use smaller images (an image used many times is stored once per use).",
    example: "a 2 MB picture referenced 60 times",
  },
} as const satisfies Record<string, CodeInfo>;
