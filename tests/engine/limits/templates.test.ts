import { describe, expect, it } from "@jest/globals";
import { checkTemplate, expandTemplate, validateLibrary } from "../../../src/engine";
import {
  createExpandBudget,
  MAX_EXPANDED_SIZE,
  MAX_INCLUDE_DEPTH,
  MAX_SECTION_EXPANDED_SIZE,
  MAX_TEMPLATE_NESTING,
  MAX_TEMPLATE_STEPS,
} from "../../../src/engine/limits";
import { assembly, build, bodyText, library } from "../support";
import { failure, HANG_GUARD_MS, only } from "./helpers";

// Template limits: block nesting, include depth, and the expansion budget (steps and size) that one
// document shares across all its sections.

const flag = [{ name: "a", type: "boolean", default: true }];
const nestedIfs = (n: number) => "{{#if a}}".repeat(n) + "deep" + "{{/if}}".repeat(n);

describe("template nesting", () => {
  it(`builds ${MAX_TEMPLATE_NESTING} nested blocks`, async () => {
    const b = await build(library({ id: "s1", body: nestedIfs(MAX_TEMPLATE_NESTING), variables: flag }), assembly([{ snippet: "s1" }]));
    expect(bodyText(b.document)).toBe("deep");
  });

  it("refuses one more with LIMIT_TEMPLATE_NESTING at the tag that goes too deep", async () => {
    const body = "intro\n" + nestedIfs(MAX_TEMPLATE_NESTING + 1);
    const p = only(await failure(library({ id: "s1", body, variables: flag }), assembly([{ snippet: "s1" }])), "LIMIT_TEMPLATE_NESTING");
    expect(p.path).toBe("snippets[0].body");
    expect(p.line).toBe(2);
    expect(p.column).toBe(1 + 9 * MAX_TEMPLATE_NESTING); // the 21st {{#if a}}
    expect(p.message).toContain(String(MAX_TEMPLATE_NESTING));
  });

  it("answers 10,000 unclosed blocks at once (the Handlebars parser took minutes on them)", async () => {
    const problems = await failure(library({ id: "s1", body: "{{#if a}}".repeat(10_000), variables: flag }), assembly([{ snippet: "s1" }]));
    only(problems, "LIMIT_TEMPLATE_NESTING"); // in milliseconds: the suite's timeout is the hang guard
  });

  it("counts chained {{else if}} as levels (the parser nests them)", async () => {
    const body = "{{#if a}}x" + "{{else if a}}y".repeat(MAX_TEMPLATE_NESTING) + "{{/if}}";
    only(await failure(library({ id: "s1", body, variables: flag }), assembly([{ snippet: "s1" }])), "LIMIT_TEMPLATE_NESTING");
    const ok = "{{#if a}}x" + "{{else if a}}y".repeat(3) + "{{/if}}";
    expect(bodyText((await build(library({ id: "s1", body: ok, variables: flag }), assembly([{ snippet: "s1" }]))).document)).toBe("x");
  });

  it("refuses sub-expressions nested 2,000 deep instead of overflowing the stack", async () => {
    const body = "{{#if " + "(not ".repeat(2000) + "a" + ")".repeat(2000) + "}}x{{/if}}";
    const p = only(await failure(library({ id: "s1", body, variables: flag }), assembly([{ snippet: "s1" }])), "LIMIT_TEMPLATE_NESTING");
    expect(p.message).toMatch(/\(…\) nested 2000 deep/);
  });

  it("ignores braces that are escaped or inside comments", async () => {
    const body = "\\{{#if a}}".repeat(30) + "{{!-- " + "{{#if a}}".repeat(30) + " --}}ok";
    const b = await build(library({ id: "s1", body, variables: flag }), assembly([{ snippet: "s1" }]));
    expect(bodyText(b.document)).toBe("{{#if a}}".repeat(30) + "ok");
  });

  it("is reported by checkTemplate (library validation) too", () => {
    const problems = checkTemplate({ body: nestedIfs(25), path: "snippets[0].body", variables: new Map(), lookup: () => undefined });
    expect(problems.map((p) => p.code)).toEqual(["LIMIT_TEMPLATE_NESTING"]);
  });
});

/** Snippets c0 → c1 → … → c{n-1}, each including the next. */
const chain = (n: number, body = (i: number) => (i < n - 1 ? `c${i} {{> c${i + 1}}}` : `c${i}`)) =>
  library(...Array.from({ length: n }, (_, i) => ({ id: `c${i}`, body: body(i) })));

describe("include depth", () => {
  it(`builds includes nested ${MAX_INCLUDE_DEPTH} deep`, async () => {
    const b = await build(chain(MAX_INCLUDE_DEPTH + 1), assembly([{ snippet: "c0" }]));
    expect(bodyText(b.document)).toBe(Array.from({ length: MAX_INCLUDE_DEPTH + 1 }, (_, i) => `c${i}`).join(" "));
  });

  it("refuses one more with LIMIT_INCLUDE_DEPTH at the include that goes too deep, with the chain", async () => {
    const p = only(await failure(chain(MAX_INCLUDE_DEPTH + 2), assembly([{ snippet: "c0" }])), "LIMIT_INCLUDE_DEPTH");
    expect(p.path).toBe(`snippets[${MAX_INCLUDE_DEPTH}].body`);
    expect(p.message).toContain("c0 → c1 → c2");
    expect(p.message).toContain(`at most ${MAX_INCLUDE_DEPTH}`);
  });

  it("handles a chain of 3,000 includes without overflowing the stack, in build and in validation", async () => {
    const lib = chain(3000);
    only(await failure(lib, assembly([{ snippet: "c0" }])), "LIMIT_INCLUDE_DEPTH");
    // The test's timeout is the hang guard (speed targets are in npm run bench): a walk that followed
    // every chain to its end would take minutes here. Alone, the build takes well under a second and
    // validating the 3,000 snippets about 5 s.
    expect((await validateLibrary(lib)).ok).toBe(true);
  }, HANG_GUARD_MS);

  it("still finds a cycle (a long one is a depth error when built)", async () => {
    const cyc = chain(3, (i) => `c${i} {{> c${(i + 1) % 3}}}`);
    const problems = (await validateLibrary(cyc)).problems.map((p) => p.code);
    expect(problems).toContain("TEMPLATE_INCLUDE_CYCLE");
  });
});

describe("the expansion budget of a document", () => {
  it("stops loops inside loops with LIMIT_TEMPLATE_WORK, quickly, even when they write nothing", async () => {
    const lib = library({
      id: "s1",
      body: "{{#each l}}{{#each l}}{{#each l}}{{/each}}{{/each}}{{/each}}",
      variables: [{ name: "l", type: "list", fields: [{ name: "a", type: "text" }] }],
    });
    const items = Array.from({ length: 1000 }, () => ({ a: "x" }));
    const problems = await failure(lib, assembly([{ snippet: "s1", values: { l: items } }]));
    // Bounded work: the budget counts steps, and the build stops at its 1,000,000th (not 10⁹ of them).
    const p = only(problems, "LIMIT_TEMPLATE_WORK");
    expect(p.message).toContain("1,000,000");
  });

  it("stops exponential includes (each snippet includes the next twice) with LIMIT_EXPANDED_SIZE", async () => {
    // 2^9 copies of the last snippet: twice the limit, whatever the limit is.
    const leaf = Math.ceil((2 * MAX_EXPANDED_SIZE) / 2 ** 9);
    const lib = chain(10, (i) => (i < 9 ? `{{> c${i + 1}}}{{> c${i + 1}}}` : "x".repeat(leaf)));
    only(await failure(lib, assembly([{ snippet: "c0" }])), "LIMIT_EXPANDED_SIZE");
  });

  it("is shared by all sections: many sections that each fit cannot add up past it, and it is reported once", async () => {
    const each = Math.ceil(MAX_EXPANDED_SIZE / 1000);
    const lib = library({ id: "s1", body: "x".repeat(each) });
    const problems = await failure(lib, assembly(Array.from({ length: 1001 }, () => ({ snippet: "s1" }))));
    expect(only(problems, "LIMIT_EXPANDED_SIZE").path).toBe("snippets[0].body");
  });

  it("counts line breaks and mark-up, not just characters (a list item costs as much as a short paragraph)", async () => {
    const lib = library({ id: "s1", body: "- a\n".repeat(Math.ceil(MAX_EXPANDED_SIZE / 40)) });
    only(await failure(lib, assembly([{ snippet: "s1" }])), "LIMIT_EXPANDED_SIZE");
  });

  it("does not count embedded image data (images have their own limit)", () => {
    const uri = "data:image/png;base64," + "A".repeat(MAX_EXPANDED_SIZE + 10);
    const result = expandTemplate({
      body: `![x](${uri})`,
      path: "body",
      variables: new Map(),
      values: {},
      valuesPath: "values",
      lookup: () => undefined,
      locale: "en-US",
      today: new Date(),
    });
    expect(result.problems).toEqual([]);
  });

  it("stops one section at MAX_SECTION_EXPANDED_SIZE while the document's budget goes on across sections", () => {
    const budget = createExpandBudget();
    const expand = (body: string) =>
      expandTemplate({ body, path: "body", variables: new Map(), values: {}, valuesPath: "values", lookup: () => undefined, locale: "en-US", today: new Date(), budget });
    // Sections of 80% of the section limit each: every one builds, and the document's budget counts them all.
    const part = "x".repeat(Math.floor(0.8 * MAX_SECTION_EXPANDED_SIZE));
    for (let i = 0; i < 3; i++) expect(expand(part).problems).toEqual([]);
    expect(budget.size).toBe(MAX_EXPANDED_SIZE - 3 * part.length);
    // One section over it is refused, with the section's limit in the message.
    const over = expand("y".repeat(MAX_SECTION_EXPANDED_SIZE + 1));
    expect(over.problems.map((p) => p.code)).toEqual(["LIMIT_EXPANDED_SIZE"]);
    expect(over.problems[0]!.message).toContain("in one section");
    expect(MAX_SECTION_EXPANDED_SIZE).toBeLessThan(MAX_EXPANDED_SIZE);
  });

  it(`a fresh budget for every build: ${MAX_TEMPLATE_STEPS} steps are not used up by earlier builds`, async () => {
    const lib = library({ id: "s1", body: "{{#each l}}{{a}}{{/each}}", variables: [{ name: "l", type: "list", fields: [{ name: "a", type: "text" }] }] });
    const asm = assembly(Array.from({ length: 200 }, () => ({ snippet: "s1", values: { l: Array.from({ length: 1000 }, () => ({ a: "" })) } })));
    // 200 sections × 1,000 iterations × 2 steps = 400,000 steps: fits once, and again.
    for (let i = 0; i < 3; i++) expect((await build(lib, asm)).bytes.length).toBeGreaterThan(0);
  }, HANG_GUARD_MS); // three builds of 200 sections: ~10 s alone, 40 s seen under the suite's load
});
