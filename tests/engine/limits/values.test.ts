import { describe, expect, it } from "@jest/globals";
import { formatProblem, SectionsmithError } from "../../../src/engine";
import { MAX_LIST_ITEMS } from "../../../src/engine/limits";
import { assembly, build, bodyText, library } from "../support";
import { failure, only } from "./helpers";

// Values: the list-item limit (loops multiply list lengths), and problems by the million.

const listLib = library({
  id: "s1",
  body: "{{#each items}}{{name}};{{/each}}",
  variables: [{ name: "items", type: "list", fields: [{ name: "name", type: "text" }] }],
});
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `n${i}` }));

describe("list values", () => {
  it(`builds a list of ${MAX_LIST_ITEMS} items`, async () => {
    const b = await build(listLib, assembly([{ snippet: "s1", values: { items: items(MAX_LIST_ITEMS) } }]));
    expect(bodyText(b.document).split(";").length).toBe(MAX_LIST_ITEMS + 1);
  });

  it("refuses one more item with LIMIT_LIST_ITEMS at the value", async () => {
    const p = only(await failure(listLib, assembly([{ snippet: "s1", values: { items: items(MAX_LIST_ITEMS + 1) } }])), "LIMIT_LIST_ITEMS");
    expect(p.path).toBe("sections[0].values.items");
    expect(p.message).toContain("1,001 items");
  });

  it("holds for values no variable declares (they still feed {{#each}} in inline headers and footers)", async () => {
    const lib = library({ id: "s1", body: "x" });
    const asm = assembly([{ snippet: "s1" }], { values: { rows: items(MAX_LIST_ITEMS + 5) }, footer: { text: "{{#each rows}}{{name}}{{/each}}" } });
    // Assembly values are resolved for the footer and for each section, so each may report it.
    const problems = await failure(lib, asm);
    expect(new Set(problems.map((p) => `${p.code} ${p.path}`))).toEqual(new Set(["LIMIT_LIST_ITEMS values.rows"]));
  });

  it("holds for a list variable's default in a library", async () => {
    const lib = library({
      id: "s1",
      body: "x",
      variables: [{ name: "items", type: "list", fields: [{ name: "name", type: "text" }], default: items(MAX_LIST_ITEMS + 1) }],
    });
    expect(only(await failure(lib, assembly([{ snippet: "s1" }])), "LIMIT_LIST_ITEMS").path).toBe("snippets[0].variables[0].default");
  });
});

describe("a million problems", () => {
  it("are all returned, but the error's message lists only the first 200", async () => {
    const body = "{{nope}} ".repeat(300);
    const problems = await failure(library({ id: "s1", body }), assembly([{ snippet: "s1" }]));
    expect(problems.length).toBe(300);
    const error = new SectionsmithError(problems);
    expect(error.message.split("\n").length).toBe(1 + 200 + 1);
    expect(error.message).toMatch(/… and 100 more$/);
    expect(error.message).toContain(formatProblem(problems[0]!));
  });

  it("from 300,000 forbidden characters in separate strings do not overflow the stack", async () => {
    const lib = library(...Array.from({ length: 3 }, (_, i) => ({ id: `s${i}`, body: "x", tags: Array.from({ length: 100_000 }, () => "\u0007") })));
    const asm = assembly([{ snippet: "s0" }], { values: { x: 1 } });
    // Warnings only: the build succeeds and reports every one.
    const { exportDocument } = await import("../../../src/engine");
    const result = await exportDocument(lib, asm, { as: "buffer" });
    expect(result.warnings.filter((w) => w.code === "CHARACTERS_REMOVED").length).toBe(300_000);
  }, 60_000);
});
