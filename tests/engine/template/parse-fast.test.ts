import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, jsonStrings, repositoryJsonFiles, ROOT } from "../../support/repository-files";
import { benchDocument } from "../../../bench/fixtures/document";
import { benchLibrary } from "../../../bench/fixtures/sectionsmith";
import { parseTemplateFast } from "../../../src/engine/template/parse";
import { tagSoup, renderTemplate, templateTree } from "../../fuzz/arbitraries/template";
import { mutatedTemplate, subsetTemplate } from "../../fuzz/arbitraries/template-text";
import { safeMarkdown } from "../../fuzz/arbitraries/markdown";
import { templateParsersAgree } from "../../support/template-agreement";

// The differential net of the template parse's fast path (issue 15; src/engine/template/parse-fast.ts,
// docs/decisions.md): for every template text the repository holds and for generated and mutated ones,
// parseTemplate's tree is @handlebars/parser's, node for node and position for position, or the fast path
// declined and the library parsed it (tests/support/template-agreement.ts). The tests also show that the
// texts the engine meets take the fast path, so the net is not vacuous. tests/fuzz/template-parsers.fuzz.ts
// runs the generated cases at fuzz scale.

/** String literals holding a tag in a TypeScript file, read loosely: any text is a fair input here. */
function literalsIn(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/"(?:[^"\\\n]|\\.)*\{\{(?:[^"\\\n]|\\.)*"/g)) {
    try {
      out.push(JSON.parse(m[0]) as string);
    } catch {
      // not a JSON string: skip
    }
  }
  for (const m of source.matchAll(/`[^`]*\{\{[^`]*`/g)) out.push(m[0].slice(1, -1).replace(/\\n/g, "\n").replace(/\\\\/g, "\\"));
  return out;
}

describe("the template parse's fast path builds @handlebars/parser's tree (template/parse-fast.ts)", () => {
  it("for every string of the repository's libraries, assemblies, examples and fixtures", () => {
    const files = repositoryJsonFiles();
    const texts = new Set<string>();
    for (const file of files) for (const s of jsonStrings(JSON.parse(readFileSync(file, "utf8")))) texts.add(s);
    let fast = 0;
    let tagged = 0;
    for (const text of texts) {
      if (templateParsersAgree(text) === "fast") fast++;
      if (text.includes("{{")) tagged++;
    }
    expect(tagged).toBeGreaterThan(80);
    // All of them but those with a construct the fast path leaves to the library.
    expect(fast / texts.size).toBeGreaterThan(0.97);
  });

  it("for the template texts written in the tests and the documentation", () => {
    const texts = new Set<string>();
    for (const file of filesUnder(join(ROOT, "tests"), ".ts")) for (const s of literalsIn(readFileSync(file, "utf8"))) texts.add(s);
    for (const file of filesUnder(join(ROOT, "docs"), ".md")) {
      const doc = readFileSync(file, "utf8");
      for (const m of doc.matchAll(/```handlebars\n([\s\S]*?)```/g)) texts.add(m[1]!);
      for (const m of doc.matchAll(/`([^`\n]*\{\{[^`\n]*)`/g)) texts.add(m[1]!);
    }
    let fast = 0;
    for (const text of texts) if (templateParsersAgree(text) === "fast") fast++;
    expect(texts.size).toBeGreaterThan(500);
    // Many of these are the tests' hostile and unsupported cases, which the library must parse.
    expect(fast / texts.size).toBeGreaterThan(0.5);
  });

  it("for the benchmark's library: every body on the fast path", () => {
    const library = benchLibrary(benchDocument(100)) as { snippets: Array<{ body: string }> };
    for (const { body } of library.snippets) {
      expect(templateParsersAgree(body)).toBe("fast");
    }
  });

  it("for generated bodies of the subset, mutated ones, tag soups and the fuzz suite's template trees", () => {
    const ctx = { scalars: ["client", "fee"], flags: ["mutual"], lists: [{ name: "rows", fields: ["item", "qty"] }], includes: ["s1", "clause-2"] };
    const tally = { fast: 0, library: 0 };
    const check = (body: string): void => {
      tally[templateParsersAgree(body)]++;
    };
    fc.assert(fc.property(subsetTemplate, check), { numRuns: 300 });
    fc.assert(fc.property(mutatedTemplate, check), { numRuns: 300 });
    fc.assert(fc.property(tagSoup(safeMarkdown), check), { numRuns: 100 });
    fc.assert(fc.property(templateTree(safeMarkdown).map((t) => renderTemplate(t, ctx)), check), { numRuns: 100 });
    // The net is not vacuous: a good share is built by the fast path and compared.
    expect(tally.fast / (tally.fast + tally.library)).toBeGreaterThan(0.4);
  });

  it("at the edges: each takes the fast path and agrees, or is left to the library", () => {
    const cases = [
      "",
      "plain text, no tags",
      "{{a}}",
      " {{a}} ",
      "{{#if a}}{{/if}}",
      "{{#if a}}\n{{/if}}\n",
      "\n{{#if a}}\n  x\n{{/if}}\n",
      "  {{#if a}}  \n  x\n  {{else}}  \n  y\n  {{/if}}  \n",
      "{{#if a}}A{{else if b}}B{{else}}C{{/if}}",
      "{{#if a}}\nA\n{{else if b}}\nB\n{{else if c}}\n{{else}}\nC\n{{/if}}\n",
      "{{#if a}}{{else if b}}{{/if}}",
      "{{#if a}}x{{elseif b}}y{{/if}}",
      "{{#if a}}x{{else\tif b}}y{{/if}}",
      "{{#unless a}}\n{{else unless b}}\n{{/unless}}",
      "  {{> ___}}\n",
      "x\n\t {{> s1}}\t\n- y",
      "{{> \"s1\"}}",
      "{{#each rows}}\n| {{item}} | {{@index}} |\n{{/each}}",
      "{{#if (and a (not b) \"s\" 'q' 12 true)}}x{{/if}}",
      "{{#note \"Check the term\"}}text{{/note}}",
      // Left to the library: each is outside the subset or an error.
      "\\{{a}}", "\\\\{{a}}", "{{! c }}", "{{!-- c --}}", "{{~a}}", "{{a~}}", "{{{a}}}", "{{&a}}", "{{a}}}", "{{^}}",
      "{{#if a}}x{{^}}y{{/if}}", "{{#> p}}x{{/p}}", "{{*d}}", "{{a.b}}", "{{../a}}", "{{this}}", "{{a=1}}", "{{#each x as |y|}}{{/each}}",
      "{{a\n}}", "a\rb{{c}}", "a\u2028{{b}}", "a\u0000{{b}}", "{{#if a}}", "{{/if}}", "{{else}}", "{{#if a}}{{/unless}}", "{{a",
      "{{#if a}}{{else}}{{else}}{{/if}}", "{{null}}", "{{undefined}}", "{{-1}}", "{{1.5}}", "{{@ a}}", '{{"a\\"b"}}',
      `${"x".repeat(5000)}{{a}}`, `${"y ".repeat(2100)}\n{{#if a}}\n{{/if}}`, `{{#note "${"z".repeat(4100)}"}}{{/note}}`,
    ];
    const fastOnes = cases.filter((body) => templateParsersAgree(body) === "fast");
    expect(fastOnes).toEqual(cases.slice(0, 20));
    expect(parseTemplateFast("\\{{a}}")).toBeUndefined();
  });
});
