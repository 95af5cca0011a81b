import { describe, expect, it } from "@jest/globals";
import { collectVariables } from "../../../src/engine/template";
import { libraryLookup, snippet, v } from "./helpers";

describe("collectVariables", () => {
  const lib = [
    snippet("main", "{{#if show}}{{> first}}{{/if}}\n{{> second}}\n{{> missing}}", [
      v("client", "text"),
      v("show", "boolean"),
    ]),
    snippet("first", "{{> deep}}", [v("client", "text", { label: "from first" }), v("term", "number")]),
    snippet("second", "{{> first}}", [v("fee", "currency", { currency: "EUR" })]),
    snippet("deep", "{{> main}}", [v("lines", "list", { fields: [v("what", "text")] })]),
  ];
  const lookup = libraryLookup(lib);

  it("returns own variables, then those of includes (depth first, transitively, inside blocks too)", () => {
    const { variables, problems } = collectVariables(lib[0]!, "snippets[0]", lookup);
    expect([...variables.keys()]).toEqual(["client", "show", "term", "lines", "fee"]);
    expect(problems).toEqual([]);
  });

  it("keeps the first definition of a name", () => {
    const { variables } = collectVariables(lib[0]!, "snippets[0]", lookup);
    expect(variables.get("client")?.label).toBeUndefined();
    const fromFirst = collectVariables(lib[1]!, "snippets[1]", lookup);
    expect(fromFirst.variables.get("client")?.label).toBe("from first");
  });

  it("survives include cycles and missing snippets (checkTemplate reports those)", () => {
    const { variables, problems } = collectVariables(lib[3]!, "snippets[3]", lookup);
    expect([...variables.keys()]).toEqual(["lines", "client", "show", "term", "fee"]);
    expect(problems).toEqual([]);
  });

  it("a list included with different field types conflicts; the same shape does not", () => {
    const a = snippet("a", "{{> b}}{{> c}}", [v("rows", "list", { fields: [v("n", "number")] })]);
    const b = snippet("b", "", [v("rows", "list", { fields: [v("n", "number"), v("extra", "text")] })]);
    const c = snippet("c", "", [v("rows", "list", { fields: [v("n", "text")] })]);
    const { problems } = collectVariables(a, "snippets[0]", libraryLookup([a, b, c]));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: "TEMPLATE_VARIABLE_CONFLICT",
      path: "snippets[2].variables[0].name",
    });
    expect(problems[0]?.message).toContain('"c"');
  });

  it("ignores a body that does not parse", () => {
    const broken = snippet("broken", "{{#if x}", [v("x", "boolean")]);
    expect(collectVariables(broken, "snippets[0]", libraryLookup([broken]))).toEqual({
      variables: new Map([["x", broken.variables[0]]]),
      problems: [],
    });
  });
});
