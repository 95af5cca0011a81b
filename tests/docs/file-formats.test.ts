import { describe, expect, test } from "@jest/globals";
import { formatValue, parseAssembly, validateLibrary, type Variable } from "../../src/engine";
import { build, code, codeBlocks, marked, readDoc, tableRows } from "./helpers";
import { expectWithMessage } from "../support/expect-message";

// The examples and tables of docs/file-formats.md and docs/templates.md, checked against the engine:
// a reader copying them gets exactly what the page says.

const formats = readDoc("file-formats.md");
const templates = readDoc("templates.md");

function jsonFiles(markdown: string): Array<{ value: Record<string, unknown>; offset: number }> {
  const out: Array<{ value: Record<string, unknown>; offset: number }> = [];
  for (const block of codeBlocks(markdown)) {
    if (block.lang !== "json") continue;
    let value: unknown;
    try {
      value = JSON.parse(block.text);
    } catch {
      continue; // a fragment of a file ("body": …), not a whole file
    }
    if (typeof value === "object" && value !== null && "format" in value)
      out.push({ value: value as Record<string, unknown>, offset: block.offset });
  }
  return out;
}

describe("JSON files shown in the docs", () => {
  const files = [...jsonFiles(formats), ...jsonFiles(templates)];

  test("there are library and assembly examples to check", () => {
    expect(files.filter((f) => f.value.format === "sectionsmith/library@1").length).toBeGreaterThanOrEqual(2);
    expect(files.filter((f) => f.value.format === "sectionsmith/assembly@1").length).toBeGreaterThanOrEqual(
      2,
    );
  });

  test("every library example is valid, templates and Markdown included", () => {
    for (const { value, offset } of files.filter((f) => f.value.format === "sectionsmith/library@1")) {
      const result = validateLibrary(value);
      expectWithMessage(result.problems, `library at offset ${offset}`).toEqual([]);
    }
  });

  test("every assembly example is valid", () => {
    for (const { value, offset } of files.filter((f) => f.value.format === "sectionsmith/assembly@1")) {
      const result = parseAssembly(value);
      expectWithMessage(result.problems, `assembly at offset ${offset}`).toEqual([]);
      expect(result.ok).toBe(true);
    }
  });

  test("the complete example builds into the document the page describes", async () => {
    const section = formats.slice(
      formats.indexOf("## A complete example"),
      formats.indexOf("## Rules for both files"),
    );
    const [lib, asm] = jsonFiles(section).map((f) => f.value);
    const built = await build(lib, asm);
    expect(built.warnings).toEqual([]);
    expect(built.snippets).toEqual(["nda-intro@1", "nda-obligations@2"]);
    for (const sentence of [
      "Non-disclosure agreement",
      "This agreement is made on 4 January 2027 between Contoso Ltd and Fabrikam plc.",
      "Contoso Ltd will disclose Confidential Information to Fabrikam plc.",
      "Keep the Confidential Information secret for 3 years.",
      "Pay €5,000.00 for each day of a breach.",
      "The obligations do not cover information that:",
      "is already public",
      "the recipient knew before",
    ])
      expect(built.text).toContain(sentence);
    expect(built.text).not.toContain("Each party may disclose");
    expect(built.document).toContain('<w:pStyle w:val="Heading1"/>');
    expect(built.document).toContain('<w:pStyle w:val="Heading2"/>');
    const footer = (await built.part("word/footer1.xml")) ?? "";
    expect(footer).toContain("Contoso Ltd · Page ");
    expect(footer).toMatch(/PAGE/);
    expect(footer).toMatch(/NUMPAGES/);
  });
});

describe("template examples in templates.md", () => {
  // Every variable the examples use, so each ```handlebars block can be checked as a snippet body.
  const variables = [
    { name: "mutual", type: "boolean" },
    { name: "discloser", type: "text" },
    { name: "plan", type: "choice", options: ["gold", "silver", "bronze"] },
    { name: "term", type: "number" },
    { name: "jurisdiction", type: "text" },
    { name: "total", type: "currency", currency: "GBP" },
    { name: "includeWarranty", type: "boolean" },
    {
      name: "fees",
      type: "list",
      fields: [
        { name: "service", type: "text" },
        { name: "quantity", type: "number" },
        { name: "amount", type: "currency", currency: "GBP" },
      ],
    },
    { name: "exceptions", type: "list", fields: [{ name: "text", type: "text" }] },
  ];
  const examples = codeBlocks(templates).filter((b) => b.lang === "handlebars");
  const snippet = (body: string) => ({
    format: "sectionsmith/library@1",
    snippets: [{ id: "example", title: "Example", status: "approved", body, variables }],
  });

  test("every example is a valid snippet body", () => {
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const { text, offset } of examples)
      expectWithMessage(validateLibrary(snippet(text)).problems, `example at offset ${offset}`).toEqual([]);
  });

  test("the table-row and list-item loops build what they show", async () => {
    const table = examples.find((b) => b.text.includes("{{#each fees}}"))!;
    const list = examples.find((b) => b.text.includes("{{#each exceptions}}"))!;
    const fees = [
      { service: "Support", quantity: 12, amount: 4250 },
      { service: "Training", quantity: 2, amount: 650 },
    ];
    const assembly = (values: Record<string, unknown>) => ({
      format: "sectionsmith/assembly@1",
      locale: "en-GB",
      sections: [{ snippet: "example", values }],
    });
    const built = await build(snippet(table.text), assembly({ fees, total: 4900 }));
    expect(built.document.match(/<w:tr>/g)).toHaveLength(4);
    expect(built.text).toContain("Training\n2\n£650.00");
    const items = await build(snippet(list.text), assembly({ exceptions: [{ text: "a" }, { text: "b" }] }));
    expect(items.text).toContain("a;\nb.");
    const none = await build(snippet(list.text), assembly({ exceptions: [] }));
    expect(none.text).toContain("There are no exceptions.");
  });
});

describe("formatting tables", () => {
  test("the value formatting examples are what the engine writes", () => {
    const rows = tableRows(marked(formats, "formatting-examples"));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const locales = ["en-US", "en-GB", "de-DE"];
    for (const [variableCell, valueCell, ...cells] of rows) {
      const variable = { name: "v", required: false, ...JSON.parse(code(variableCell!)) } as Variable;
      const value = JSON.parse(code(valueCell!)) as string | number | boolean;
      locales.forEach((locale, i) => {
        // "`Line 1` ⏎ `Line 2`" stands for a value with a line break.
        const expected = cells[i]!.split(" ⏎ ").map(code).join("\n");
        expectWithMessage(formatValue(variable, value, locale), `${variableCell} ${valueCell} in ${locale}`).toBe(
          expected,
        );
      });
    }
  });

  test("the de-DE currency example uses a no-break space, as the page says", () => {
    const rows = tableRows(marked(formats, "formatting-examples"));
    const eur = rows.find((r) => r[0]!.includes('"EUR"'))!;
    expect(code(eur[4]!)).toBe("1.234,50\u00A0€");
  });

  test("the date pattern examples are what the engine writes", () => {
    const rows = tableRows(marked(formats, "date-pattern-examples"));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [patternCell, ...cells] of rows) {
      const variable: Variable = { name: "d", type: "date", required: false, format: code(patternCell!) };
      ["en-US", "en-GB", "de-DE"].forEach((locale, i) =>
        expectWithMessage(formatValue(variable, "2026-03-05", locale), `${patternCell} in ${locale}`).toBe(
          code(cells[i]!),
        ),
      );
    }
  });

  test("every date pattern letter in the table is accepted and formats as shown", () => {
    const start = formats.search(/^\| letters +\| meaning +\|/m);
    const rows = tableRows(formats.slice(start, formats.indexOf("\n\n", start)));
    expect(rows.map((r) => r[0])).toContain("`EEEE`");
    for (const [letters, , enGB, deDE] of rows) {
      for (const pattern of letters!.split(", ").map(code)) {
        const variable: Variable = { name: "d", type: "date", required: false, format: pattern };
        const lib = validateLibrary({
          format: "sectionsmith/library@1",
          snippets: [{ id: "x", title: "x", body: "", variables: [variable] }],
        });
        expectWithMessage(lib.problems, pattern).toEqual([]);
        expectWithMessage(formatValue(variable, "2026-03-05", "en-GB"), pattern).toBe(code(enGB!));
        expectWithMessage(formatValue(variable, "2026-03-05", "de-DE"), pattern).toBe(code(deDE!));
      }
    }
  });

  test("format and stand-alone month names differ where the page says they do", () => {
    const date = (format: string): Variable => ({ name: "d", type: "date", required: false, format });
    expect(formatValue(date("d MMMM"), "2026-03-05", "ru-RU")).toBe("5 марта");
    expect(formatValue(date("LLLL yyyy"), "2026-03-05", "ru-RU")).toBe("март 2026");
    expect(formatValue(date("L LL"), "2026-03-05", "en-GB")).toBe("3 03");
  });

  test("the patterns the page calls unsupported are rejected", () => {
    for (const format of ["DD/MM/YYYY", "ddd", "yyy", "MMMMM", "EEEEE", "d 'of MMMM"]) {
      const lib = validateLibrary({
        format: "sectionsmith/library@1",
        snippets: [{ id: "x", title: "x", body: "", variables: [{ name: "d", type: "date", format }] }],
      });
      expectWithMessage(
        lib.problems.map((p) => p.code),
        format,
      ).toEqual(["DATE_FORMAT_INVALID"]);
    }
  });
});
