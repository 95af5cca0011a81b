import { describe, expect, it } from "@jest/globals";
import { noteEnd, noteStart } from "../../../src/engine/template";
import { expand, libraryLookup, md, nodeTypes, parseMarkdown, snippet, v, vars } from "./helpers";

const variables = vars(v("client", "text"), v("items", "list", { fields: [v("what", "text")] }));

describe("{{> id}} includes", () => {
  const lib = [
    snippet("main", ""),
    snippet("defs", "“Client” means {{client}}.", [], 3),
    snippet("std.defs-v2", "Standard definitions apply.\n"),
    snippet("sub", "- a\n- b\n"),
    snippet("outer", "Outer {{> defs}} and {{> std.defs-v2}}"),
    snippet("item-line", "* {{what}} for {{client}}\n"),
  ];
  const lookup = libraryLookup(lib);

  it("inline include expands the other snippet's body with the same values", () => {
    expect(md("A: {{> defs}} End", { variables, values: { client: "Fabrikam" }, lookup })).toBe(
      "A: “Client” means Fabrikam. End",
    );
  });

  it("accepts ids with '-' and '.', and a standalone include keeps lines intact", () => {
    expect(md("Intro\n{{> std.defs-v2}}\nOutro", { lookup })).toBe(
      "Intro\nStandard definitions apply.\nOutro",
    );
    // A body without a final newline still ends its line when included standalone.
    expect(md("Intro\n{{> defs}}\nOutro", { variables, values: { client: "X" }, lookup })).toBe(
      "Intro\n“Client” means X.\nOutro",
    );
  });

  it("accepts every id the library format allows, also where Handlebars would read a path or a number", () => {
    const ids = ["a..b", "v1.2.3", "a.this", "2024", "1.50", "x-", "true", "a_b.c-d"];
    const idLookup = libraryLookup(ids.map((id) => snippet(id, `[${id}]`)));
    for (const id of ids) {
      expect(md(`<{{> ${id}}}> <{{~> ${id} ~}}> <{{> "${id}"}}>`, { lookup: idLookup })).toBe(
        `<[${id}]> <[${id}]> <[${id}]>`,
      );
    }
    // Escaped, the tag is literal text; after an escaped backslash it is a real include.
    expect(md("\\{{> a..b}} \\\\{{> a..b}}", { lookup: idLookup })).toBe("{{> a..b}} \\[a..b]");
  });

  it("an indented standalone include indents every line (an include inside a list item)", () => {
    const out = md("- item\n  {{> sub}}\n- next\n", { lookup });
    expect(out).toBe("- item\n  - a\n  - b\n- next\n");
    const list = parseMarkdown(out).children[0] as { children: Array<{ children: Array<{ type: string }> }> };
    expect(list.children).toHaveLength(2);
    expect(list.children[0]?.children.map((c) => c.type)).toEqual(["paragraph", "list"]);
  });

  it("lists included snippets as id@version, transitively, in first-use order, once each", () => {
    const result = expand("{{> outer}} {{> defs}} {{> sub}}", { variables, values: { client: "X" }, lookup });
    expect(result.problems).toEqual([]);
    expect(result.includes).toEqual(["outer@1", "defs@3", "std.defs-v2@1", "sub@1"]);
  });

  it("inside {{#each}} the included body sees the item's fields", () => {
    const values = { client: "Ann", items: [{ what: "Pens" }, { what: "Ink" }] };
    expect(md("{{#each items}}\n{{> item-line}}\n{{/each}}", { variables, values, lookup })).toBe(
      "* Pens for Ann\n* Ink for Ann\n",
    );
  });

  it("a missing snippet is a problem at the tag", () => {
    const result = expand("Line one\n  see {{> nope}}", { lookup });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: "TEMPLATE_INCLUDE_NOT_FOUND",
        path: "snippets[0].body",
        line: 2,
        column: 7,
      }),
    ]);
    expect(result.markdown).toBe("Line one\n  see ");
  });

  it("a cycle is reported at the tag that closes it, naming the chain", () => {
    const cyc = [snippet("a", "A {{> b}}"), snippet("b", "B\n{{> a}}\n"), snippet("self", "S {{> self}}")];
    const result = expand("A {{> b}}", { snippetId: "a", lookup: libraryLookup(cyc) });
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({
      code: "TEMPLATE_INCLUDE_CYCLE",
      path: "snippets[1].body",
      line: 2,
      column: 1,
    });
    expect(result.problems[0]?.message).toContain("a → b → a");
    expect(result.markdown).toBe("A B\n");
    const self = expand("S {{> self}}", {
      snippetId: "self",
      path: "snippets[2].body",
      lookup: libraryLookup(cyc),
    });
    expect(self.problems[0]?.message).toContain("self → self");
  });

  it("problems inside an included body carry that body's path and position", () => {
    const bad = [snippet("x", "ok\n{{nope}}")];
    const result = expand("{{> x}}", { lookup: libraryLookup(bad) });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: "TEMPLATE_UNKNOWN_VARIABLE",
        path: "snippets[0].body",
        line: 2,
        column: 3,
      }),
    ]);
  });
});

describe("{{#note}} drafting notes", () => {
  it("wraps inline text in note sentinels and collects the text", () => {
    const result = expand('Pay within {{#note "Check the term"}}30 days{{/note}} net.');
    expect(result.markdown).toBe(`Pay within ${noteStart(0)}30 days${noteEnd(0)} net.`);
    expect(result.notes).toEqual(["Check the term"]);
  });

  it("a block-level note keeps headings and list items intact", () => {
    const out = md('{{#note "N"}}\n## Title\n\nText.\n{{/note}}\nNext');
    expect(out).toBe(`## ${noteStart(0)}Title\n\nText.${noteEnd(0)}\nNext`);
    expect(nodeTypes(out)).toEqual(["heading", "text", "paragraph", "text"]);
    const item = md('{{#note "N"}}\n- item\n{{/note}}\n');
    expect(item).toBe(`- ${noteStart(0)}item${noteEnd(0)}\n`);
  });

  it("notes in a loop get one index each; nested notes nest", () => {
    const result = expand('{{#each items}}{{#note "n"}}{{what}}{{/note}} {{/each}}', {
      variables,
      values: { items: [{ what: "a" }, { what: "b" }] },
    });
    expect(result.markdown).toBe(`${noteStart(0)}a${noteEnd(0)} ${noteStart(1)}b${noteEnd(1)} `);
    expect(result.notes).toEqual(["n", "n"]);
    const nested = expand('{{#note "outer"}}x {{#note "inner"}}y{{/note}}{{/note}}');
    expect(nested.markdown).toBe(`${noteStart(0)}x ${noteStart(1)}y${noteEnd(1)}${noteEnd(0)}`);
    expect(nested.notes).toEqual(["outer", "inner"]);
  });

  it("a note around nothing leaves no range", () => {
    const result = expand('a {{#note "n"}}{{#if x}}gone{{/if}}{{/note}}b', {
      variables: vars(v("x", "boolean")),
      values: { x: false },
    });
    expect(result.markdown).toBe("a b");
  });
});
