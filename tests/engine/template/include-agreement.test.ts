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
