import { pathJoin, problem, type Problem } from "../errors/problem";

// JSON.parse says *that* text is invalid, but its messages differ between engines and Node 20's
// V8 omits the position for some errors ("Unexpected token '}', … is not valid JSON"). So when
// JSON.parse fails, this small scanner walks the text again to find where and why, in our words.

type Failure = { offset: number; message: string };

class JsonScanError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

function found(text: string, i: number): string {
  if (i >= text.length) return "the end of the file";
  const ch = text[i]!;
  if (ch === "/" && (text[i + 1] === "/" || text[i + 1] === "*"))
    return "a comment (JSON does not allow comments)";
  if (ch === "'") return "' (JSON strings must use double quotes)";
  const code = ch.charCodeAt(0);
  return code < 0x20
    ? `the control character U+${code.toString(16).toUpperCase().padStart(4, "0")}`
    : `"${ch}"`;
}

/** Throws JsonScanError at the first mistake in `text`; returns normally if the text is valid JSON. */
function scan(text: string): void {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new JsonScanError({ offset: at, message });
  };
  const expected = (what: string): never => fail(`expected ${what}, found ${found(text, i)}`);
  const ws = (): void => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const str = (): void => {
    const start = i;
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('this text (string) is never closed: a closing " is missing', start);
      const code = text.charCodeAt(i);
      if (code === 0x22) return void i++;
      if (code < 0x20)
        fail(`a text (string) cannot contain ${found(text, i)}; write \\n for a line break or \\t for a tab`);
      if (code === 0x5c) {
        const esc = text[i + 1];
        if (esc === "u") {
          if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6)))
            fail("\\u must be followed by four hexadecimal digits");
          i += 6;
        } else if (esc !== undefined && '"\\/bfnrt'.includes(esc)) i += 2;
        else fail(`"\\${esc ?? ""}" is not a JSON escape; write \\\\ for a backslash`);
      } else i++;
    }
  };
  const digits = (): boolean => {
    const start = i;
    while (i < text.length && text[i]! >= "0" && text[i]! <= "9") i++;
    return i > start;
  };
  const num = (): void => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else if (!digits()) expected("a digit");
    if (text[i] === ".") {
      i++;
      if (!digits()) expected("a digit after the decimal point");
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (!digits()) expected("a digit in the exponent");
    }
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === "{") return obj();
    if (ch === "[") return arr();
    if (ch === '"') return str();
    if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) return num();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) return void (i += word.length);
    }
    expected("a value (text in double quotes, a number, true, false, null, [ or {)");
  };
  const obj = (): void => {
    i++;
    ws();
    if (text[i] === "}") return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') {
        if (text[i] === "}") fail('a trailing comma before "}" is not allowed in JSON');
        expected("a property name in double quotes");
      }
      str();
      ws();
      if (text[i] !== ":") expected('":" after the property name');
      i++;
      value();
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === "}") return void i++;
      else expected('"," or "}" after a property value');
    }
  };
  const arr = (): void => {
    i++;
    ws();
    if (text[i] === "]") return void i++;
    for (;;) {
      ws();
      if (text[i] === "]") fail('a trailing comma before "]" is not allowed in JSON');
      value();
      ws();
      if (text[i] === ",") i++;
      else if (text[i] === "]") return void i++;
      else expected('"," or "]" after a list item');
    }
  };
  ws();
  if (i >= text.length) fail("the file is empty: expected a JSON object");
  value();
  ws();
  if (i < text.length) fail(`unexpected ${found(text, i)} after the end of the JSON value`);
}

/** 1-based line and column (in UTF-16 units) of an offset; CRLF, LF and CR each end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

function locate(text: string, error: unknown): Failure {
  try {
    scan(text);
  } catch (e) {
    if (e instanceof JsonScanError) return e.failure;
    // A RangeError from very deep nesting: fall back on what the engine said.
  }
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  return { offset: position ? Number(position[1]) : 0, message };
}

/**
 * Keys given twice in one object of valid JSON text: JSON.parse keeps the last silently, so a library
 * with two "body" fields would use the second without a word. Where each repeat is, with the path of
 * the object it is in. One pass over the text.
 */
function duplicateKeys(text: string): Array<{ offset: number; path: string; key: string }> {
  type Frame = { keys?: Set<string>; path: string; key?: string | number; expectKey: boolean };
  const out: Array<{ offset: number; path: string; key: string }> = [];
  const stack: Frame[] = [];
  const childPath = (): string => {
    const top = stack[stack.length - 1];
    return top ? (top.key === undefined ? top.path : pathJoin(top.path, top.key)) : "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c) {
          escaped = true;
          i++;
        }
      }
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const raw = text.slice(start + 1, i);
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
        if (top.keys.has(key)) out.push({ offset: start, path: top.path, key });
        else top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
    } else if (c === 0x7b || c === 0x5b) {
      const path = childPath();
      stack.push(c === 0x7b ? { keys: new Set(), path, expectKey: true } : { path, key: 0, expectKey: false });
    } else if (c === 0x7d || c === 0x5d) stack.pop();
    else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
      else if (top && typeof top.key === "number") top.key++;
    }
  }
  return out;
}

export type JsonTextResult = { ok: true; value: unknown; warnings?: Problem[] } | { ok: false; problem: Problem };

/**
 * Parses JSON text (a leading byte-order mark is allowed) into a value, or one JSON_SYNTAX problem.
 * Warnings: JSON_DUPLICATE_KEY for a key given twice in one object (the last one is used), and
 * TEXT_REPLACEMENT_CHARACTER for U+FFFD in the text, which is what bytes that were not valid UTF-8
 * become when a file is read (the text no longer says what the file said).
 */
export function parseJsonText(input: string, source?: string): JsonTextResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  try {
    const value = JSON.parse(text) as unknown;
    const warnings: Problem[] = [];
    const at = (offset: number) => ({ ...lineColumn(text, offset), ...(source !== undefined ? { source } : {}) });
    for (const d of duplicateKeys(text).slice(0, 20)) {
      const where = at(d.offset);
      warnings.push(
        problem({
          code: "JSON_DUPLICATE_KEY",
          path: pathJoin(d.path, d.key),
          ...where,
          message: `The key ${JSON.stringify(d.key)} is given twice in the same object (again at line ${where.line}, column ${where.column}); the last one is used. Remove one of them.`,
        }),
      );
    }
    const replaced = text.indexOf("\uFFFD");
    if (replaced >= 0) {
      const where = at(replaced);
      warnings.push(
        problem({
          code: "TEXT_REPLACEMENT_CHARACTER",
          path: "",
          ...where,
          message: `The file contains the replacement character U+FFFD (first at line ${where.line}, column ${where.column}): usually bytes that were not valid UTF-8, replaced when the file was read. Save the file as UTF-8 and check the text there.`,
        }),
      );
    }
    return warnings.length > 0 ? { ok: true, value, warnings } : { ok: true, value };
  } catch (error) {
    const failure = locate(text, error);
    const { line, column } = lineColumn(text, failure.offset);
    const init = { code: "JSON_SYNTAX" as const, path: "", line, column };
    return {
      ok: false,
      problem: problem({
        ...init,
        message: `Invalid JSON at line ${line}, column ${column}: ${failure.message}.`,
        ...(source !== undefined ? { source } : {}),
      }),
    };
  }
}
