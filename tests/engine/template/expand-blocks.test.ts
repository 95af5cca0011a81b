import { describe, expect, it } from "@jest/globals";
import { md, nodeTypes, parseMarkdown, v, vars } from "./helpers";

const items = v("items", "list", { fields: [v("what", "text"), v("qty", "number"), v("urgent", "boolean")] });
const variables = vars(
  items,
  v("vat", "boolean"),
  v("client", "text"),
  v("people", "list", { fields: [v("name", "text")] }),
);
const two = [
  { what: "Pens", qty: 2, urgent: false },
  { what: "Ink", qty: 1, urgent: true },
];

describe("standalone block lines", () => {
  it("a false block-level {{#if}} leaves no line and no empty paragraph", () => {
    const body = "First.\n\n{{#if vat}}\nVAT applies.\n\n{{/if}}\nLast.\n";
    expect(md(body, { variables, values: { vat: false } })).toBe("First.\n\nLast.\n");
    expect(md(body, { variables, values: { vat: true } })).toBe("First.\n\nVAT applies.\n\nLast.\n");
    expect(nodeTypes(md(body, { variables, values: { vat: false } }))).toEqual([
      "paragraph",
      "text",
      "paragraph",
      "text",
    ]);
  });

  it("block tags may be indented; their whole line disappears", () => {
    const body = "- a\n  {{#if vat}}\n- b\n  {{/if}}\n- c\n";
    expect(md(body, { variables, values: { vat: false } })).toBe("- a\n- c\n");
    expect(md(body, { variables, values: { vat: true } })).toBe("- a\n- b\n- c\n");
  });

  it("{{else}} alone on its line disappears too", () => {
    const body = "{{#if vat}}\nwith VAT\n{{else}}\nwithout VAT\n{{/if}}\nend";
    expect(md(body, { variables, values: { vat: true } })).toBe("with VAT\nend");
    expect(md(body, { variables, values: { vat: false } })).toBe("without VAT\nend");
  });
});

describe("{{#each}}", () => {
  it("generates list items; an empty list leaves nothing", () => {
    const body = "Items:\n\n{{#each items}}\n- {{what}} × {{qty}}\n{{/each}}\n\nEnd.\n";
    expect(md(body, { variables, values: { items: two } })).toBe("Items:\n\n- Pens × 2\n- Ink × 1\n\nEnd.\n");
    const tree = parseMarkdown(md(body, { variables, values: { items: two } }));
    expect(tree.children.map((c) => c.type)).toEqual(["paragraph", "list", "paragraph"]);
    expect(md(body, { variables, values: { items: [] } })).toBe("Items:\n\n\nEnd.\n");
    expect(parseMarkdown(md(body, { variables, values: { items: [] } })).children.map((c) => c.type)).toEqual(
      ["paragraph", "paragraph"],
    );
  });

  it("generates table rows, with a conditional row inside the loop", () => {
    const body = [
      "| # | Item | Qty |",
      "|---|------|----:|",
      "{{#each items}}",
      "| {{@number}} | {{what}} | {{qty}} |",
      "{{#if urgent}}",
      "| | ↳ urgent | |",
      "{{/if}}",
      "{{/each}}",
      "",
      "After.",
    ].join("\n");
    const out = md(body, { variables, values: { items: two } });
    expect(out).toBe(
      "| # | Item | Qty |\n|---|------|----:|\n| 1 | Pens | 2 |\n| 2 | Ink | 1 |\n| | ↳ urgent | |\n\nAfter.",
    );
    const tree = parseMarkdown(out);
    expect(tree.children.map((c) => c.type)).toEqual(["table", "paragraph"]);
    const table = tree.children[0] as { children: unknown[] };
    expect(table.children).toHaveLength(4);
  });

  it("@index counts from 0, @number from 1, @first/@last mark the ends", () => {
    const body = "{{#each items}}{{@index}}/{{@number}}{{#if @first}}F{{/if}}{{#if @last}}L{{/if}} {{/each}}";
    expect(md(body, { variables, values: { items: two } })).toBe("0/1F 1/2L ");
  });

  it("{{else}} in {{#each}} is the text for an empty list", () => {
    const body = "{{#each items}}{{what}}{{else}}none{{/each}}";
    expect(md(body, { variables, values: { items: [] } })).toBe("none");
    expect(md(body, { variables, values: { items: two } })).toBe("PensInk");
  });

  it("names inside resolve to the item's fields first, then outer variables", () => {
    const shadow = vars(v("what", "text"), items, v("client", "text"));
    const body = "{{what}}: {{#each items}}{{what}} for {{client}}; {{/each}}";
    expect(md(body, { variables: shadow, values: { what: "Order", client: "Ann", items: two } })).toBe(
      "Order: Pens for Ann; Ink for Ann; ",
    );
  });

  it("nests each inside each and if inside each", () => {
    const body = [
      "{{#each people}}",
      "- {{name}}",
      "{{#each items}}",
      "  - {{what}}{{#if urgent}} (urgent){{/if}}",
      "{{/each}}",
      "{{/each}}",
    ].join("\n");
    const out = md(body, { variables, values: { people: [{ name: "Ann" }, { name: "Bo" }], items: two } });
    expect(out).toBe("- Ann\n  - Pens\n  - Ink (urgent)\n- Bo\n  - Pens\n  - Ink (urgent)\n");
    const list = parseMarkdown(out).children[0] as { type: string; children: Array<{ children: unknown[] }> };
    expect(list.type).toBe("list");
    expect(list.children).toHaveLength(2);
    expect(list.children[0]?.children.map((c) => (c as { type: string }).type)).toEqual([
      "paragraph",
      "list",
    ]);
  });

  it("a conditional list item among static ones leaves the list intact", () => {
    const body = "1. one\n{{#if vat}}\n2. VAT\n{{/if}}\n3. three\n";
    const out = md(body, { variables, values: { vat: false } });
    expect(out).toBe("1. one\n3. three\n");
    const list = parseMarkdown(out).children[0] as { type: string; children: unknown[] };
    expect(list.type).toBe("list");
    expect(list.children).toHaveLength(2);
  });
});
