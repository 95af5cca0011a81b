import { z } from "zod";
import { pathJoin, problem, type Problem } from "../errors/problem";
import { closest } from "./describe";

// Unknown fields are warnings, not errors, so that a file written by a newer version still loads;
// but a typo ("titel") must still be seen. zod's default objects drop unknown keys silently, so
// this walks the input alongside the schema and reports every key the schema does not know.

type Schema = z.ZodType;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Strips wrappers (optional, default, pipe, lazy, …) down to the schema that says what the value is. */
function unwrap(schema: Schema): Schema {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    if (current instanceof z.ZodPipe) current = current.in as Schema;
    else if (
      current instanceof z.ZodOptional ||
      current instanceof z.ZodNullable ||
      current instanceof z.ZodDefault ||
      current instanceof z.ZodPrefault ||
      current instanceof z.ZodNonOptional ||
      current instanceof z.ZodReadonly ||
      current instanceof z.ZodCatch ||
      current instanceof z.ZodLazy
    )
      current = current.unwrap() as Schema;
    else return current;
  }
  return current;
}

/** The union branch the value was meant for: one it passes, else the object sharing most keys. */
function pickOption(options: readonly Schema[], value: unknown): Schema | undefined {
  const passing = options.find((o) => o.safeParse(value).success);
  if (passing) return passing;
  if (!isPlainObject(value)) return undefined;
  let best: Schema | undefined;
  let bestShared = 0;
  for (const option of options) {
    const inner = unwrap(option);
    const shape = inner instanceof z.ZodObject ? inner.shape : undefined;
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
  const walk = (s: Schema, v: unknown): void => {
    // Only objects can hold unknown keys: a string, number or boolean has nothing to walk, whatever its
    // schema (a union's branch was picked by parsing the value again: checking it twice).
    if (typeof v !== "object" || v === null) return;
    const inner = unwrap(s);
    if (inner instanceof z.ZodObject && isPlainObject(v)) {
      const shape = inner.shape as Record<string, Schema>;
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        // Own keys only: a file's "__proto__" or "constructor" key must not find Object.prototype's.
        const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
        parts.push(key);
        if (field) walk(field, v[key]);
        else {
          const known = Object.keys(shape);
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
    } else if (inner instanceof z.ZodArray && Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        parts.push(i);
        walk(inner.element as Schema, v[i]);
        parts.pop();
      }
    } else if (inner instanceof z.ZodRecord && isPlainObject(v)) {
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        parts.push(key);
        walk(inner.valueType as Schema, v[key]);
        parts.pop();
      }
    } else if (inner instanceof z.ZodUnion) {
      const option = pickOption(inner.options as readonly Schema[], v);
      if (option) walk(option, v);
    }
  };
  walk(schema, value);
  return out;
}
