import { describe, expect, it } from "@jest/globals";
import { parseJsonText } from "../../../src/engine/model/json-text";
import { parseLibrary } from "../../../src/engine/model/parse-library";
import { exportDocument } from "../../../src/engine";

// Issue 14: duplicate JSON keys were taken silently (JSON.parse keeps the last), and invalid UTF-8
// bytes, which become U+FFFD when a file is read, went through without a warning.

const LIB = (snippet: string) => `{ "format": "sectionsmith/library@1", "snippets": [${snippet}] }`;

describe("JSON text that says less than it seems", () => {
  it("a key given twice is JSON_DUPLICATE_KEY with its path and place; the last one is used", () => {
    const text = LIB('{ "id": "a", "title": "T", "status": "approved",\n  "body": "Old", "body": "New" }');
    const parsed = parseLibrary(text);
    const warnings = parsed.problems.map((p) => `${p.code} ${p.path} ${p.line}:${p.column}`);
    expect(warnings).toEqual(["JSON_DUPLICATE_KEY snippets[0].body 2:18"]);
    expect(parsed.ok && parsed.value.snippets[0]?.body).toBe("New");
  });

  it("finds repeats at any depth, escaped keys included, and not across objects", () => {
    const r = parseJsonText('{"a": 1, "b": [{"x": 1}, {"x": 2, "y": {"\\u0078": 1, "x": 2}}], "a": 3}');
    expect(r.ok && r.warnings?.map((w) => w.path)).toEqual(["b[1].y.x", "a"]);
    const clean = parseJsonText('{"a": {"k": 1}, "b": {"k": 2}, "c": ["k", "k"], "d": "{\\"k\\":1,\\"k\\":2}"}');
    expect(clean).toEqual({ ok: true, value: expect.anything() });
  });

  it("U+FFFD in a file is TEXT_REPLACEMENT_CHARACTER, and the build still goes on", async () => {
    const bytes = new TextEncoder().encode(LIB('{ "id": "a", "title": "Gesch_ftsbedingungen", "status": "approved", "body": "Text" }'));
    bytes[bytes.indexOf("_".charCodeAt(0))] = 0xe4; // Latin-1 "ä": not valid UTF-8
    const text = new TextDecoder().decode(bytes);
    const parsed = parseLibrary(text);
    expect(parsed.problems.map((p) => `${p.code} ${p.line}:${p.column}`)).toEqual([`TEXT_REPLACEMENT_CHARACTER 1:${text.indexOf("\uFFFD") + 1}`]);
    const result = await exportDocument([text], { format: "sectionsmith/assembly@1", sections: [{ snippet: "a" }] }, { as: "buffer" });
    expect(result.warnings.map((w) => w.code)).toContain("TEXT_REPLACEMENT_CHARACTER");
  });
});
