import { describe, expect, test } from "@jest/globals";
import { lineColumn, parseJsonText } from "../../../src/engine/model/json-text";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { parseLibrary } from "../../../src/engine/model/parse-library";

const syntax = (text: string) => {
  const result = parseJsonText(text);
  if (result.ok) throw new Error("expected a syntax error");
  return result.problem;
};

describe("JSON_SYNTAX", () => {
  test.each([
    ['{\n  "a": 1,\n}', 3, 1, 'trailing comma before "}"'],
    ["[1, 2,]", 1, 7, 'trailing comma before "]"'],
    ['{\n  "a": }', 2, 8, "expected a value"],
    ['{\n  "a" 1\n}', 2, 7, '":" after the property name'],
    ['{"a": 1 "b": 2}', 1, 9, '"," or "}" after a property value'],
    ["{'a': 1}", 1, 2, "double quotes"],
    ['{"a": 1} // note', 1, 10, "comments"],
    ['{"a": "x', 1, 7, "never closed"],
    ['{"a": "\t"}', 1, 8, "control character U+0009"],
    ['{"a": "\\x"}', 1, 8, "not a JSON escape"],
    ['{"a": -}', 1, 8, "expected a digit"],
    ['{"a": tru}', 1, 7, "expected a value"],
    ["", 1, 1, "the file is empty"],
    ['{"a": 1}\r\n\r\nx', 3, 1, 'unexpected "x" after the end'],
  ])("%j → line %i, column %i", (text, line, column, words) => {
    const p = syntax(text);
    expect(p).toMatchObject({ code: "JSON_SYNTAX", severity: "error", path: "", line, column });
    expect(p.message).toContain(`line ${line}, column ${column}`);
    expect(p.message).toContain(words);
  });

  test("a byte-order mark is skipped", () => {
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(syntax('\uFEFF{\n"a": }')).toMatchObject({ line: 2, column: 6 });
  });

  test("the parsers report JSON_SYNTAX with the source, and nothing else", () => {
    const lib = parseLibrary('{ "format": "sectionsmith/library@1", }', { source: "lib.json" });
    expect(lib.ok).toBe(false);
    expect(lib.problems).toHaveLength(1);
    expect(lib.problems[0]).toMatchObject({ code: "JSON_SYNTAX", line: 1, column: 39, source: "lib.json" });
    expect(parseAssembly("nope").problems[0]?.code).toBe("JSON_SYNTAX");
  });

  test("valid JSON text parses like JSON.parse", () => {
    const text = '{"a": [1, -2.5e3, true, null, "x\\u00e9\\n"], "b": {}}';
    expect(parseJsonText(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  test("lineColumn counts LF, CRLF and CR as line ends", () => {
    expect(lineColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("ab\r\ncd", 5)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("ab\rcd", 3)).toEqual({ line: 2, column: 1 });
  });
});
