import { describe, expect, it } from "@jest/globals";
import type { Problem } from "../../src/engine/core";
import { problemPlace } from "../../src/taskpane/model/problem-place";

const p = (source: string | undefined, path: string): Problem => ({
  code: "MARKDOWN_LINK_SCHEME",
  severity: "error",
  message: "…",
  path,
  ...(source === undefined ? {} : { source }),
});

const context = {
  names: ["Your library", "Team clauses"],
  libraries: [
    { snippets: [{ id: "intro" }, { id: "nda", version: 3 }] },
    { snippets: [{ id: "payment-terms", version: 2 }] },
  ],
};

describe("problemPlace", () => {
  it("names a snippet of the pane's libraries by id and version instead of its index", () => {
    expect(problemPlace(p("Your library", "snippets[1].body"), context)).toBe("nda@3: body");
    expect(problemPlace(p("Team clauses", "snippets[0].variables[2].default"), context)).toBe("payment-terms@2: variables[2].default");
    expect(problemPlace(p("Your library", "snippets[0]"), context)).toBe("intro@1");
  });

  it("keeps file places as they are: other sources, other paths, unknown indexes, no context", () => {
    expect(problemPlace(p("broken.json", "snippets[1].id"), context)).toBe("broken.json: snippets[1].id");
    expect(problemPlace(p("Your library", "name"), context)).toBe("Your library: name");
    expect(problemPlace(p("Your library", "snippets[9].body"), context)).toBe("Your library: snippets[9].body");
    expect(problemPlace(p(undefined, "sections[0].values.term"), context)).toBe("sections[0].values.term");
    expect(problemPlace(p("Your library", "snippets[1].body"))).toBe("Your library: snippets[1].body");
  });
});
