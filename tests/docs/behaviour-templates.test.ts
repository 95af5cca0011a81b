import { describe, expect, test } from "@jest/globals";
import { validateLibrary } from "../../src/engine";
import { assembly, build, buildProblems, library, paragraphs, TODAY } from "./helpers";

// The "Behaviour" and "Extension" notes of docs/templates.md, one claim per test.

const codes = (problems: ReadonlyArray<{ code: string }>) => problems.map((p) => p.code);

describe("templates.md", () => {
  const one = async (body: string, variables: unknown[], values: Record<string, unknown>, more = {}) =>
    (await build(library({ body, variables }), assembly([{ snippet: "s1", values }], more))).text;

  test("else if / else unless chains", async () => {
    const variables = [{ name: "plan", type: "choice", options: ["gold", "silver", "bronze"] }];
    const body = '{{#if (eq plan "gold")}}G{{else if (eq plan "silver")}}S{{else}}B{{/if}}';
    expect(await one(body, variables, { plan: "silver" })).toContain("S");
    expect(await one(body, variables, { plan: "bronze" })).toContain("B");
  });

  test("each: @index, @number, @first, @last, outer variables, and {{else}} for an empty list", async () => {
    const variables = [
      { name: "items", type: "list", fields: [{ name: "n", type: "text" }] },
      { name: "who", type: "text" },
    ];
    const body =
      "{{#each items}}\n- {{@index}} {{@number}} {{@first}} {{@last}} {{n}} {{who}}{{#unless @last}};{{/unless}}\n{{else}}\nNone.\n{{/each}}";
    const text = await one(body, variables, { items: [{ n: "a" }, { n: "b" }], who: "W" });
    expect(text).toContain("0 1 Yes No a W;");
    expect(text).toContain("1 2 No Yes b W\n");
    expect(await one(body, variables, { items: [] })).toContain("None.");
  });

  test("truth: blank-looking text is true, zero and empty lists are false", async () => {
    const variables = [
      { name: "s", type: "text" },
      { name: "n", type: "number" },
      { name: "l", type: "list", fields: [{ name: "x", type: "text" }] },
    ];
    const body = "[{{#if s}}s{{/if}}{{#if n}}n{{/if}}{{#if l}}l{{/if}}]";
    expect(await one(body, variables, { s: " ", n: 0, l: [] })).toContain("[s]");
  });

  test("comparisons: number and numeric text compare as numbers, dates as text", async () => {
    const variables = [
      { name: "term", type: "number" },
      { name: "start", type: "date" },
    ];
    const body =
      '[{{#if (eq term "2")}}eq{{/if}}{{#if (lt start "2027-01-01")}}lt{{/if}}{{#if (gt missing 1)}}gt{{/if}}]';
    const variablesWithMissing = [...variables, { name: "missing", type: "number" }];
    expect(await one(body, variablesWithMissing, { term: 2, start: "2026-05-01" })).toContain("[eqlt]");
  });

  test("built-in tags win over variables of the same name", async () => {
    const text = await one("{{today}}", [{ name: "today", type: "text" }], { today: "not this" });
    // {{today}} is the build's local day ("November 22, 2026" in most zones).
    expect(text).toContain(new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(TODAY));
    expect(text).not.toContain("not this");
  });

  test("values are literal text: no formatting, links, headings or HTML", async () => {
    const built = await build(
      library({ body: "{{v}}", variables: [{ name: "v", type: "text" }] }),
      assembly([
        { snippet: "s1", values: { v: "*ACME* [x](javascript:alert(1)) <b>hi</b> www.example.com a@b.com" } },
      ]),
    );
    expect(built.text).toContain("*ACME* [x](javascript:alert(1)) <b>hi</b> www.example.com a@b.com");
    expect(built.document).not.toContain("<w:hyperlink");
    expect(built.document).not.toContain("<w:b/>");
  });

  test("a multiline value keeps its breaks and leading spaces inside one paragraph", async () => {
    const built = await build(
      library({ body: "Address:\n\n{{a}}", variables: [{ name: "a", type: "multiline" }] }),
      assembly([{ snippet: "s1", values: { a: "  Line 1\n# Line 2\n\nLine 4" } }]),
    );
    const paras = paragraphs(built.document);
    expect(paras.map((p) => p.text)).toEqual(["Address:", "  Line 1\n# Line 2\n\nLine 4"]);
    expect(paras[1]!.style).toBeUndefined();
  });

  test("comments, ~ and \\{{", async () => {
    const text = await one(
      "A {{! note }}{{!-- has }} --}}B   {{~v}} \\{{v}}",
      [{ name: "v", type: "text" }],
      { v: "x" },
    );
    expect(text).toContain("A Bx {{v}}");
  });

  test("block tags alone on a line leave no empty paragraph", async () => {
    const built = await build(
      library({
        body: "One\n\n{{#if f}}\nHidden\n{{/if}}\n\nTwo",
        variables: [{ name: "f", type: "boolean" }],
      }),
      assembly([{ snippet: "s1", values: { f: false } }]),
    );
    expect(paragraphs(built.document).map((p) => p.text)).toEqual(["One", "Two"]);
  });

  test("an unknown name in a false branch is still an error", () => {
    const lib = validateLibrary(
      library({ body: "{{#if f}}{{nope}}{{/if}}", variables: [{ name: "f", type: "boolean" }] }),
    );
    expect(codes(lib.problems)).toEqual(["TEMPLATE_UNKNOWN_VARIABLE"]);
  });

  test("includes: quoted ids, shared values, a standalone include inside a list item", async () => {
    const built = await build(
      {
        format: "sectionsmith/library@1",
        snippets: [
          { id: "outer", title: "o", status: "approved", body: '- item\n\n  {{> "inner"}}\n- next' },
          {
            id: "inner",
            title: "i",
            status: "approved",
            body: "Inner {{who}}",
            variables: [{ name: "who", type: "text" }],
          },
        ],
      },
      assembly([{ snippet: "outer", values: { who: "W" } }]),
    );
    const paras = paragraphs(built.document);
    expect(paras.map((p) => p.text)).toEqual(["item", "Inner W", "next"]);
    expect(built.warnings).toEqual([]);
  });

  test("<br>, HTML comments, the allowed inline tags; other HTML is an error", async () => {
    const built = await build(
      library({ body: "a<br>b <!-- hidden --><u>u</u><sup>2</sup><sub>x</sub><mark>m</mark>" }),
      assembly([{ snippet: "s1" }]),
    );
    expect(built.text).toContain("a\nb u2xm");
    expect(built.text).not.toContain("hidden");
    for (const tag of [
      "<w:u ",
      '<w:vertAlign w:val="superscript"/>',
      '<w:vertAlign w:val="subscript"/>',
      '<w:highlight w:val="yellow"/>',
    ])
      expect(built.document).toContain(tag);
    expect(await buildProblems(library({ body: "<span>x</span>" }), assembly([{ snippet: "s1" }]))).toEqual([
      expect.stringContaining("MARKDOWN_HTML snippets[0].body:1:1"),
      expect.stringContaining("MARKDOWN_HTML snippets[0].body:1:8"),
    ]);
  });

  test("task lists; bare addresses stay text (no GFM autolink literals), <url> is a link", async () => {
    const built = await build(
      library({
        body: "See www.example.com or info@example.com or <https://example.com>.\n\n- [ ] open\n- [x] done",
      }),
      assembly([{ snippet: "s1" }]),
    );
    expect(built.document.match(/<w:hyperlink/g)).toHaveLength(1);
    const rels = (await built.part("word/_rels/document.xml.rels"))!;
    expect(rels).toContain('Target="https://example.com"');
    expect(built.text).toContain("See www.example.com or info@example.com or");
    expect(built.text).toContain("☐ open");
    expect(built.text).toContain("☑ done");
  });

  test("links: http, https and mailto in any case; an address built from a value is checked after filling in", async () => {
    const ok = await build(
      library({ body: "[a](HTTPS://x.example) [b](MAILTO:x@y.example)" }),
      assembly([{ snippet: "s1" }]),
    );
    expect(ok.document.match(/<w:hyperlink/g)).toHaveLength(2);
    const lib = library({ body: "[site]({{url}})", variables: [{ name: "url", type: "text" }] });
    expect(validateLibrary(lib).problems).toEqual([]);
    expect(
      await buildProblems(lib, assembly([{ snippet: "s1", values: { url: "javascript:alert(1)" } }])),
    ).toEqual([expect.stringContaining("MARKDOWN_LINK_SCHEME snippets[0].body:1:1")]);
  });

  test("footnotes: a label referenced twice gets two notes, missing definition kept as text, unused definition dropped", async () => {
    const built = await build(
      library({ body: "A[^n] B[^n] C[^missing]\n\n[^n]: Note.\n[^u]: Unused." }),
      assembly([{ snippet: "s1" }]),
    );
    expect(built.document.match(/<w:footnoteReference w:id="(\d+)"\/>/g)).toEqual([
      '<w:footnoteReference w:id="1"/>',
      '<w:footnoteReference w:id="2"/>',
    ]);
    expect(((await built.part("word/footnotes.xml")) ?? "").match(/Note\./g) ?? []).toHaveLength(2);
    expect(built.text).toContain("C[^missing]");
    expect(await built.part("word/footnotes.xml")).not.toContain("Unused.");
  });

  test("lists deeper than 9 levels stay at level 9", async () => {
    const body = Array.from({ length: 11 }, (_, i) => `${"  ".repeat(i)}- ${i + 1}`).join("\n");
    const built = await build(library({ body }), assembly([{ snippet: "s1" }]));
    const levels = [...built.document.matchAll(/<w:ilvl w:val="(\d+)"\/>/g)].map((m) => Number(m[1]));
    expect(levels).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]);
  });
});
