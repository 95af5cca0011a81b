import { describe, expect, it } from "@jest/globals";
import type { Problem, ProblemPlace } from "../../src/engine/core";
import { validateLibrary } from "../../src/engine";
import { problemPlace } from "../../src/taskpane/model/problem-place";

const p = (source: string | undefined, path: string, place?: ProblemPlace): Problem => ({
  code: "MARKDOWN_LINK_SCHEME",
  severity: "error",
  message: "…",
  path,
  ...(source === undefined ? {} : { source }),
  ...(place === undefined ? {} : { place }),
});

const context = { names: ["Your library", "Team clauses"] };

describe("problemPlace", () => {
  it("names a snippet of the pane's libraries by id and version instead of its index", () => {
    expect(
      problemPlace(
        p("Your library", "snippets[1].body", {
          library: "Your library",
          snippet: "nda",
          version: 3,
          path: "body",
        }),
        context,
      ),
    ).toBe("nda@3: body");
    expect(
      problemPlace(
        p("Team clauses", "snippets[0].variables[2].default", {
          library: "Team clauses",
          snippet: "payment-terms",
          version: 2,
          path: "variables[2].default",
        }),
        context,
      ),
    ).toBe("payment-terms@2: variables[2].default");
    expect(
      problemPlace(
        p("Your library", "snippets[0]", { library: "Your library", snippet: "intro", version: 1 }),
        context,
      ),
    ).toBe("intro@1");
  });

  it("takes the snippet from the place the engine gives, whatever the index", () => {
    const result = validateLibrary(
      {
        format: "sectionsmith/library@1",
        snippets: [
          { id: "intro", title: "Intro", body: "Fine." },
          { id: "nda", version: 3, title: "NDA", body: "[x](javascript:alert(1))" },
        ],
      },
      { source: "Team clauses" },
    );
    const link = result.problems.find((q) => q.code === "MARKDOWN_LINK_SCHEME")!;
    expect(problemPlace(link, context)).toBe("nda@3: body");
    expect(problemPlace(link)).toBe("Team clauses: snippets[1].body");
  });

  it("keeps file places as they are: other sources, places outside snippets, no place, no context", () => {
    expect(
      problemPlace(
        p("broken.json", "snippets[1].id", { library: "broken.json", snippet: "x", version: 1, path: "id" }),
        context,
      ),
    ).toBe("broken.json: snippets[1].id");
    expect(problemPlace(p("Your library", "name", { library: "Your library", path: "name" }), context)).toBe(
      "Your library: name",
    );
    expect(problemPlace(p("Your library", "snippets[9].body"), context)).toBe(
      "Your library: snippets[9].body",
    );
    expect(
      problemPlace(p(undefined, "sections[0].values.term", { section: 0, path: "values.term" }), context),
    ).toBe("sections[0].values.term");
    expect(
      problemPlace(
        p("Your library", "snippets[1].body", { library: "Your library", snippet: "nda", version: 3 }),
      ),
    ).toBe("Your library: snippets[1].body");
  });
});
