import type { z } from "zod";
import { pathJoin, problem, type Problem } from "../errors/problem";
import { closest } from "./describe";

// Unknown fields are warnings, not errors, so that a file written by a newer version still loads;
// but a typo ("titel") must still be seen. zod's default objects drop unknown keys silently, so
// this walks the input alongside the schema and reports every key the schema does not know.

type Def = {
  type: string;
  innerType?: Walkable;
  in?: Walkable;
  shape?: Record<string, Walkable>;
  element?: Walkable;
  valueType?: Walkable;
  options?: Walkable[];
  getter?: () => Walkable;
};
type Walkable = { _zod: { def: Def }; safeParse(value: unknown): { success: boolean } };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Strips wrappers (optional, default, pipe, lazy, …) down to the schema that says what the value is. */
function unwrap(schema: Walkable): Walkable {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = current._zod.def;
    const next = def.innerType ?? (def.type === "pipe" ? def.in : undefined) ?? def.getter?.();
    if (next === undefined) return current;
    current = next;
  }
  return current;
}

/** The union branch the value was meant for: one it passes, else the object sharing most keys. */
function pickOption(options: readonly Walkable[], value: unknown): Walkable | undefined {
  const passing = options.find((o) => o.safeParse(value).success);
  if (passing) return passing;
  if (!isPlainObject(value)) return undefined;
  let best: Walkable | undefined;
  let bestShared = 0;
  for (const option of options) {
    const shape = unwrap(option)._zod.def.shape;
    const shared = shape ? Object.keys(value).filter((k) => Object.hasOwn(shape, k)).length : 0;
    if (shared > bestShared) [best, bestShared] = [option, shared];
  }
  return best;
}

export function unknownKeys(schema: z.ZodType, value: unknown, path = ""): Problem[] {
  const out: Problem[] = [];
  // The path is built only when a problem needs it (as sanitize does): most fields are known, and a
  // joined path per value was a good part of the walk's time.
  const parts: Array<string | number> = [];
  const walk = (s: Walkable, v: unknown): void => {
    // Only objects can hold unknown keys: a string, number or boolean has nothing to walk, whatever its
    // schema (a union's branch was picked by parsing the value again: checking it twice).
    if (typeof v !== "object" || v === null) return;
    const inner = unwrap(s);
    const def = inner._zod.def;
    if (def.type === "object" && def.shape && isPlainObject(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        // Own keys only: a file's "__proto__" or "constructor" key must not find Object.prototype's.
        const field = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
        parts.push(key);
        if (field) walk(field, v[key]);
        else {
          const known = Object.keys(def.shape);
          const guess = closest(key, known);
          out.push(
            problem({
              code: "FIELD_UNKNOWN",
              path: pathJoin(path, ...parts),
              message:
                `Unknown field "${key}" is ignored.` +
                (guess
                  ? ` Did you mean "${guess}"?`
                  : ` Fields known here: ${known.filter((k) => k !== "$schema").join(", ")}.`),
            }),
          );
        }
        parts.pop();
      }
    } else if (def.type === "array" && def.element && Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        parts.push(i);
        walk(def.element, v[i]);
        parts.pop();
      }
    } else if (def.type === "record" && def.valueType && isPlainObject(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        parts.push(key);
        walk(def.valueType, v[key]);
        parts.pop();
      }
    } else if (def.type === "union" && def.options) {
      const option = pickOption(def.options, v);
      if (option) walk(option, v);
    }
  };
  walk(schema as unknown as Walkable, value);
  return out;
}
