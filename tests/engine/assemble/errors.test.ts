import { describe, expect, it } from "@jest/globals";
import { buildBody, library, assembly, problemsOf, build, bodyText } from "../support";
import { exportDocument } from "../../../src/engine";

describe("bad input: every problem at once, with its path, and no output", () => {
  it("reports problems from the library, the assembly, values and templates together", async () => {
    const lib = {
      format: "sectionsmith/library@1",
      snippets: [
        {
          id: "ok",
          title: "OK",
          body: "Term: {{term}} {{#if}}",
          variables: [{ name: "term", type: "number", min: 1, max: 10 }],
        },
        { id: "Bad Id!", title: "", body: "x" },
      ],
    };
    const problems = await problemsOf(
      lib,
      assembly([{ snippet: "ok", values: { term: 99 } }, { snippet: "missing" }]),
    );
    const codes = problems.map((p) => p.code);
    // The library's own errors stop the build before sections are looked at, but all of them are listed.
    expect(problems.filter((p) => p.path.startsWith("snippets[1]")).length).toBeGreaterThanOrEqual(2);
    expect(codes).toContain("ID_INVALID");
  });

  it("reports section problems (unknown snippet, bad value, template error) in one go", async () => {
    const lib = library({
      id: "ok",
      body: "Term: {{term}} and {{nope}}",
      variables: [{ name: "term", type: "number", min: 1, max: 10 }],
    });
    const problems = await problemsOf(
      lib,
      assembly([
        { snippet: "ok", values: { term: 99 } },
        { snippet: "missing" },
        { snippet: "ok", version: 7 },
      ]),
    );
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.code]));
    expect(byPath["sections[0].values.term"]).toBe("VALUE_RANGE");
    expect(byPath["sections[1].snippet"]).toBe("SNIPPET_NOT_FOUND");
    expect(byPath["sections[2].version"]).toBe("VERSION_NOT_FOUND");
    for (const p of problems) expect(p.message.length).toBeGreaterThan(10);
  });

  it("warns about draft, deprecated and stale snippets but still builds; --strict turns them into errors", async () => {
    const lib = library(
      { id: "d", status: "draft", body: "Draft" },
      { id: "old", status: "deprecated", body: "Old", description: "Superseded by new" },
      { id: "stale", reviewBy: "2020-01-01", body: "Stale" },
    );
    const asm = assembly([{ snippet: "d" }, { snippet: "old" }, { snippet: "stale" }]);
    const b = await build(lib, asm);
    expect(b.warnings.map((w) => w.code).sort()).toEqual([
      "SNIPPET_DEPRECATED",
      "SNIPPET_DRAFT",
      "SNIPPET_STALE",
    ]);
    const strict = await exportDocument(lib, asm, { as: "buffer", strict: true }).catch(
      (e: { problems: unknown[] }) => e,
    );
    expect(
      (strict as { problems: Array<{ severity: string }> }).problems.every((p) => p.severity === "error"),
    ).toBe(true);
  });

  it("removes characters XML forbids, with a warning, and the file stays valid", async () => {
    const b = await buildBody("Bell\u0007 here \uFFFE and \uD800 lone", { values: {} });
    expect(bodyText(b.document)).toBe("Bell here  and  lone");
    const removed = b.warnings.filter((w) => w.code === "CHARACTERS_REMOVED");
    expect(removed.length).toBeGreaterThan(0);
    expect(removed[0]!.path).toBe("snippets[0].body");
  });
});
