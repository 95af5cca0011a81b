// Renders docs/errors.md from the engine's code catalogue (src/engine/errors/codes*.ts). Pure: it
// returns the text, and scripts/write-error-docs.ts writes it; tests/docs/errors-doc.test.ts renders it
// again in memory and compares, so the catalogue and the page cannot drift apart.

import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { PROBLEM_CODES, formatProblem, validateFile, type CodeInfo, type Problem } from "../../src/engine";
import { LIMIT_CODES } from "../../src/engine/errors/codes-limits";
import { IMPORT_CODES } from "../../src/engine/errors/codes-import";
import { MARKDOWN_CODES } from "../../src/engine/errors/codes-markdown";
import { MODEL_CODES } from "../../src/engine/errors/codes-model";
import { RENDER_CODES } from "../../src/engine/errors/codes-render";
import { TEMPLATE_CODES } from "../../src/engine/errors/codes-template";
import { TERM_CODES } from "../../src/engine/errors/codes-terms";
import { NO_SAMPLE, SAMPLES, type Sample } from "./samples";

type Domain = { title: string; intro: string; codes: Record<string, CodeInfo> };

export const DOMAINS: Domain[] = [
  {
    title: "Files, fields, values and snippets",
    intro:
      "The structure of a library or assembly file and the rules of the format ([file-formats.md](file-formats.md)), " +
      "the values given for variables, and finding the snippets an assembly names. The path is a JSON path in the file.",
    codes: MODEL_CODES,
  },
  {
    title: "Template tags",
    intro:
      "The `{{…}}` tags of a snippet body or of a header/footer `text` ([templates.md](templates.md#template-tags)). " +
      "The path is the body's JSON path, followed by the line and column of the tag inside the body.",
    codes: TEMPLATE_CODES,
  },
  {
    title: "Markdown",
    intro:
      "The Markdown of a body ([templates.md](templates.md#markdown)), checked after the template tags are filled in. " +
      "Line and column point into the snippet body where the construct was written, even inside an included snippet.",
    codes: MARKDOWN_CODES,
  },
  {
    title: "Building the document",
    intro: "Found while libraries are combined and the document is put together.",
    codes: RENDER_CODES,
  },
  {
    title: "Defined terms",
    intro:
      "The check of defined terms in the assembled text ([templates.md](templates.md#defined-terms)): warnings only, " +
      "each at the word, with the section, paragraph and character, so nothing stops a build.",
    codes: TERM_CODES,
  },
  {
    title: "Limits",
    intro:
      "Input too large or too deeply nested to process safely: each limit stops a build with an error that names " +
      "it and what to do, instead of a hang, a crash or a file Word cannot open (the numbers are in src/engine/limits.ts).",
    codes: LIMIT_CODES,
  },
  {
    title: "Importing a Word document",
    intro:
      "Reading a .docx as snippets (`sectionsmith import-docx`, and the pane's Import from a Word document: [cli.md](cli.md#import-docx), [task-pane.md](task-pane.md)). " +
      "Errors refuse the whole import, with the part, line and column for XML; warnings are at their place in the document (`paragraph 57`, `headers and footers`, `footnotes`).",
    codes: IMPORT_CODES,
  },
];

/** Codes of the catalogue in no domain table (a new domain file not listed above): shown last. */
function otherCodes(): Record<string, CodeInfo> {
  const grouped = new Set(DOMAINS.flatMap((d) => Object.keys(d.codes)));
  return Object.fromEntries(Object.entries(PROBLEM_CODES).filter(([code]) => !grouped.has(code)));
}

const librarySourceNames = (sample: Extract<Sample, { kind: "build" }>): string[] =>
  sample.librarySources ??
  sample.libraries.map((_, i) => (sample.libraries.length === 1 ? "library.json" : `library-${i + 1}.json`));

/** Every problem the engine reports for a sample, as `sectionsmith validate` would see it. */
export async function runSample(sample: Sample): Promise<Problem[]> {
  switch (sample.kind) {
    case "library":
      return (await validateFile(sample.input, { source: "library.json" })).problems;
    case "assembly":
      return (await validateFile(sample.input, { source: "assembly.json" })).problems;
    case "build":
      return (
        await validateFile(sample.assembly, {
          source: "assembly.json",
          libraries: sample.libraries,
          librarySources: librarySourceNames(sample),
        })
      ).problems;
  }
}

/** The problem a code's sample produces; throws when the sample is missing or no longer produces it. */
export async function sampleProblem(code: string): Promise<Problem> {
  const sample = SAMPLES[code];
  if (!sample) throw new Error(`No sample input for ${code} in scripts/error-docs/samples.ts`);
  const problems = await runSample(sample);
  const found = problems.find((p) => p.code === code);
  if (!found) {
    const got = problems.map((p) => p.code).join(", ") || "no problems";
    throw new Error(`The sample for ${code} (scripts/error-docs/samples.ts) produces ${got}, not ${code}`);
  }
  return found;
}

// Titles and fixes are plain sentences that quote syntax ("<u>", "**bold**", "_"): outside `code`
// spans every character Markdown could read as formatting or HTML is escaped.
const CODE_SPAN = /(`+)([\s\S]*?[^`])\1(?!`)/g;

function prose(text: string): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(CODE_SPAN)) {
    out += text.slice(last, m.index).replace(/[\\*_<>[\]]/g, "\\$&") + m[0];
    last = m.index + m[0].length;
  }
  return out + text.slice(last).replace(/[\\*_<>[\]]/g, "\\$&");
}

const cell = (text: string): string => prose(text).replace(/\|/g, "\\|");

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}text\n${text}\n${ticks}`;
}

const anchor = (code: string): string => code.toLowerCase();
const severityWord = (info: CodeInfo): string => (info.severity === "error" ? "Error" : "Warning");

async function entry(code: string, info: CodeInfo): Promise<string> {
  const lines = [`### ${code}`, "", `**${severityWord(info)}.** ${prose(info.title)}.`, ""];
  lines.push("Example:", "", fence(info.example), "");
  if (NO_SAMPLE[code] !== undefined) {
    lines.push(prose(NO_SAMPLE[code]), "");
  } else {
    const found = await sampleProblem(code);
    lines.push("Reported as:", "", fence(formatProblem(found)), "");
  }
  lines.push(`**Fix:** ${prose(info.fix)}`, "");
  return lines.join("\n");
}

const header = (examples: string) => `# Problem codes

<!-- Generated from src/engine/errors/codes*.ts by \`npm run docs:errors\`. Do not edit by hand:
     tests/docs/errors-doc.test.ts fails when this file differs from what the script writes. -->

Every problem Sectionsmith finds in a library, an assembly or a snippet body has a stable **code**, a
**severity**, a message and a location. The command line prints one problem per line:

${examples}

- **severity** — \`error\` or \`warning\`. An error stops a build: nothing is written (the CLI exits with
  code 1; the engine throws a \`SectionsmithError\` whose \`problems\` list holds every problem). A warning
  does not stop a build; \`--strict\` (CLI) or \`strict: true\` (engine) turns warnings into errors.
- **code** — stable: a code keeps its meaning from release to release, so scripts may test for it.
- **location** — the file, then the JSON path inside it (\`sections[2].values.term\`,
  \`snippets[4].variables[0].name\`). Inside a snippet body (or a header/footer \`text\`) the path is
  followed by the 1-based \`line:column\` of the tag or Markdown construct in that body.
- **message** — says what is wrong and what is expected, and suggests the closest name for a misspelt
  field, variable or snippet id.

Problems are reported all at once, stage by stage: a file with invalid JSON is reported alone; the tags
and Markdown of a library's bodies are checked once its fields have no errors; and in a build, a section
whose snippet cannot be found or whose values have errors is not expanded, so problems in its template
come to light once those are fixed. The engine's \`PROBLEM_CODES\` export holds this catalogue.
`;

/**
 * The text of docs/errors.md. `root` is the project folder: the page is formatted with the project's
 * Prettier settings, so that `npm run format` leaves the generated file exactly as the generator wrote it.
 */
export async function renderErrorCatalogue(root: string): Promise<string> {
  const domains = [...DOMAINS];
  const others = otherCodes();
  if (Object.keys(others).length > 0)
    domains.push({ title: "Other problems", intro: "Codes not yet sorted into a group.", codes: others });

  const index = ["## All codes", "", "| Code | Severity | Meaning |", "|---|---|---|"];
  for (const domain of domains) {
    for (const [code, info] of Object.entries(domain.codes)) {
      index.push(`| [${code}](#${anchor(code)}) | ${info.severity} | ${cell(info.title)} |`);
    }
  }

  const examples = await Promise.all(
    ["VALUE_RANGE", "SNIPPET_DRAFT", "TEMPLATE_UNKNOWN_VARIABLE"].map(sampleProblem),
  );
  const parts = [header(fence(examples.map(formatProblem).join("\n"))), index.join("\n") + "\n"];
  for (const domain of domains) {
    const entries = [];
    for (const [code, info] of Object.entries(domain.codes)) entries.push(await entry(code, info));
    parts.push(`## ${domain.title}\n\n${domain.intro}\n\n${entries.join("\n")}`);
  }
  const path = join(root, "docs", "errors.md");
  const options = (await resolveConfig(path)) ?? {};
  return format(parts.join("\n"), { ...options, filepath: path, parser: "markdown" });
}
