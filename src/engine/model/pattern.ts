import { RE2JS } from "re2js";

// A variable's `pattern` is written by a library's author and applied to every value, in the CLI and on
// the task pane's main thread. JavaScript's backtracking RegExp takes exponential time on patterns such
// as "(a+)+b" (a 40-character value never finishes), so patterns are matched by re2js, a port of RE2:
// time linear in the value, whatever the pattern. RE2 has no lookaround and no backreferences (they
// cannot be matched in linear time): such patterns are refused with PATTERN_UNSUPPORTED.
//
// Patterns keep their documented meaning, a JavaScript regular expression applied as ^(?:pattern)$:
// the few escapes whose JavaScript meaning RE2 spells differently are translated first —
// \uXXXX (and surrogate pairs), \cX, \0, JavaScript's Unicode \s and \S, and "." (which in JavaScript
// does not match \r, U+2028 or U+2029 either). \p{…} is a Unicode property, as with the "u" flag.

export type CompiledPattern =
  | { ok: true; test: (text: string) => boolean }
  | { ok: false; code: "PATTERN_INVALID" | "PATTERN_UNSUPPORTED"; reason: string };

// JavaScript's \s: WhiteSpace and LineTerminator (ECMA-262 §22.2.2.9), written for RE2.
const JS_SPACES = String.raw`\t\n\x{B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}`;
const JS_DOT = String.raw`[^\n\r\x{2028}\x{2029}]`;

const hex = (code: number): string => String.raw`\x{${code.toString(16).toUpperCase()}}`;

/** Rewrites a JavaScript pattern in RE2 syntax; escapes it does not know are left for RE2 to judge. */
export function toRe2Syntax(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "\\") {
      const next = pattern[i + 1];
      if (next === undefined) return out + ch; // a trailing backslash: RE2 reports it
      const u4 = /^u([0-9a-fA-F]{4})/.exec(pattern.slice(i + 1, i + 6));
      if (u4) {
        let code = parseInt(u4[1]!, 16);
        i += 5;
        const low = /^\\u([dD][c-fC-F][0-9a-fA-F]{2})/.exec(pattern.slice(i + 1, i + 7));
        if (code >= 0xd800 && code <= 0xdbff && low) {
          code = 0x10000 + ((code - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
          i += 6;
        }
        out += hex(code);
      } else if (next === "c" && /[A-Za-z]/.test(pattern[i + 2] ?? "")) {
        out += hex(pattern.charCodeAt(i + 2) % 32);
        i += 2;
      } else if (next === "0" && !/[0-9]/.test(pattern[i + 2] ?? "")) {
        out += hex(0);
        i += 1;
      } else if (next === "s") {
        out += inClass ? JS_SPACES : `[${JS_SPACES}]`;
        i += 1;
      } else if (next === "S" && !inClass) {
        out += `[^${JS_SPACES}]`;
        i += 1;
      } else {
        out += ch + next;
        i += 1;
      }
    } else if (inClass) {
      if (ch === "]") inClass = false;
      out += ch;
    } else if (pattern.startsWith("[]", i)) {
      out += String.raw`[^\x{0}-\x{10FFFF}]`; // JavaScript's empty class matches nothing
      i += 1;
    } else if (pattern.startsWith("[^]", i)) {
      out += String.raw`(?s:.)`; // and its negation any character
      i += 2;
    } else if (ch === "[") {
      inClass = true;
      out += ch;
      if (pattern[i + 1] === "^") out += pattern[++i];
    } else if (ch === ".") {
      out += JS_DOT;
    } else out += ch;
  }
  return out;
}

function jsError(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const cache = new Map<string, CompiledPattern>();
const CACHE_SIZE = 256;

/** Compiles a variable's pattern for whole-value matching in time linear in the value. */
export function compilePattern(pattern: string): CompiledPattern {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let compiled: CompiledPattern;
  const invalid = jsError(pattern);
  if (invalid !== undefined) compiled = { ok: false, code: "PATTERN_INVALID", reason: invalid };
  else {
    try {
      const re = RE2JS.compile(`^(?:${toRe2Syntax(pattern)})$`);
      compiled = { ok: true, test: (text) => re.matches(text) };
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).replace(/^error parsing regexp: /, "");
      compiled = { ok: false, code: "PATTERN_UNSUPPORTED", reason };
    }
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(pattern, compiled);
  return compiled;
}

/** Whether all of `text` matches `pattern`; true when the pattern itself is refused (reported elsewhere). */
export function matchesPattern(pattern: string, text: string): boolean {
  const compiled = compilePattern(pattern);
  return compiled.ok ? compiled.test(text) : true;
}
