// Every problem at once (the contract): a library's field errors no longer hide what its templates and
// Markdown have wrong, and an assembly checked against a broken library still learns which of its
// snippets no library has.
import { describe, expect, it } from "@jest/globals";
import { loadLibraries, validateFile, validateLibrary } from "../../../src/engine";

const snippet = (id: unknown, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: "T",
  status: "approved",
  body,
  ...extra,
});
const lib = (...snippets: unknown[]) => ({ format: "sectionsmith/library@1", snippets });

describe("every problem at once", () => {
  it("a bad id, an include cycle and a javascript: link, in one validateLibrary", () => {
    const result = validateLibrary(
      lib(
        snippet("Bad Id!", "Text with {{> loop-a}}"),
        snippet("loop-a", "{{> loop-b}}"),
        snippet("loop-b", "{{> loop-a}}"),
        snippet("linky", "[x](javascript:alert(1))"),
      ),
      { source: "lib.json" },
    );
    expect(result.ok).toBe(false);
    const codes = result.problems.map((p) => `${p.code} ${p.path}`);
    expect(codes).toContain("ID_INVALID snippets[0].id");
    expect(codes.filter((c) => c.startsWith("TEMPLATE_INCLUDE_CYCLE")).length).toBeGreaterThan(0);
    expect(codes).toContain("MARKDOWN_LINK_SCHEME snippets[3].body");
    expect(result.problems.every((p) => p.source === "lib.json")).toBe(true);
  });

  it("a snippet read loosely still reports its own unknown variables, but not those whose definitions have errors", () => {
    const clean = validateLibrary(lib(snippet("Bad Id!", "{{missing}}")));
    expect(clean.problems.map((p) => p.code)).toEqual(
      expect.arrayContaining(["ID_INVALID", "TEMPLATE_UNKNOWN_VARIABLE"]),
    );
    const brokenVariable = validateLibrary(
      lib(snippet("Bad Id!", "{{amount}}", { variables: [{ name: "amount", type: "money" }] })),
    );
    const codes = brokenVariable.problems.map((p) => p.code);
    expect(codes).toContain("ID_INVALID");
    expect(codes).not.toContain("TEMPLATE_UNKNOWN_VARIABLE");
  });

  it("a status typo, a variable type typo and an undeclared {{rate}}: all three in one validateLibrary (issue 24)", () => {
    const result = validateLibrary(
      lib(
        snippet("fees", "The fee is {{amount}} at {{rate}} per hour.", {
          status: "aproved",
          variables: [{ name: "amount", type: "currancy", currency: "EUR" }],
        }),
      ),
    );
    expect(result.problems.map((p) => `${p.code} ${p.path}${p.line ? `:${p.line}:${p.column}` : ""}`)).toEqual([
      "FIELD_ENUM snippets[0].status",
      "FIELD_ENUM snippets[0].variables[0].type",
      "TEMPLATE_UNKNOWN_VARIABLE snippets[0].body:1:28",
    ]);
    expect(result.problems[2]!.message).toContain('"rate"');
  });

  it("the fields of a list variable with errors are declared too; a variable without a readable name hides every unknown name", () => {
    const list = validateLibrary(
      lib(
        snippet("rows", "{{#each rows}}{{item}} {{cost}}{{/each}}", {
          variables: [{ name: "rows", type: "list", fields: [{ name: "item", type: "txt" }] }],
        }),
      ),
    );
    expect(list.problems.filter((p) => p.code === "TEMPLATE_UNKNOWN_VARIABLE").map((p) => p.message)).toEqual([
      'unknown variable "cost"',
    ]);
    const nameless = validateLibrary(lib(snippet("x", "{{anything}}", { variables: [{ type: "text" }] })));
    expect(nameless.problems.map((p) => p.code)).toContain("FIELD_REQUIRED");
    expect(nameless.problems.map((p) => p.code)).not.toContain("TEMPLATE_UNKNOWN_VARIABLE");
  });

  it("an assembly checked against an invalid library still reports its unknown snippets", async () => {
    const broken = lib(snippet("known", "Text.", { status: "maybe" }));
    const assembly = {
      format: "sectionsmith/assembly@1",
      sections: [{ snippet: "known" }, { snippet: "ghost" }],
    };
    for (const libraries of [[broken], loadLibraries([broken], ["lib.json"])]) {
      const result = await validateFile(assembly, {
        source: "asm.json",
        libraries,
        librarySources: ["lib.json"],
      });
      const codes = result.problems.map((p) => `${p.code} ${p.source}: ${p.path}`);
      expect(codes).toContain("FIELD_ENUM lib.json: snippets[0].status");
      expect(codes).toContain("SNIPPET_NOT_FOUND asm.json: sections[1].snippet");
      expect(codes.some((c) => c.includes("sections[0]"))).toBe(false);
      expect(result.problems.find((p) => p.code === "SNIPPET_NOT_FOUND")?.place).toEqual({
        section: 1,
        path: "snippet",
      });
    }
  });
});
