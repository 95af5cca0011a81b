import { describe, expect, test } from "@jest/globals";
import { localDateString, parseAssembly, parseLibrary, validateLibrary } from "../../src/engine";
import { assembly, build, buildProblems, library, TODAY } from "./helpers";
import { expectWithMessage } from "../support/expect-message";

// The "Behaviour" and "Extension" notes of docs/file-formats.md about the files themselves (fields,
// variables, versions, libraries), one claim per test, so a change in the engine that makes the page
// wrong fails here.

const codes = (problems: ReadonlyArray<{ code: string }>) => problems.map((p) => p.code);

describe("file-formats.md › rules for both files", () => {
  test("$schema is accepted in both files and dropped from the model", () => {
    const lib = parseLibrary({ $schema: "./x.json", format: "sectionsmith/library@1", snippets: [] });
    const asm = parseAssembly({
      $schema: "./x.json",
      format: "sectionsmith/assembly@1",
      sections: [{ snippet: "a" }],
    });
    expect([lib.problems, asm.problems]).toEqual([[], []]);
    expect(lib.ok && "$schema" in lib.value).toBe(false);
  });

  test("an unknown field is a warning naming the closest field, and the file still loads", () => {
    const lib = parseLibrary(library({ body: "x", titel: "Typo" }));
    expect(lib.ok).toBe(true);
    expect(lib.problems).toMatchObject([
      {
        code: "FIELD_UNKNOWN",
        severity: "warning",
        path: "snippets[0].titel",
        message: expect.stringContaining('Did you mean "title"?'),
      },
    ]);
  });

  test("a file of the other kind is one FORMAT_UNKNOWN problem", () => {
    expect(codes(parseLibrary({ format: "sectionsmith/assembly@1", sections: [] }).problems)).toEqual([
      "FORMAT_UNKNOWN",
    ]);
  });

  test("forbidden characters are removed with a warning, and never reach the document", async () => {
    const built = await build(library({ body: "Total\u0007 due\uFDD1" }), assembly([{ snippet: "s1" }]));
    expect(codes(built.warnings)).toEqual(["CHARACTERS_REMOVED"]);
    expect(built.text).toContain("Total due");
    expect(built.document.includes("\u0007") || built.document.includes("\uFDD1")).toBe(false);
  });
});

describe("file-formats.md › library and variables", () => {
  test("a library without snippets is valid", () => {
    expect(parseLibrary({ format: "sectionsmith/library@1" }).ok).toBe(true);
  });

  test("a title of only spaces is FIELD_LENGTH; updated needs seconds and a time zone", () => {
    expect(codes(parseLibrary(library({ body: "", title: "   " })).problems)).toEqual(["FIELD_LENGTH"]);
    for (const updated of ["2026-10-01T12:00Z", "2026-10-01T12:00:00", "2026-10-01"])
      expectWithMessage(codes(parseLibrary(library({ body: "", updated })).problems), updated).toEqual([
        "DATETIME_INVALID",
      ]);
    expect(parseLibrary(library({ body: "", updated: "2026-10-01T14:00:00.5+02:00" })).problems).toEqual([]);
  });

  test("a rule on the wrong variable type is a warning and is ignored", () => {
    const lib = parseLibrary(
      library({ body: "{{c}}", variables: [{ name: "c", type: "currency", decimals: 2 }] }),
    );
    expect(lib.ok).toBe(true);
    expect(lib.problems).toMatchObject([
      { code: "RULE_NOT_APPLICABLE", severity: "warning", path: "snippets[0].variables[0].decimals" },
    ]);
    expect(lib.ok && lib.value.snippets[0]!.variables[0]!.decimals).toBeUndefined();
  });

  test("a default must be a valid value: it is checked when the library is read", () => {
    const lib = parseLibrary(
      library({ body: "", variables: [{ name: "t", type: "number", max: 10, default: 12 }] }),
    );
    expect(lib.problems).toMatchObject([{ code: "VALUE_RANGE", path: "snippets[0].variables[0].default" }]);
  });

  test("reserved names (built-in tags, helpers, Handlebars literals) get one VARIABLE_RESERVED warning", () => {
    const warningsFor = (name: string) =>
      codes(validateLibrary(library({ body: "", variables: [{ name, type: "text" }] })).problems).sort();
    expect(warningsFor("today")).toEqual(["VARIABLE_RESERVED"]);
    expect(warningsFor("eq")).toEqual(["VARIABLE_RESERVED"]);
    expect(warningsFor("true")).toEqual(["VARIABLE_RESERVED"]);
    expect(warningsFor("client")).toEqual([]);
  });

  test("pattern must match the whole value; maxLength counts code points", async () => {
    const variables = [
      { name: "ref", type: "text", pattern: "[A-Z]{3}-\\d+" },
      { name: "s", type: "text", maxLength: 3 },
    ];
    const lib = library({ body: "{{ref}} {{s}}", variables });
    expect(
      await buildProblems(lib, assembly([{ snippet: "s1", values: { ref: "ABC-1x", s: "ab" } }])),
    ).toEqual([expect.stringContaining("VALUE_PATTERN sections[0].values.ref")]);
    const built = await build(lib, assembly([{ snippet: "s1", values: { ref: "ABC-12", s: "😀😀😀" } }]));
    expect(built.text).toContain("ABC-12 😀😀😀");
  });

  test("a currency variable without a code is a number with two decimals", async () => {
    const built = await build(
      library({ body: "{{c}}", variables: [{ name: "c", type: "currency" }] }),
      assembly([{ snippet: "s1", values: { c: 3 } }]),
    );
    expect(built.text).toContain("3.00");
  });
});

describe("file-formats.md › versions, status, several libraries", () => {
  const S = (id: string, version: number, status: string, body = `${id}${version}`, more = {}) => ({
    id,
    version,
    status,
    title: id,
    body,
    ...more,
  });
  // The build's day in local time, as staleness is judged (TODAY is fixed, the machine's zone is not).
  const today = localDateString(TODAY);
  const yesterday = localDateString(new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate() - 1, 12));
  const lib = {
    format: "sectionsmith/library@1",
    snippets: [
      S("x", 1, "approved"),
      S("x", 2, "approved"),
      S("x", 3, "draft"),
      S("y", 1, "deprecated"),
      S("y", 2, "draft"),
      S("z", 1, "deprecated"),
      S("z", 2, "deprecated", "z2", { reviewBy: yesterday }),
      S("w", 1, "approved", "w1", { reviewBy: today }),
    ],
  };

  test("highest approved, else highest draft, else highest deprecated; a pinned version as it is", async () => {
    const built = await build(
      lib,
      assembly([{ snippet: "x" }, { snippet: "x", version: 3 }, { snippet: "y" }, { snippet: "z" }]),
    );
    expect(built.snippets).toEqual(["x@2", "x@3", "y@2", "z@2"]);
    expect(built.warnings.map((w) => `${w.code} ${w.path}`)).toEqual([
      "SNIPPET_DRAFT sections[1].snippet",
      "SNIPPET_DRAFT sections[2].snippet",
      "SNIPPET_DEPRECATED sections[3].snippet",
      "SNIPPET_STALE sections[3].snippet",
    ]);
  });

  test("the review day itself is not stale", async () => {
    const built = await build(lib, assembly([{ snippet: "w" }]));
    expect(built.warnings).toEqual([]);
  });

  test("a missing pinned version lists the versions there are", async () => {
    expect(await buildProblems(lib, assembly([{ snippet: "x", version: 9 }]))).toEqual([
      expect.stringMatching(/VERSION_NOT_FOUND sections\[0\]\.version .*versions 1, 2, 3/),
    ]);
  });

  test("several libraries: versions mix, and the later library wins for the same id and version", async () => {
    const team = {
      format: "sectionsmith/library@1",
      snippets: [S("c", 1, "approved", "team 1"), S("c", 2, "approved", "team 2")],
    };
    const personal = {
      format: "sectionsmith/library@1",
      snippets: [S("c", 2, "approved", "personal 2"), S("d", 1, "approved", "d")],
    };
    const built = await build(
      [team, personal],
      assembly([{ snippet: "c" }, { snippet: "c", version: 1 }, { snippet: "d" }]),
    );
    expect(built.text).toContain("personal 2");
    expect(built.text).toContain("team 1");
    expect(built.warnings).toMatchObject([{ code: "SNIPPET_SHADOWED", source: "library 2" }]);
  });
});
