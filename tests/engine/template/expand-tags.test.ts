import { describe, expect, it } from "@jest/globals";
import { S_BREAK, S_PAGE, S_PAGEBREAK, S_PAGES, S_SPACE, S_TOC } from "../../../src/engine/template";
import { expand, md, v, vars } from "./helpers";

const people = vars(
  v("client", "text"),
  v("fee", "currency", { currency: "EUR" }),
  v("start", "date", { format: "d MMMM yyyy" }),
  v("mutual", "boolean"),
  v("term", "number"),
  v("address", "multiline"),
);

describe("expandTemplate: value tags", () => {
  it("{{name}} inserts the formatted value for the locale", () => {
    const values = { client: "Fabrikam", fee: 1234.5, start: "2026-11-22", term: 2 };
    expect(
      md("{{client}} pays {{fee}} from {{start}} for {{term}} years.", {
        variables: people,
        values,
        locale: "en-GB",
      }),
    ).toBe("Fabrikam pays €1\\,234\\.50 from 22 November 2026 for 2 years.");
    expect(md("{{fee}}", { variables: people, values, locale: "de-DE" })).toBe("1\\.234\\,50\u00a0€");
  });

  it("a value without a value given (optional, no default) inserts nothing", () => {
    // …and, since the text uses it, says so (issue 24: VALUE_MISSING_HERE, a warning).
    const r = expand("[{{client}}]", { variables: people, values: {} });
    expect(r.markdown).toBe("[]");
    expect(r.problems.map((p) => `${p.code} ${p.severity}`)).toEqual(["VALUE_MISSING_HERE warning"]);
  });

  it("rejects a name that has a value but no declaration (values are shared; declarations are not)", () => {
    const r = expand("Hi {{who}}", { values: { who: "Ann" } });
    expect(r.problems.map((p) => p.code)).toEqual(["TEMPLATE_UNKNOWN_VARIABLE"]);
  });

  it("a multiline value keeps its line breaks as S_BREAK and never starts a Markdown line", () => {
    expect(
      md("Address: {{address}}", { variables: people, values: { address: "1 Main St\n  Springfield" } }),
    ).toBe(`Address: 1 Main St${S_BREAK}${S_SPACE}${S_SPACE}Springfield`);
  });

  it("{{page}} and {{pages}} become field sentinels; {{today}} the formatted date", () => {
    expect(md("Page {{page}} of {{pages}}")).toBe(`Page ${S_PAGE} of ${S_PAGES}`);
    expect(md("Date: {{today}}", { locale: "en-GB" })).toBe("Date: 22 November 2026");
    expect(md("{{today}}", { locale: "en-US" })).toBe("November 22\\, 2026");
  });

  it("{{pagebreak}} and {{toc}} become paragraphs of their own", () => {
    expect(md("One\n{{pagebreak}}\nTwo")).toBe(`One\n\n\n${S_PAGEBREAK}\n\n\nTwo`);
    expect(md("{{toc}}\n# Intro")).toBe(`\n\n${S_TOC}\n\n\n# Intro`);
  });

  it("\\{{ is a literal {{", () => {
    expect(md("Write \\{{name}} for {{client}}", { variables: people, values: { client: "X" } })).toBe(
      "Write {{name}} for X",
    );
  });

  it("comments are dropped, and a comment alone on its line leaves no line", () => {
    expect(md("a {{! note to self }}b\n{{!-- whole line --}}\nc")).toBe("a b\nc");
  });
});

describe("expandTemplate: conditionals", () => {
  const flags = vars(
    v("mutual", "boolean"),
    v("client", "text"),
    v("n", "number"),
    v("items", "list", { fields: [v("x", "text")] }),
  );

  it("inline {{#if}}…{{else}}…{{/if}} mid-line", () => {
    const body = "{{#if mutual}}Each party{{else}}{{client}}{{/if}} shall keep it.";
    expect(md(body, { variables: flags, values: { mutual: true, client: "Contoso" } })).toBe(
      "Each party shall keep it.",
    );
    expect(md(body, { variables: flags, values: { mutual: false, client: "Contoso" } })).toBe(
      "Contoso shall keep it.",
    );
  });

  it("truth: non-empty text, non-zero number, non-empty list", () => {
    const body = "{{#if client}}T{{else}}F{{/if}}{{#if n}}T{{else}}F{{/if}}{{#if items}}T{{else}}F{{/if}}";
    expect(md(body, { variables: flags, values: { client: "a", n: 3, items: [{ x: "1" }] } })).toBe("TTT");
    expect(md(body, { variables: flags, values: { client: "", n: 0, items: [] } })).toBe("FFF");
  });

  it("{{#unless}} is the inverse, with an optional {{else}}", () => {
    const body = "{{#unless mutual}}one-way{{else}}mutual{{/unless}}";
    expect(md(body, { variables: flags, values: { mutual: false } })).toBe("one-way");
    expect(md(body, { variables: flags, values: { mutual: true } })).toBe("mutual");
  });

  it("{{else if}} chains", () => {
    const body = "{{#if (eq n 1)}}one{{else if (eq n 2)}}two{{else}}many{{/if}}";
    expect([1, 2, 7].map((n) => md(body, { variables: flags, values: { n } }))).toEqual([
      "one",
      "two",
      "many",
    ]);
  });
});

describe("expandTemplate: comparison helpers", () => {
  const p = vars(
    v("plan", "choice", { options: ["gold", "silver"] }),
    v("n", "number"),
    v("a", "boolean"),
    v("b", "boolean"),
    v("d", "date"),
  );
  const run = (cond: string, values: Record<string, string | number | boolean>): string =>
    md(`{{#if ${cond}}}Y{{else}}N{{/if}}`, { variables: p, values });

  it("eq / ne compare values (a number equals its numeric string)", () => {
    expect(run('(eq plan "gold")', { plan: "gold" })).toBe("Y");
    expect(run('(eq plan "gold")', { plan: "silver" })).toBe("N");
    expect(run('(ne plan "gold")', { plan: "silver" })).toBe("Y");
    expect(run("(eq n 2)", { n: 2 })).toBe("Y");
    expect(run('(eq n "2")', { n: 2 })).toBe("Y");
    expect(run("(eq a true)", { a: true })).toBe("Y");
  });

  it("gt / lt compare numbers, and dates as text", () => {
    expect(run("(gt n 10)", { n: 11 })).toBe("Y");
    expect(run("(gt n 10)", { n: 10 })).toBe("N");
    expect(run("(lt n 10)", { n: 9.5 })).toBe("Y");
    expect(run('(lt d "2027-01-01")', { d: "2026-11-22" })).toBe("Y");
    expect(run('(gt d "2027-01-01")', { d: "2026-11-22" })).toBe("N");
  });

  it("and / or / not, nested sub-expressions", () => {
    expect(run("(and a b)", { a: true, b: false })).toBe("N");
    expect(run("(or a b)", { a: true, b: false })).toBe("Y");
    expect(run("(not a)", { a: false })).toBe("Y");
    expect(run('(and (eq plan "gold") (or (gt n 5) (not a)))', { plan: "gold", n: 1, a: false })).toBe("Y");
    expect(run('(and (eq plan "gold") (or (gt n 5) (not a)))', { plan: "gold", n: 1, a: true })).toBe("N");
  });

  it("expansion reports no problem for valid helpers", () => {
    expect(
      expand("{{#if (eq plan 'gold')}}x{{/if}}", { variables: p, values: { plan: "gold" } }).problems,
    ).toEqual([]);
  });
});
