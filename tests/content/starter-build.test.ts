// Every starter snippet must build: one section per snippet (headers and footers in their slots), values made
// up from each variable's definition, once with booleans on and lists filled and once with booleans off and
// optional lists empty, so both sides of every conditional are expanded and rendered.
import { expectValidDocx } from "../support/ooxml-check";
import { describe, expect, it } from "@jest/globals";
import {
  exportDocument,
  validateLibrary,
  type Library,
  type ScalarValue,
  type Value,
  type Variable,
} from "../../src/engine";
import { docxParts, starterLibrary, textOf } from "./content-files";

// Fields of a list are never lists themselves (the contract forbids nesting), hence the ScalarValue cast.
// Sample values for text variables with a pattern, keyed by the pattern.
const PATTERNED: Record<string, string> = {
  "P-[0-9]{4}-[0-9]{4}": "P-2027-0142",
  "https://\\S+": "https://www.example.com/meet/abc",
  "[^@\\s]+@[^@\\s]+\\.[^@\\s]+": "jordan.lee@example.com",
  "R[0-9]{1,3}": "R12",
  "[0-9]+\\.[0-9]+": "1.2",
};

function sample(v: Variable, on: boolean): Value {
  if (v.type === "boolean") return on;
  if (v.type === "list")
    return !on && !v.required
      ? []
      : [1, 2].map(() => Object.fromEntries(v.fields!.map((f) => [f.name, sample(f, on) as ScalarValue])));
  if (v.type === "choice") return on ? v.options![0]! : v.options!.at(-1)!;
  if (v.default !== undefined) return v.default;
  switch (v.type) {
    case "text": {
      if (v.pattern === undefined) return `${v.label ?? v.name} sample`;
      const value = PATTERNED[v.pattern];
      if (value === undefined) throw new Error(`add a sample for the pattern ${v.pattern}`);
      return value;
    }
    case "multiline":
      return `${v.label ?? v.name}, first line\nsecond line`;
    case "number":
      return Math.min(Math.max(v.min ?? 0, 2.5), v.max ?? Infinity);
    case "currency":
      return Math.max(v.min ?? 0, 1234.5);
    case "date":
      return "2027-03-15";
  }
}

function assemblyFor(library: Library, on: boolean) {
  const values: Record<string, Value> = {};
  for (const s of library.snippets) for (const v of s.variables) values[v.name] ??= sample(v, on);
  // The definitions list holds what a user defines there: the two roles the contract clauses name
  // (payment, indemnity, intellectual property). A made-up term nothing uses would be a true
  // TERM_UNUSED, and leaving the roles out a true TERM_UNDEFINED.
  values.definitions = [
    { term: "Customer", meaning: "the party receiving the services" },
    { term: "Supplier", meaning: "the party providing the services" },
  ];
  const headers = library.snippets.filter((s) => s.kind === "header");
  const footers = library.snippets.filter((s) => s.kind === "footer");
  expect(headers.length).toBeGreaterThan(0);
  expect(footers.length).toBeGreaterThan(0);
  return {
    format: "sectionsmith/assembly@1",
    locale: "en-US",
    header: { snippet: headers[0]!.id },
    footer: { snippet: footers[0]!.id },
    options: { draftingNotes: true },
    values,
    sections: library.snippets
      .filter((s) => s.kind === "body")
      .map((s) => ({ snippet: s.id, version: s.version })),
  };
}

describe("every starter snippet builds", () => {
  const input = starterLibrary();
  const parsed = validateLibrary(input);
  if (!parsed.ok) throw new Error("the starter library does not load");
  const library = parsed.value;

  it.each([true, false])("with booleans %s", async (on) => {
    const result = await exportDocument(input, assemblyFor(library, on), {
      as: "buffer",
      today: new Date("2026-11-22T12:00:00Z"),
    });
    await expectValidDocx(new Uint8Array(result.output));
    for (const s of library.snippets) expect(result.snippets).toContain(`${s.id}@${s.version}`);
    // Only lifecycle warnings: no value, template, Markdown or defined-terms warning from any snippet.
    expect(new Set(result.warnings.map((w) => w.code))).toEqual(
      new Set(["SNIPPET_DRAFT", "SNIPPET_DEPRECATED", "SNIPPET_STALE"]),
    );
    const parts = await docxParts(result.output as Uint8Array);
    const text = textOf(parts, "word/document.xml").join("\n");
    expect(text).not.toMatch(/\{\{|\}\}|\*\*|~~|<\/?(u|sup|sub|mark)>/);
    if (on) {
      expect(text).toContain("The Customer shall likewise defend the Supplier");
      expect(text).toContain("A prepaid return envelope is enclosed");
    } else {
      expect(text).toContain("Fully remote working is not offered");
      expect(text).toContain("Each Party is an independent controller");
    }
    expect(textOf(parts, "word/footer").join("")).toMatch(/Page .* of /);
    // The cover and title-page snippets are title blocks: their titles are in Word's Title style.
    const doc = parts.get("word/document.xml")!;
    const styleOf = (text: string) =>
      /<w:pStyle w:val="([^"]+)"\/>/.exec(doc.split("</w:p>").find((p) => p.includes(`>${text}<`))!)?.[1];
    expect(styleOf("Proposal title sample")).toBe("Title");
    expect(styleOf("Report title sample")).toBe("Title");
    expect(styleOf("Subtitle sample")).toBe("Subtitle");
  });
});

// Issue 27: the document's locale decides how dates read, as it does for amounts. A date pattern fixes the
// order of day and month (docs/file-formats.md), so the starter library leaves it out where a date is a
// date and lets the locale write it: "15 March 2027" in en-GB, "March 15, 2027" in en-US, "15. März 2027"
// in de-DE. (ISO dates, yyyy-MM-dd in a document-control table, and month-and-year read alike.)
describe("the starter library's dates follow the document's locale", () => {
  const input = starterLibrary();
  const parsed = validateLibrary(input);
  if (!parsed.ok) throw new Error("the starter library does not load");
  const library = parsed.value;

  const textIn = async (locale: string) => {
    const assembly = { ...assemblyFor(library, true), locale };
    const result = await exportDocument(input, assembly, {
      as: "buffer",
      today: new Date("2026-11-22T12:00:00Z"),
    });
    return textOf(await docxParts(result.output as Uint8Array), "word/document.xml").join("\n");
  };

  it.each([
    ["en-GB", /\b15 March 2027\b/, /\bMar(ch)? 15\b/],
    ["en-US", /\bMarch 15, 2027\b/, /\b15 Mar(ch)?\b/],
    ["de-DE", /\b15\. März 2027\b/, /\bMärz 15\b/],
  ])("%s", async (locale, expected, wrongOrder) => {
    const text = await textIn(locale);
    expect(text).toMatch(expected);
    expect(text.match(wrongOrder) ?? []).toEqual([]);
  });
});
