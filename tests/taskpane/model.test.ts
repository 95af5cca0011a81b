import { describe, expect, it } from "@jest/globals";
import type { Variable } from "../../src/engine/model/types";
import { buildAssembly, fileNameFor, normaliseColor } from "../../src/taskpane/model/assembly";
import {
  DEFAULT_SETTINGS,
  documentReducer,
  EMPTY_DOCUMENT,
  restoreDocument,
} from "../../src/taskpane/model/document";
import { base64Size } from "../../src/taskpane/model/download";
import { initialValues, previewValues, validateAll, validateValue } from "../../src/taskpane/model/values";

const v = (over: Partial<Variable> & Pick<Variable, "name" | "type">): Variable => ({
  required: false,
  ...over,
});

describe("values", () => {
  it("fills defaults, false for booleans, [] for lists, then the given values", () => {
    const vars = [
      v({ name: "a", type: "text", default: "x" }),
      v({ name: "b", type: "boolean" }),
      v({ name: "c", type: "list", fields: [] }),
    ];
    expect(initialValues(vars)).toEqual({ a: "x", b: false, c: [] });
    expect(initialValues(vars, { a: "y" })).toEqual({ a: "y", b: false, c: [] });
  });

  it("validates per type", () => {
    expect(validateValue(v({ name: "n", type: "number", min: 1, max: 10 }), 11)).toBe("Must be at most 10.");
    expect(validateValue(v({ name: "n", type: "number", min: 1 }), 0)).toBe("Must be at least 1.");
    expect(validateValue(v({ name: "n", type: "number" }), "1e" as never)).toMatch(/“1e” is not a number/);
    expect(validateValue(v({ name: "n", type: "number", decimals: 0 }), 4.5)).toBe("Type a whole number.");
    expect(validateValue(v({ name: "n", type: "currency" }), "12345678901234567890" as never)).toMatch(
      /Too many digits/,
    );
    expect(validateValue(v({ name: "n", type: "currency" }), "1,500.50" as never)).toBeUndefined();
    expect(validateValue(v({ name: "t", type: "text", label: "Name", required: true }), "")).toBe(
      "Name is required.",
    );
    expect(validateValue(v({ name: "t", type: "text", pattern: "[A-Z]{2}" }), "ABC")).toMatch(
      /expected form/,
    );
    expect(validateValue(v({ name: "t", type: "text", label: "Code", pattern: "[A-Z]{2}" }), "ABC")).toBe(
      "Code does not have the expected form: type it like AA.",
    );
    expect(validateValue(v({ name: "t", type: "text", pattern: "[A-Z]{2}" }), "AB")).toBeUndefined();
    expect(validateValue(v({ name: "t", type: "text", maxLength: 3 }), "abcd")).toMatch(/At most 3/);
    expect(validateValue(v({ name: "c", type: "choice", options: ["a", "b"] }), "z")).toMatch(
      /Choose one of: a, b/,
    );
    expect(validateValue(v({ name: "d", type: "date" }), "2026-13-45")).toMatch(/Enter a date/);
    expect(validateValue(v({ name: "d", type: "date" }), "2026-02-03")).toBeUndefined();
  });

  it("validates list cells with their own keys", () => {
    const list = v({
      name: "items",
      type: "list",
      fields: [v({ name: "what", type: "text", required: true })],
    });
    const errors = validateAll([list], { items: [{ what: "ok" }, {}] });
    expect([...errors.keys()]).toEqual(["items[1].what"]);
  });

  it("puts placeholders for missing required values in the preview", () => {
    const vars = [
      v({ name: "party", label: "Party", type: "text", required: true }),
      v({ name: "n", type: "number", required: true, min: 3 }),
      v({ name: "opt", type: "text" }),
    ];
    expect(previewValues(vars, { n: "abc" as never, opt: "" }, new Date())).toEqual({
      party: "[Party]",
      n: 3,
    });
  });
});

describe("document reducer", () => {
  const add = (s: typeof EMPTY_DOCUMENT, id: string) =>
    documentReducer(s, { type: "add", section: { snippet: id, title: id, values: {} } });

  it("adds with default options, moves (clamped), updates, removes", () => {
    let s = add(add(add(EMPTY_DOCUMENT, "a"), "b"), "c");
    expect(s.sections[0]).toMatchObject({ headingOffset: 0, pageBreakBefore: false, numbering: "restart" });
    const keyA = s.sections[0]!.key;
    s = documentReducer(s, { type: "move", key: keyA, to: 99 });
    expect(s.sections.map((x) => x.snippet)).toEqual(["b", "c", "a"]);
    s = documentReducer(s, { type: "update", key: keyA, patch: { headingOffset: 2 } });
    expect(s.sections[2]!.headingOffset).toBe(2);
    s = documentReducer(s, { type: "remove", key: keyA });
    expect(s.sections.map((x) => x.snippet)).toEqual(["b", "c"]);
  });

  it("restores what an older pane stored, dropping junk", () => {
    const restored = restoreDocument({ sections: [{ snippet: "x" }, { nope: 1 }], settings: { title: "T" } });
    expect(restored.sections).toHaveLength(1);
    expect(restored.sections[0]).toMatchObject({
      snippet: "x",
      title: "x",
      values: {},
      numbering: "restart",
    });
    expect(restored.settings).toEqual({ ...DEFAULT_SETTINGS, title: "T" });
    expect(restoreDocument(null)).toEqual(EMPTY_DOCUMENT);
  });
});

describe("assembly", () => {
  const section = {
    key: "k",
    snippet: "a",
    version: 2,
    title: "A",
    values: { x: 1 },
    headingOffset: 1,
    pageBreakBefore: true,
    numbering: "continue" as const,
  };
  const settings = {
    ...DEFAULT_SETTINGS,
    title: " T ",
    headerText: "Head",
    footerText: "Page {{page}}",
    headingColor: "1f3864",
    font: "Arial",
  };

  it("writes the contract's assembly, leaving empty settings out", () => {
    expect(buildAssembly([section], settings)).toEqual({
      format: "sectionsmith/assembly@1",
      locale: "en-US",
      page: { size: "A4", orientation: "portrait" },
      options: { draftingNotes: false },
      theme: { font: "Arial", headingColor: "#1F3864" },
      properties: { title: "T" },
      header: { text: "Head" },
      footer: { text: "Page {{page}}" },
      sections: [
        {
          snippet: "a",
          version: 2,
          values: { x: 1 },
          headingOffset: 1,
          pageBreakBefore: true,
          numbering: "continue",
        },
      ],
    });
  });

  it("leaves header, footer and properties out of fragments", () => {
    const a = buildAssembly([section], settings, { whole: false });
    expect(a).not.toHaveProperty("header");
    expect(a).not.toHaveProperty("footer");
    expect(a).not.toHaveProperty("properties");
  });

  it("names files safely and checks colours", () => {
    expect(fileNameFor('A/B: "C"')).toBe("A B C.docx");
    expect(fileNameFor("  ")).toBe("Document.docx");
    expect(normaliseColor("#12345")).toBeUndefined();
    expect(base64Size("TWFu")).toBe(3);
    expect(base64Size("TWE=")).toBe(2);
  });
});
