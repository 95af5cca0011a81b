import { describe, expect, test } from "@jest/globals";
import { cleanString, sanitize } from "../../../src/engine/model/sanitize";
import { parseLibrary } from "../../../src/engine/model/parse-library";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { asm, lib } from "./helpers";

/** Every object and array reachable from a value. */
function objectsOf(value: unknown, out = new Set<object>()): Set<object> {
  if (typeof value !== "object" || value === null || out.has(value)) return out;
  out.add(value);
  for (const item of Object.values(value)) objectsOf(item, out);
  return out;
}

describe("sanitize", () => {
  test.each([
    ["C0 control U+0000", "a\u0000b", [0x0000]],
    ["C0 control U+0008", "a\u0008b", [0x0008]],
    ["vertical tab U+000B", "a\u000Bb", [0x000b]],
    ["form feed U+000C", "a\u000Cb", [0x000c]],
    ["C0 controls U+000E–U+001F", "a\u000E\u001Fb", [0x000e, 0x001f]],
    ["U+FFFE", "a\uFFFEb", [0xfffe]],
    ["U+FFFF", "a\uFFFFb", [0xffff]],
    ["lone high surrogate", "a\uD800b", [0xd800]],
    ["lone low surrogate", "a\uDC00b", [0xdc00]],
    ["high surrogate at the end", "ab\uDBFF", [0xdbff]],
    ["sentinel U+FDD0", "a\uFDD0b", [0xfdd0]],
    ["sentinel U+FDEF", "a\uFDEFb", [0xfdef]],
  ])("%s is removed", (_name, text, removed) => {
    const cleaned = cleanString(text);
    expect(cleaned.removed).toEqual(removed);
    expect(cleaned.text).toBe(text.replace(/[^ab]/g, ""));
  });

  test("tab, LF, CR, paired surrogates and other text are kept", () => {
    const text = "a\tb\nc\rd 😀 é \u007F \uFDCF \uFDF0 \uFFFD";
    expect(cleanString(text)).toEqual({ text, removed: [] });
  });

  test("every string is cleaned, keys too, one warning per string with count and code points", () => {
    const input = { "ke\u0007y": ["x\u0001\u0001y", { deep: "\uD800" }], n: 1, b: true, z: null };
    const { value, problems } = sanitize(input, "");
    expect(value).toEqual({ key: ["xy", { deep: "" }], n: 1, b: true, z: null });
    expect(problems.map((p) => [p.code, p.severity, p.path])).toEqual([
      ["CHARACTERS_REMOVED", "warning", "key"],
      ["CHARACTERS_REMOVED", "warning", "key[0]"],
      ["CHARACTERS_REMOVED", "warning", "key[1].deep"],
    ]);
    expect(problems[0]?.message).toContain("1 character (U+0007) from the field name");
    expect(problems[1]?.message).toContain("2 characters (U+0001 ×2)");
    expect(problems[2]?.message).toContain("U+D800");
  });

  test("paths start from the given path", () => {
    expect(sanitize({ a: "\u0002" }, "sections[2].values").problems[0]?.path).toBe("sections[2].values.a");
  });

  test("the input is not modified and a __proto__ key stays a plain key", () => {
    const input = JSON.parse('{"__proto__": "x\\u0007", "a": "b"}') as Record<string, unknown>;
    const { value } = sanitize(input, "");
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(["__proto__", "a"]);
    expect(input["__proto__"]).toBe("x\u0007");
  });

  test("only what holds something to remove is copied; the input is never modified", () => {
    const clean = { a: ["x", { b: "y" }], c: { d: 1 } };
    expect(sanitize(clean, "").value).toBe(clean);
    const sparse = [1, 2, 3];
    delete sparse[1];
    const input = { a: ["x", { b: "y\u0001" }], c: { d: 1 }, e: sparse };
    const before = structuredClone(input);
    const value = sanitize(input, "").value as typeof input;
    expect(value).toEqual({ a: ["x", { b: "y" }], c: { d: 1 }, e: sparse });
    expect(value).not.toBe(input);
    expect(value.a).not.toBe(input.a);
    expect(value.c).toBe(input.c); // nothing to remove below it
    expect(input).toEqual(before);
    const withHole: unknown[] = [1, 2, "\u0002"];
    delete withHole[1];
    const holes = sanitize(withHole, "").value as unknown[];
    expect(holes.length).toBe(3);
    expect(1 in holes).toBe(false); // a hole stays a hole, as Array#map keeps it
    expect([holes[0], holes[2]]).toEqual([1, ""]);
  });

  test("a cycle is returned as it is, and what leads to it is still cleaned", () => {
    const input: Record<string, unknown> = { t: "a\u0003" };
    input.self = input;
    const { value, problems } = sanitize(input, "");
    expect((value as Record<string, unknown>).t).toBe("a");
    expect((value as Record<string, unknown>).self).toBe(input);
    expect(problems.map((p) => p.path)).toEqual(["t"]);
  });

  test("a parsed library or assembly shares no object with its input (clean input is no longer copied here)", () => {
    const library = lib({
      tags: ["a"],
      variables: [
        { name: "c", type: "choice", options: ["x", "y"], default: "x" },
        { name: "l", type: "list", fields: [{ name: "f", type: "text" }], default: [{ f: "q" }] },
      ],
      body: "{{c}} {{#each l}}{{f}}{{/each}}",
    });
    const assembly = asm({ values: { l: [{ f: "w" }] }, sections: [{ snippet: "intro", values: { c: "y", l: [{ f: "v" }] } }] });
    const parsedLibrary = parseLibrary(library);
    const parsedAssembly = parseAssembly(assembly);
    if (!parsedLibrary.ok || !parsedAssembly.ok) throw new Error("expected both to parse");
    for (const [input, output] of [
      [library, parsedLibrary.value],
      [assembly, parsedAssembly.value],
    ] as const) {
      const given = objectsOf(input);
      for (const made of objectsOf(output)) expect(given.has(made)).toBe(false);
    }
  });

  test("parseLibrary warns and keeps loading", () => {
    const result = parseLibrary(lib({ body: "Total\u0007 due \uFDD3", title: "Intro\uFFFE" }));
    expect(result.ok).toBe(true);
    expect(result.problems.map((p) => p.path)).toEqual(["snippets[0].title", "snippets[0].body"]);
    expect(result.ok && result.value.snippets[0]).toMatchObject({ title: "Intro", body: "Total due " });
  });
});
