import { pathJoin, problem, type Problem } from "../errors/problem";

// XML 1.0 cannot hold C0 controls other than tab/LF/CR, U+FFFE/U+FFFF or unpaired surrogates, and
// the template layer reserves the noncharacters U+FDD0–U+FDEF as sentinels (template/sentinels.ts).
// Removing them once, at the door, means no later stage has to wonder whether a U+FDD0 is ours.
// The quick test also matches surrogates that are properly paired; the slow scan sorts that out.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SUSPECT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFDD0-\uFDEF\uFFFE\uFFFF\uD800-\uDFFF]/;

const hex = (code: number): string => "U+" + code.toString(16).toUpperCase().padStart(4, "0");

function isForbidden(code: number): boolean {
  return (
    code <= 0x08 ||
    code === 0x0b ||
    code === 0x0c ||
    (code >= 0x0e && code <= 0x1f) ||
    (code >= 0xfdd0 && code <= 0xfdef) ||
    code === 0xfffe ||
    code === 0xffff
  );
}

/** Removes forbidden characters from one string; `removed` lists the code units taken out, in order. */
export function cleanString(text: string): { text: string; removed: number[] } {
  if (!SUSPECT.test(text)) return { text, removed: [] };
  let out = "";
  const removed: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += text[i]! + text[i + 1]!;
        i++;
      } else removed.push(code);
    } else if ((code >= 0xdc00 && code <= 0xdfff) || isForbidden(code)) removed.push(code);
    else out += text[i]!;
  }
  return { text: out, removed };
}

/** "2 characters (U+0007 ×2)" — how many, and which code points, for the warning. */
export function describeRemoved(removed: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const code of removed) counts.set(code, (counts.get(code) ?? 0) + 1);
  const list = [...counts].map(([code, n]) => (n > 1 ? `${hex(code)} ×${n}` : hex(code)));
  const shown = list.length > 10 ? [...list.slice(0, 10), "…"] : list;
  return `${removed.length} character${removed.length === 1 ? "" : "s"} (${shown.join(", ")})`;
}

function removedProblem(removed: number[], path: string, what: string): Problem {
  return problem({
    code: "CHARACTERS_REMOVED",
    path,
    message:
      `Removed ${describeRemoved(removed)} from ${what}: control characters, U+FFFE/U+FFFF and unpaired ` +
      `surrogates cannot be stored in a Word file, and U+FDD0–U+FDEF are reserved by Sectionsmith.`,
  });
}

/**
 * A JSON-like value with the forbidden characters removed from every string in it, object keys included,
 * and one CHARACTERS_REMOVED warning per string that changed. The input is never modified: an array or
 * plain object that holds something to remove is copied (with its copied children), and one that holds
 * nothing to remove is returned as it is — every reader after load() copies what it keeps (the generated
 * parser and zod both build their output afresh), and copying a whole large library or assembly only to
 * find it clean was most of the walk's time and garbage (issue 15). Values that are not strings, arrays
 * or plain objects are returned as they are, and so is an object met again inside itself (a cycle).
 */
export function sanitize(value: unknown, path: string): { value: unknown; problems: Problem[] } {
  const problems: Problem[] = [];
  // The objects being walked, outermost first (the cycle check). An array, not a WeakSet: load() has
  // already refused files nested more than MAX_JSON_DEPTH deep.
  const open: object[] = [];
  // The path is built only when a problem needs it: most strings are clean, and files can be large.
  const parts: Array<string | number> = [];
  const here = (): string => pathJoin(path, ...parts);
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      if (!SUSPECT.test(v)) return v;
      const { text, removed } = cleanString(v);
      if (removed.length > 0) problems.push(removedProblem(removed, here(), "this text"));
      return text;
    }
    if (typeof v !== "object" || v === null || open.includes(v)) return v;
    if (Array.isArray(v)) {
      open.push(v);
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) continue; // a hole stays a hole, as v.map keeps it
        const item: unknown = v[i];
        parts.push(i);
        const cleaned = walk(item);
        parts.pop();
        if (cleaned !== item && out === undefined) out = v.slice(0, i);
        if (out !== undefined) out[i] = cleaned;
      }
      open.pop();
      if (out !== undefined) out.length = v.length;
      return out ?? v;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return v;
    open.push(v);
    const keys = Object.keys(v);
    let out: Record<string, unknown> | undefined;
    for (let k = 0; k < keys.length; k++) {
      const rawKey = keys[k]!;
      const item = (v as Record<string, unknown>)[rawKey];
      // Tested first so that a clean key (almost every key) costs no result object.
      const cleanedKey = SUSPECT.test(rawKey) ? cleanString(rawKey) : undefined;
      const key = cleanedKey?.text ?? rawKey;
      parts.push(key);
      if (cleanedKey && cleanedKey.removed.length > 0) problems.push(removedProblem(cleanedKey.removed, here(), "the field name"));
      const cleaned = walk(item);
      parts.pop();
      if ((cleaned !== item || key !== rawKey) && out === undefined) {
        out = {};
        for (let j = 0; j < k; j++) setKey(out, keys[j]!, (v as Record<string, unknown>)[keys[j]!]);
      }
      if (out !== undefined) setKey(out, key, cleaned);
    }
    open.pop();
    return out ?? v;
  };
  const cleaned = walk(value);
  return { value: cleaned, problems };
}

// Plain assignment keeps objects fast; defineProperty only so that "__proto__" stays a plain key.
function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
