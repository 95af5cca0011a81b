// Every problem carries its place as values — library, snippet, version, section, path inside it, line,
// column — so the pane and the CLI never re-read a path string to find out which snippet it meant.
import { describe, expect, it } from "@jest/globals";
import {
  exportDocument,
  loadLibraries,
  SectionsmithError,
  validateLibrary,
  type Problem,
} from "../../../src/engine";

const lib = (snippets: unknown[]) => ({ format: "sectionsmith/library@1", snippets });
const snippet = (id: string, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  status: "approved",
  body,
  ...extra,
});

async function problemsOf(run: () => Promise<unknown>): Promise<Problem[]> {
  try {
    await run();
  } catch (e) {
    if (e instanceof SectionsmithError) return e.problems;
    throw e;
  }
  throw new Error("expected the build to fail");
}

describe("problem places", () => {
  it("a build names the library, snippet, version and section of each problem", async () => {
    const catalogue = loadLibraries(
      [
        lib([snippet("alpha", "Text.")]),
        lib([
          snippet("beta", "{{> gamma}}", {
            version: 2,
            variables: [{ name: "term", type: "number", max: 10 }],
          }),
          snippet("gamma", "Line one.\n\n[x](javascript:alert(1)) {{term}}"),
        ]),
      ],
      ["a.json", "b.json"],
    );
    const assembly = {
      format: "sectionsmith/assembly@1",
      sections: [
        { snippet: "alpha" },
        { snippet: "beta", values: { term: 5 } },
        { snippet: "beta", values: { term: 12 } },
      ],
    } as const;
    const problems = await problemsOf(() => exportDocument(catalogue, assembly, { as: "buffer" }));
    const range = problems.find((p) => p.code === "VALUE_RANGE");
    expect(range?.path).toBe("sections[2].values.term");
    expect(range?.place).toEqual({ section: 2, path: "values.term" });
    const links = problems.filter((p) => p.code === "MARKDOWN_LINK_SCHEME");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.path).toBe("snippets[1].body");
      expect(link.source).toBe("b.json");
      expect(link.place).toEqual({
        library: "b.json",
        snippet: "gamma",
        version: 1,
        path: "body",
        line: 3,
        column: link.column,
      });
    }
  });

  it("a library's own problems name the snippet by id and version, with the path inside it", () => {
    const result = validateLibrary(
      lib([
        snippet("ok", "Fine."),
        snippet("nda", "Hello {{cleint}}", { version: 3, variables: [{ name: "client", type: "text" }] }),
      ]),
      { source: "team.json" },
    );
    const unknown = result.problems.find((p) => p.code === "TEMPLATE_UNKNOWN_VARIABLE");
    expect(unknown?.path).toBe("snippets[1].body");
    expect(unknown?.place).toEqual({
      library: "team.json",
      snippet: "nda",
      version: 3,
      path: "body",
      line: 1,
      column: 9,
    });
    const bad = validateLibrary(lib([snippet("ok", "Fine.", { status: "maybe" })]));
    expect(bad.problems.find((p) => p.code === "FIELD_ENUM")?.place).toEqual({
      snippet: "ok",
      version: 1,
      path: "status",
    });
  });
});

describe("problem places of sections", () => {
  it("a section naming an unknown snippet or version has its section in the place", async () => {
    const catalogue = loadLibraries([lib([snippet("alpha", "Text.")])], ["a.json"]);
    const assembly = {
      format: "sectionsmith/assembly@1",
      sections: [{ snippet: "alpha" }, { snippet: "alpha", version: 9 }, { snippet: "ghost" }],
    } as const;
    const problems = await problemsOf(() => exportDocument(catalogue, assembly, { as: "buffer" }));
    expect(problems.map((p) => [p.code, p.path, p.place])).toEqual([
      ["VERSION_NOT_FOUND", "sections[1].version", { section: 1, path: "version" }],
      ["SNIPPET_NOT_FOUND", "sections[2].snippet", { section: 2, path: "snippet" }],
    ]);
  });
});
