import { describe, expect, it } from "@jest/globals";
import { TEMPLATE_CODES } from "../../../src/engine/errors/codes-template";
import type { Problem } from "../../../src/engine/errors/problem";
import { checkTemplate, collectVariables } from "../../../src/engine/template";
import { expand, libraryLookup, snippet, v, vars } from "./helpers";

const variables = vars(
  v("client", "text"),
  v("x", "boolean"),
  v("items", "list", { fields: [v("what", "text")] }),
);
const lookup = libraryLookup([
  snippet("a", "{{> b}}"),
  snippet("b", "{{> c}}"),
  snippet("c", "x\n {{> a}}"),
  snippet("d", "ok"),
]);
const check = (body: string, snippetId = "main"): Problem[] =>
  checkTemplate({ body, path: "snippets[9].body", snippetId, variables, lookup });
const seen = new Set<string>();
const brief = (ps: Problem[]): string[] =>
  ps.map((p) => (seen.add(p.code), `${p.code} ${p.line}:${p.column}`));

describe("checkTemplate: one case per code, with line and column", () => {
  it.each([
    ["Line 1\nDear {{name, welcome", "TEMPLATE_SYNTAX 2:6"],
    ["a {{ }} b", "TEMPLATE_SYNTAX 1:6"],
    ["a\n  {{#if x}}\nb", "TEMPLATE_UNCLOSED_BLOCK 2:3"],
    ["{{#if x}}\n{{#each items}}a{{/if}}{{/each}}", "TEMPLATE_MISMATCHED_BLOCK 2:17"],
    ["text {{/if}}", "TEMPLATE_MISMATCHED_BLOCK 1:6"],
    ["a {{else}} b", "TEMPLATE_MISPLACED_ELSE 1:3"],
    ["{{#if x}}a{{else}}b{{else}}c{{/if}}", "TEMPLATE_MISPLACED_ELSE 1:20"],
    ['x\n{{#note "n"}}a{{else}}b{{/note}}', "TEMPLATE_MISPLACED_ELSE 2:1"],
    ["ok {{{client}}}", "TEMPLATE_UNSUPPORTED 1:4"],
    ["{{client.name}}", "TEMPLATE_UNSUPPORTED 1:3"],
    ["{{#each items as |i|}}{{/each}}", "TEMPLATE_UNSUPPORTED 1:1"],
    ["{{#> layout}}{{/layout}}", "TEMPLATE_UNSUPPORTED 1:1"],
    ["{{eq x 1}}", "TEMPLATE_UNSUPPORTED 1:1"],
    ["Dear {{cleint}}", "TEMPLATE_UNKNOWN_VARIABLE 1:8"],
    ["{{#if x}}\n  {{@index}}\n{{/if}}", "TEMPLATE_UNKNOWN_VARIABLE 2:5"],
    ["{{#with client}}{{/with}}", "TEMPLATE_UNKNOWN_HELPER 1:4"],
    ["{{#if (foo x)}}{{/if}}", "TEMPLATE_UNKNOWN_HELPER 1:8"],
    ["{{shout client}}", "TEMPLATE_UNKNOWN_HELPER 1:3"],
    ['{{#if x "gold"}}a{{/if}}', "TEMPLATE_HELPER_ARGUMENTS 1:1"],
    ["{{#if (eq x)}}{{/if}}", "TEMPLATE_HELPER_ARGUMENTS 1:7"],
    ["{{#if (and x)}}{{/if}}", "TEMPLATE_HELPER_ARGUMENTS 1:7"],
    ["{{#note}}{{/note}}", "TEMPLATE_HELPER_ARGUMENTS 1:1"],
    ["{{#each}}{{/each}}", "TEMPLATE_HELPER_ARGUMENTS 1:1"],
    ["See\n\n{{> missing}}", "TEMPLATE_INCLUDE_NOT_FOUND 3:1"],
    ["{{#each client}}{{/each}}", "TEMPLATE_NOT_A_LIST 1:9"],
    ["End. {{pagebreak}}", "TEMPLATE_TAG_NOT_ALONE 1:6"],
    ["{{#if x}}{{toc}}{{/if}}", "TEMPLATE_TAG_NOT_ALONE 1:10"],
  ])("%j → %s", (body, expected) => {
    const problems = check(body);
    expect(brief(problems)).toEqual([expected]);
    expect(problems[0]?.path).toBe("snippets[9].body");
    expect(problems[0]?.severity).toBe("error");
    expect(problems[0]?.message.length).toBeGreaterThan(10);
  });

  it("suggests a close name for a misspelt variable", () => {
    expect(check("{{cleint}}")[0]?.message).toContain('did you mean "client"');
  });

  it("reports a cycle through the checked snippet with the whole chain", () => {
    const problems = check("Intro\n  {{> b}}", "a");
    expect(brief(problems)).toEqual(["TEMPLATE_INCLUDE_CYCLE 2:3"]);
    expect(problems[0]?.message).toContain("a → b → c → a");
    // A snippet that only reaches a cycle elsewhere is not blamed for it.
    expect(check("{{> b}}", "d")).toEqual([]);
  });

  it("reports every problem at once, in source order", () => {
    const body = "{{#each client}}{{cleint}}{{/each}}\nEnd {{toc}}\n{{> nope}} {{#if (zz x)}}{{/if}}";
    expect(brief(check(body))).toEqual([
      "TEMPLATE_NOT_A_LIST 1:9",
      "TEMPLATE_UNKNOWN_VARIABLE 1:19",
      "TEMPLATE_TAG_NOT_ALONE 2:5",
      "TEMPLATE_INCLUDE_NOT_FOUND 3:1",
      "TEMPLATE_UNKNOWN_HELPER 3:19",
    ]);
  });

  it("accepts a correct template", () => {
    const body =
      '{{#each items}}\n- {{@number}}. {{what}} {{#if (and x (ne client "A"))}}{{client}}{{/if}}\n{{/each}}\n{{pagebreak}}\n{{page}}/{{pages}} {{today}} {{> d}}';
    expect(check(body)).toEqual([]);
  });
});

describe("expandTemplate reports problems instead of throwing", () => {
  it("reports problems in branches that are not taken, and still produces Markdown", () => {
    const r = expand("A{{#if x}}{{nope}}{{/if}}B", { variables, values: { x: false } });
    expect(r.markdown).toBe("AB");
    expect(brief(r.problems)).toEqual(["TEMPLATE_UNKNOWN_VARIABLE 1:13"]);
  });

  it("a syntax error yields one problem and no Markdown", () => {
    const r = expand("ok\n{{#if x}}");
    expect(brief(r.problems)).toEqual(["TEMPLATE_UNCLOSED_BLOCK 2:1"]);
    expect(r.markdown).toBe("");
  });
});

describe("values the text uses but does not have (issue 24: broken sentences never pass silently)", () => {
  const parties = vars(
    v("mutual", "boolean"),
    v("recipient", "text", { label: "Receiving party" }),
    v("discloser", "text", { label: "Disclosing party" }),
    v("rows", "list", { fields: [v("item", "text"), v("note", "text")] }),
  );
  const nda =
    "# Confidentiality\n\n{{#if mutual}}Each Party{{else}}{{recipient}}{{/if}} shall keep all Confidential Information of {{#if mutual}}the other Party{{else}}{{discloser}}{{/if}}, use it only for this Agreement.";
  const run = (body: string, values: Record<string, unknown>) => {
    const r = expand(body, { variables: parties, values: values as never });
    r.problems.forEach((p) => seen.add(p.code));
    return r;
  };

  it("one-way without the parties: a warning for each variable the branch taken uses, at its tag, quoting the text", () => {
    const r = run(nda, { mutual: false });
    expect(r.problems.map((p) => `${p.code} ${p.severity} ${p.line}:${p.column}`)).toEqual([
      "VALUE_MISSING_HERE warning 3:33",
      "VALUE_MISSING_HERE warning 3:134",
    ]);
    expect(r.problems[0]!.message).toContain('"recipient" (Receiving party) has no value');
    expect(r.problems[1]!.message).toContain("“…keep all Confidential Information of , use it only for this Agreement.”");
    // Mutual: the branch taken uses neither party.
    expect(run(nda, { mutual: true }).problems).toEqual([]);
    expect(run(nda, { mutual: false, recipient: "Fabrikam", discloser: "Contoso" }).problems).toEqual([]);
  });

  it("an empty value inside a sentence is a warning with its place; alone on its line or in a cell of its own it is not", () => {
    const r = run(nda, { mutual: false, recipient: "Fabrikam", discloser: "" });
    expect(r.problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(["VALUE_EMPTY_IN_SENTENCE 3:134"]);
    expect(r.problems[0]!.message).toContain("Confidential Information of , use it");
    expect(run("Intro.\n\n{{discloser}}\n\nEnd.", { discloser: "" }).problems).toEqual([]);
    expect(run("| A | B |\n|---|---|\n| x | {{discloser}} |", { discloser: "  " }).problems).toEqual([]);
  });

  it("a list item's field without a value is reported only inside a sentence", () => {
    const rows = [{ item: "Audit" }, { item: "Review", note: "quarterly" }];
    const sentence = run("{{#each rows}}\n- {{item}}, done {{note}} at the latest.\n{{/each}}", { rows });
    expect(sentence.problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual(["VALUE_EMPTY_IN_SENTENCE 2:18"]);
    expect(run("| Item | Note |\n|---|---|\n{{#each rows}}\n| {{item}} | {{note}} |\n{{/each}}", { rows }).problems).toEqual([]);
  });
});

describe("collectVariables problems", () => {
  it("TEMPLATE_VARIABLE_CONFLICT (a reserved name is the model's VARIABLE_RESERVED, not reported twice)", () => {
    const lib = [
      snippet("main", "{{> inc}}", [v("term", "number"), v("today", "date")]),
      snippet("inc", "", [v("term", "text")]),
    ];
    const { problems } = collectVariables(lib[0]!, "snippets[0]", libraryLookup(lib));
    expect(problems.map((p) => `${p.code} ${p.severity} ${p.path}`)).toEqual([
      "TEMPLATE_VARIABLE_CONFLICT error snippets[1].variables[0].name",
    ]);
    problems.forEach((p) => seen.add(p.code));
  });
});

describe("the code catalogue", () => {
  it("every template code has been produced by a test above and is documented", () => {
    expect([...seen].sort()).toEqual(Object.keys(TEMPLATE_CODES).sort());
    for (const info of Object.values(TEMPLATE_CODES)) {
      expect(info.title).not.toBe("");
      expect(info.fix).not.toBe("");
      expect(info.example).not.toBe("");
    }
  });
});
