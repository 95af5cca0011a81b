import { describe, expect, test } from "@jest/globals";
import contractLibrary from "./fixtures/contract-library.json";
import { parseLibrary } from "../../../src/engine/model/parse-library";
import { brief, lib, only, withVariables } from "./helpers";

describe("parseLibrary: good input", () => {
  test("the contract's example parses with defaults filled in", () => {
    const result = parseLibrary(JSON.stringify(contractLibrary), { source: "library.json" });
    expect(result.problems).toEqual([]);
    if (!result.ok) throw new Error("expected ok");
    const [snippet] = result.value.snippets;
    expect(snippet?.id).toBe("confidentiality");
    expect(snippet?.version).toBe(3);
    expect(snippet?.variables.map((v) => [v.name, v.required])).toEqual([
      ["discloser", true],
      ["mutual", false],
      ["term", false],
    ]);
    expect(snippet?.variables[2]).toMatchObject({ type: "number", min: 1, max: 10, default: 2 });
  });

  test("a minimal snippet gets every default of the contract", () => {
    const result = parseLibrary(withVariables({ name: "client", type: "text" }));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.value).toEqual({
      format: "sectionsmith/library@1",
      snippets: [
        {
          id: "intro",
          version: 1,
          title: "Intro",
          body: "Hello",
          tags: [],
          status: "draft",
          kind: "body",
          variables: [{ name: "client", type: "text", required: false }],
        },
      ],
    });
  });

  test('a top-level "$schema" is accepted and not kept', () => {
    const result = parseLibrary(lib({}, { $schema: "https://sectionsmith.dev/schemas/library.schema.json" }));
    expect(result.problems).toEqual([]);
    expect(result.ok && "$schema" in result.value).toBe(false);
  });

  test("several versions of one id are allowed", () => {
    const input = lib();
    input.snippets = [
      { id: "nda", version: 1, title: "NDA", body: "a" },
      { id: "nda", version: 2, title: "NDA", body: "b" },
    ];
    expect(parseLibrary(input).problems).toEqual([]);
  });

  test("the source option names the file in every problem", () => {
    const result = parseLibrary(lib({ id: "Bad!", titel: "x" }), { source: "team.json" });
    expect(result.problems.length).toBe(2);
    expect(result.problems.every((p) => p.source === "team.json")).toBe(true);
  });
});

describe("parseLibrary: every problem at once", () => {
  test("a library with five distinct mistakes reports five problems", () => {
    const input = lib({
      id: "Confidentiality!",
      title: "",
      status: "aproved",
      variables: [
        { name: "a b", type: "text" },
        { name: "plan", type: "choice" },
      ],
    });
    const result = parseLibrary(input);
    expect(result.ok).toBe(false);
    expect(brief(result.problems).sort()).toEqual(
      [
        "ID_INVALID snippets[0].id",
        "FIELD_LENGTH snippets[0].title",
        "FIELD_ENUM snippets[0].status",
        "VARIABLE_NAME_INVALID snippets[0].variables[0].name",
        "OPTIONS_REQUIRED snippets[0].variables[1].options",
      ].sort(),
    );
  });

  test("cross-field rules are reported even when another field is wrong", () => {
    const input = lib();
    input.snippets = [
      { id: "nda", title: "NDA", body: "a", status: "nope" },
      { id: "nda", title: "NDA", body: "b", variables: [{ name: "x", type: "number", min: 5, max: 1 }] },
    ];
    expect(brief(parseLibrary(input).problems)).toEqual([
      "FIELD_ENUM snippets[0].status",
      "SNIPPET_DUPLICATE snippets[1].id",
      "RANGE_INVERTED snippets[1].variables[0].min",
    ]);
  });
});

describe("parseLibrary: structure", () => {
  test("FORMAT_UNKNOWN when format is missing, wrong, another kind or another version", () => {
    const missing = parseLibrary({ snippets: [] });
    expect(only(missing.problems, "FORMAT_UNKNOWN", "format").message).toContain(
      '"format": "sectionsmith/library@1"',
    );
    expect(only(parseLibrary({ format: "nonsense" }).problems, "FORMAT_UNKNOWN", "format").message).toContain(
      '"nonsense"',
    );
    const assembly = parseLibrary({ format: "sectionsmith/assembly@1", sections: [] });
    expect(assembly.problems).toHaveLength(1);
    expect(assembly.problems[0]?.message).toContain("This is an assembly file");
    const newer = parseLibrary({ format: "sectionsmith/library@2", snippets: [{ anything: 1 }] });
    expect(brief(newer.problems)).toEqual(["FORMAT_UNKNOWN format"]);
    expect(newer.problems[0]?.message).toContain("cannot read");
  });

  test("FIELD_REQUIRED names the missing field and what it should hold", () => {
    const result = parseLibrary(lib({ title: undefined, body: undefined }));
    expect(only(result.problems, "FIELD_REQUIRED", "snippets[0].title").message).toBe(
      'Missing required field "title": expected text in double quotes',
    );
    only(result.problems, "FIELD_REQUIRED", "snippets[0].body");
    only(
      parseLibrary(withVariables({ name: "x" })).problems,
      "FIELD_REQUIRED",
      "snippets[0].variables[0].type",
    );
  });

  test("FIELD_TYPE for values of the wrong JSON type, the root included", () => {
    const result = parseLibrary(
      lib({ version: "3", tags: "nda", variables: [{ name: "x", type: "text", required: "yes" }] }),
    );
    expect(only(result.problems, "FIELD_TYPE", "snippets[0].version").message).toBe(
      'version must be a whole number of at least 1, not "3" (text)',
    );
    only(result.problems, "FIELD_TYPE", "snippets[0].tags");
    only(result.problems, "FIELD_TYPE", "snippets[0].variables[0].required");
    expect(only(parseLibrary([]).problems, "FIELD_TYPE", "").message).toContain("must be an object");
    only(
      parseLibrary({ format: "sectionsmith/library@1", snippets: [7] }).problems,
      "FIELD_TYPE",
      "snippets[0]",
    );
  });

  test("FIELD_UNKNOWN is a warning that suggests the closest field", () => {
    const result = parseLibrary(lib({ titel: "x" }, { extra: true }));
    expect(result.ok).toBe(true);
    const typo = only(result.problems, "FIELD_UNKNOWN", "snippets[0].titel");
    expect(typo.severity).toBe("warning");
    expect(typo.message).toContain('Did you mean "title"?');
    expect(only(result.problems, "FIELD_UNKNOWN", "extra").message).toContain(
      "Fields known here: format, name, snippets",
    );
    only(
      parseLibrary(withVariables({ name: "x", type: "text", lable: "X" })).problems,
      "FIELD_UNKNOWN",
      "snippets[0].variables[0].lable",
    );
  });

  test("FIELD_ENUM for status, kind and variable type", () => {
    const result = parseLibrary(
      lib({ status: "aproved", kind: "side", variables: [{ name: "x", type: "string" }] }),
    );
    expect(only(result.problems, "FIELD_ENUM", "snippets[0].status").message).toBe(
      '"status" must be one of "draft", "approved" or "deprecated", not "aproved"',
    );
    only(result.problems, "FIELD_ENUM", "snippets[0].kind");
    only(result.problems, "FIELD_ENUM", "snippets[0].variables[0].type");
  });

  test("FIELD_RANGE for version, maxLength and decimals", () => {
    for (const [snippet, path] of [
      [{ version: 0 }, "snippets[0].version"],
      [{ version: 1.5 }, "snippets[0].version"],
      [{ variables: [{ name: "x", type: "text", maxLength: 0 }] }, "snippets[0].variables[0].maxLength"],
      [{ variables: [{ name: "x", type: "number", decimals: 21 }] }, "snippets[0].variables[0].decimals"],
    ] as const) {
      expect(brief(parseLibrary(lib(snippet)).problems)).toEqual([`FIELD_RANGE ${path}`]);
    }
  });

  test("FIELD_LENGTH for a title that is empty, blank or over 200 characters", () => {
    for (const title of ["", "   ", "x".repeat(201)]) {
      expect(brief(parseLibrary(lib({ title })).problems)).toEqual(["FIELD_LENGTH snippets[0].title"]);
    }
    expect(parseLibrary(lib({ title: "x".repeat(200) })).ok).toBe(true);
  });

  test("ID_INVALID with the contract's wording", () => {
    for (const id of ["Confidentiality!", "-lead", "a".repeat(101), ""]) {
      const p = only(parseLibrary(lib({ id })).problems, "ID_INVALID", "snippets[0].id");
      expect(p.message).toContain(
        'must be lowercase letters, digits, ".", "_" or "-", starting with a letter or digit (at most 100 characters)',
      );
    }
    expect(parseLibrary(lib({ id: "a".repeat(100) })).ok).toBe(true);
    expect(parseLibrary(lib({ id: "0.x_y-z" })).ok).toBe(true);
  });

  test("DATE_INVALID for reviewBy that is not a real date", () => {
    for (const reviewBy of ["2027-02-30", "2027-2-1", "1 March 2027"]) {
      expect(brief(parseLibrary(lib({ reviewBy })).problems)).toEqual(["DATE_INVALID snippets[0].reviewBy"]);
    }
    expect(parseLibrary(lib({ reviewBy: "2028-02-29" })).ok).toBe(true);
  });

  test("DATETIME_INVALID for updated that is not an ISO 8601 date-time", () => {
    for (const updated of ["2026-10-01", "2026-10-01T12:00:00", "yesterday"]) {
      expect(brief(parseLibrary(lib({ updated })).problems)).toEqual([
        "DATETIME_INVALID snippets[0].updated",
      ]);
    }
    expect(parseLibrary(lib({ updated: "2026-10-01T14:00:00.5+02:00" })).ok).toBe(true);
  });
});
