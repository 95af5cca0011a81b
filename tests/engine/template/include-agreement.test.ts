import { describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../../src/engine";
import { assembly, build, library, problemsOf } from "../support";

// Issue 14: {{> nope}} or a self-include inside a false {{#if}} built, while `validate` reported it.
// The build now checks every include, in branches taken or not, and fails with the same codes.

const brief = (problems: Array<{ code: string; path: string; line?: number }>) => problems.map((p) => `${p.code} ${p.path} ${p.line}`);

describe("build and validate agree on includes in branches not taken", () => {
  for (const [what, body, code] of [
    ["a missing include", "Text\n{{#if flag}}\n{{> nope}}\n{{/if}}", "TEMPLATE_INCLUDE_NOT_FOUND"],
    ["a self-include", "Text\n{{#if flag}}\n{{> s1}}\n{{/if}}", "TEMPLATE_INCLUDE_CYCLE"],
    ["a missing include in an else", "{{#if flag}}a{{else}}\n{{> nope}}\n{{/if}}", "TEMPLATE_INCLUDE_NOT_FOUND"],
    ["a missing include in an empty loop", "{{#each items}}\n{{> nope}}\n{{/each}}", "TEMPLATE_INCLUDE_NOT_FOUND"],
  ] as const) {
    it(`${what}: both report ${code}`, async () => {
      const variables = [{ name: "flag", type: "boolean" }, { name: "items", type: "list", fields: [{ name: "x", type: "text" }] }];
      const lib = library({ id: "s1", body, variables });
      const validated = validateLibrary(lib).problems.filter((p) => p.severity === "error");
      const built = await problemsOf(lib, assembly([{ snippet: "s1", values: { flag: what === "a missing include in an else", items: [] } }]));
      expect(brief(built)).toEqual(brief(validated));
      expect(built.map((p) => p.code)).toEqual([code]);
    });
  }

  it("an include that is reached is reported once, not twice", async () => {
    const lib = library({ id: "s1", body: "{{> nope}}" });
    expect((await problemsOf(lib, assembly([{ snippet: "s1" }]))).map((p) => p.code)).toEqual(["TEMPLATE_INCLUDE_NOT_FOUND"]);
  });

  it("includes of existing snippets in a false branch still build", async () => {
    const lib = library({ id: "s1", body: "A{{#if flag}}{{> s2}}{{/if}}", variables: [{ name: "flag", type: "boolean" }] }, { id: "s2", body: "B" });
    const built = await build(lib, assembly([{ snippet: "s1", values: { flag: false } }]));
    expect(built.document).not.toContain(">B<");
  });
});

describe("cycles through includes in branches not taken", () => {
  const flag = [{ name: "flag", type: "boolean" }];
  const codesOf = (problems: Array<{ code: string }>) => problems.map((p) => p.code);

  it("a → b (untaken) → a: the build reports the cycle validate reports, with its message and place", async () => {
    const lib = library({ id: "a", body: "A\n{{#if flag}}\n{{> b}}\n{{/if}}", variables: flag }, { id: "b", body: "B\n{{> a}}" });
    const validated = validateLibrary(lib).problems.filter((p) => p.severity === "error");
    expect(codesOf(validated)).toEqual(["TEMPLATE_INCLUDE_CYCLE", "TEMPLATE_INCLUDE_CYCLE"]);
    const built = await problemsOf(lib, assembly([{ snippet: "a", values: { flag: false } }]));
    expect(brief(built)).toEqual(brief(validated.filter((p) => p.path === built[0]?.path)));
    expect(built.map((p) => p.message)).toEqual(['including "b" makes a cycle: a → b → a']);
  });

  it("a → b (untaken) → c → a, and the untaken include in the included snippet", async () => {
    const lib = library(
      { id: "a", body: "A {{#unless flag}}{{> b}}{{/unless}}", variables: flag },
      { id: "b", body: "B {{> c}}" },
      { id: "c", body: "C {{#if flag}}{{> a}}{{/if}}", variables: flag },
    );
    const built = await problemsOf(lib, assembly([{ snippet: "a", values: { flag: true } }]));
    expect(built.map((p) => p.message)).toEqual(['including "b" makes a cycle: a → b → c → a']);
    // Built from b: a is reached, c's {{> a}} is not taken, and the cycle goes through b.
    const fromB = await problemsOf(lib, assembly([{ snippet: "b", values: { flag: false } }]));
    expect(fromB.map((p) => p.message)).toEqual(['including "a" makes a cycle: b → c → a → b']);
  });

  it("a cycle below an untaken include that does not pass through the built snippet is reported too", async () => {
    const lib = library(
      { id: "a", body: "A {{#if flag}}{{> b}}{{/if}}", variables: flag },
      { id: "b", body: "B {{> c}}" },
      { id: "c", body: "C {{> b}}" },
    );
    expect(codesOf(validateLibrary(lib).problems.filter((p) => p.severity === "error"))).toContain("TEMPLATE_INCLUDE_CYCLE");
    const built = await problemsOf(lib, assembly([{ snippet: "a", values: { flag: false } }]));
    expect(built.map((p) => p.message)).toEqual(['including "b" leads into a cycle: b → c → b']);
  });

  it("a taken cycle is still reported once; untaken includes without a cycle still build", async () => {
    const cyclic = library({ id: "a", body: "A\n{{#if flag}}\n{{> b}}\n{{/if}}", variables: flag }, { id: "b", body: "B\n{{> a}}" });
    expect(codesOf(await problemsOf(cyclic, assembly([{ snippet: "a", values: { flag: true } }])))).toEqual(["TEMPLATE_INCLUDE_CYCLE"]);
    const fine = library(
      { id: "a", body: "A {{#if flag}}{{> b}}{{/if}} {{> c}}", variables: flag },
      { id: "b", body: "B {{> c}} {{> c}}" },
      { id: "c", body: "C" },
    );
    const built = await build(fine, assembly([{ snippet: "a", values: { flag: false } }]));
    expect(built.document).toContain("C");
  });
});
