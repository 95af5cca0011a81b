import { commonSchemas } from "../src/engine/model/schema-common";
import { assemblySchemaOf } from "../src/engine/model/schema-assembly";
import { librarySchemas } from "../src/engine/model/schema-library";
import { REFINEMENTS } from "../src/engine/model/refinements";

// Writes src/engine/model/fast-parse.ts (`npm run schemas`; tests/engine/model/fast-parse.test.ts fails
// when it is out of date): from the zod schemas, a parser that accepts exactly the files zod accepts
// with no unknown field, and returns what zod's parse returns (defaults filled, keys in the schema's
// order), without making zod's schemas or running zod. Anything else is answered NO (zod would report
// an issue here) or ASK (an unknown field, which zod ignores but unknown-keys.ts reports, or anything
// this parser is not sure of), and the caller asks zod, which says what is wrong with its place. The
// two differ only inside a union: after NO the next option is tried, as zod does; after ASK, never.
// The one source stays the zod schema: this walks its definition (zod 4's `_zod.def`), mirroring what
// zod's parse does for each kind the schemas use, and refuses to generate for any other kind, so a new
// kind of rule cannot be skipped silently. Refinements are named through
// REFINEMENTS (model/refinements.ts): the schemas use those very functions, and the generated code calls them.
//
// Why this and not Ajv's standalone code from schemas/*.schema.json (docs/decisions.md): the JSON Schemas
// leave the refinements out (they are not JSON Schema), and Ajv neither fills in defaults as zod's
// output has them (fresh, in the schema's key order) nor leaves the input alone while doing so.

type Check = { _zod: { def: CheckDef } };
type CheckDef = {
  check: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  fn?: unknown;
};
type Def = CheckDef & {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  keyType?: Schema;
  valueType?: Schema;
  checks?: Check[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  defaultValue?: unknown;
  catchall?: unknown;
  coerce?: boolean;
};
type Schema = { _zod: { def: Def; optin?: string; optout?: string } };

class Generator {
  private readonly functions: string[] = [];
  private readonly names = new Map<Schema, string>();
  /** Function bodies already written: schemas that parse alike share one function. */
  private readonly bodies = new Map<string, string>();
  private readonly making = new Set<Schema>();
  private readonly constants: string[] = [];
  private readonly constantNames = new Map<string, string>();
  readonly refinements = new Set<string>();

  /** A module-level constant (regular expressions, key and value sets), shared when equal. */
  private constant(prefix: string, code: string): string {
    const known = this.constantNames.get(code);
    if (known) return known;
    const name = `${prefix}${this.constantNames.size}`;
    this.constantNames.set(code, name);
    this.constants.push(`const ${name} = ${code};`);
    return name;
  }

  /** The function that parses `schema`: `(v) => output | NO`. */
  fn(schema: Schema, where: string): string {
    const known = this.names.get(schema);
    if (known) return known;
    if (this.making.has(schema)) throw new Error(`${where}: a recursive schema`);
    this.making.add(schema);
    const body = this.body(schema, where);
    this.making.delete(schema);
    let name = this.bodies.get(body);
    if (!name) {
      name = `p${this.bodies.size}`;
      this.bodies.set(body, name);
      this.functions.push(`function ${name}(v: unknown): unknown {\n${body}\n}`);
    }
    this.names.set(schema, name);
    return name;
  }

  private checks(def: Def, where: string): string[] {
    const all: CheckDef[] = [
      ...(def.check ? [def] : []),
      ...(def.checks ?? []).map((c) => c._zod.def),
    ];
    return all.map((c) => {
      switch (c.check) {
        case "string_format": {
          if (!(c.pattern instanceof RegExp)) throw new Error(`${where}: string format ${c.format} without a pattern`);
          const re = this.constant("RE", String(c.pattern));
          const reset = c.pattern.global || c.pattern.sticky ? `${re}.lastIndex = 0; ` : "";
          return `${reset}if (!${re}.test(v)) return NO;`;
        }
        // zod measures strings in code points, arrays in items.
        case "min_length":
          return `if (${def.type === "string" ? "codePointLength(v)" : "v.length"} < ${c.minimum}) return NO;`;
        case "max_length":
          return `if (${def.type === "string" ? "codePointLength(v)" : "v.length"} > ${c.maximum}) return NO;`;
        case "greater_than":
          return `if (!(v ${c.inclusive ? ">=" : ">"} ${c.value})) return NO;`;
        case "less_than":
          return `if (!(v ${c.inclusive ? "<=" : "<"} ${c.value})) return NO;`;
        case "number_format":
          if (c.format !== "safeint") throw new Error(`${where}: number format ${c.format}`);
          return `if (!Number.isSafeInteger(v)) return NO;`;
        case "custom": {
          const name = Object.entries(REFINEMENTS).find(([, f]) => f === c.fn)?.[0];
          if (!name) throw new Error(`${where}: a refinement not in REFINEMENTS (model/refinements.ts)`);
          this.refinements.add(name);
          return `if (!${name}(v)) return NO;`;
        }
        default:
          throw new Error(`${where}: check ${c.check}`);
      }
    });
  }

  private body(schema: Schema, where: string): string {
    const def = schema._zod.def;
    const lines: string[] = [];
    const add = (...more: string[]) => lines.push(...more.map((l) => `  ${l}`));
    if (def.coerce) throw new Error(`${where}: coercion`);
    switch (def.type) {
      case "string":
        add(`if (typeof v !== "string") return NO;`, ...this.checks(def, where), `return v;`);
        break;
      case "number":
        add(`if (typeof v !== "number" || !Number.isFinite(v)) return NO;`, ...this.checks(def, where), `return v;`);
        break;
      case "boolean":
        add(`if (typeof v !== "boolean") return NO;`, ...this.checks(def, where), `return v;`);
        break;
      case "enum":
      case "literal": {
        const values = def.type === "enum" ? Object.values(def.entries ?? {}) : (def.values ?? []);
        const set = this.constant("VALUES", `new Set<unknown>(${JSON.stringify(values)})`);
        add(`if (!${set}.has(v)) return NO;`, ...this.checks(def, where), `return v;`);
        break;
      }
      case "never":
        add(`return NO;`);
        break;
      case "optional": {
        const inner = def.innerType!;
        if (inner._zod.optin === "defaulted") throw new Error(`${where}: optional around a default`);
        add(`return v === undefined ? undefined : ${this.fn(inner, where)}(v);`);
        break;
      }
      case "default": {
        const literal = JSON.stringify(def.defaultValue);
        if (literal === undefined) throw new Error(`${where}: a default that is not JSON`);
        add(
          `if (v === undefined) return ${literal};`,
          `const r = ${this.fn(def.innerType!, where)}(v);`,
          `return r === undefined ? ${literal} : r;`,
        );
        break;
      }
      case "prefault": {
        const literal = JSON.stringify(def.defaultValue);
        if (literal === undefined) throw new Error(`${where}: a default that is not JSON`);
        add(`return ${this.fn(def.innerType!, where)}(v === undefined ? ${literal} : v);`);
        break;
      }
      case "array": {
        const element = this.fn(def.element!, `${where}[]`);
        add(
          `if (!Array.isArray(v)) return NO;`,
          `const out: unknown[] = new Array(v.length);`,
          `for (let i = 0; i < v.length; i++) {`,
          `  const r = ${element}(v[i]);`,
          `  if (r === NO || r === ASK) return r;`,
          `  out[i] = r;`,
          `}`,
          ...this.checks(def, where).map((c) => c.replaceAll("v.length", "out.length")),
          `return out;`,
        );
        break;
      }
      case "record": {
        const key = this.fn(def.keyType!, `${where}{key}`);
        const value = this.fn(def.valueType!, `${where}{}`);
        add(
          `if (!isPlainObject(v)) return NO;`,
          `const out: Record<string, unknown> = {};`,
          `for (const k of Reflect.ownKeys(v)) {`,
          // As zod's record: a "__proto__" key (JSON.parse makes it an own key) and non-enumerable keys
          // are left out without a word; any other key must be what the key schema takes.
          `  if (k === "__proto__" || !isEnumerable.call(v, k)) continue;`,
          `  if (typeof k !== "string") return NO;`,
          `  const rk = ${key}(k);`,
          `  if (rk === NO || rk === ASK) return rk;`,
          `  if (typeof rk !== "string" || rk === "__proto__") return ASK;`,
          `  const r = ${value}(v[k]);`,
          `  if (r === NO || r === ASK) return r;`,
          `  out[rk] = r;`,
          `}`,
          ...this.checks(def, where),
          `return out;`,
        );
        break;
      }
      case "union": {
        // zod's union takes the first option without issues; an option this parser is unsure of ends it.
        add(`let r: unknown;`);
        def.options!.forEach((option, i) => {
          add(`r = ${this.fn(option, `${where}|${i}`)}(v);`, `if (r !== NO) return r;`);
        });
        add(`return NO;`);
        break;
      }
      case "object": {
        if (def.catchall !== undefined) throw new Error(`${where}: an object with a catchall`);
        const shape = def.shape!;
        const keys = this.constant("KEYS", `new Set<string>(${JSON.stringify(Object.keys(shape))})`);
        // An unknown field is a warning zod's side reports (unknown-keys.ts): it goes that way.
        add(`if (!isObject(v)) return NO;`, `if (!onlyKnownKeys(v, ${keys})) return ASK;`, `const out: Record<string, unknown> = {};`, `let r: unknown;`);
        for (const [k, field] of Object.entries(shape)) {
          const { optin, optout } = field._zod;
          const key = JSON.stringify(k);
          const parse = `${this.fn(field, `${where}.${k}`)}(v[${key}])`;
          // zod's handlePropertyResult (core/schemas.js) for a result without issues.
          if (optin === undefined) {
            add(`if (!(${key} in v)) return NO;`, `r = ${parse};`, `if (r === NO || r === ASK) return r;`, `out[${key}] = r;`);
          } else if (optin === "optional" && optout === "optional") {
            add(
              `if (${key} in v) {`,
              `  r = ${parse};`,
              `  if (r === NO || r === ASK) return r;`,
              `  out[${key}] = r;`,
              `}`,
            );
          } else if (optin === "defaulted" && optout === undefined) {
            add(`r = ${parse};`, `if (r === NO || r === ASK) return r;`, `out[${key}] = r;`);
          } else throw new Error(`${where}.${k}: optin ${optin}, optout ${optout}`);
        }
        add(...this.checks(def, where), `return out;`);
        break;
      }
      default:
        throw new Error(`${where}: schema type ${def.type}`);
    }
    return lines.join("\n");
  }

  output(entries: Record<string, string>): string {
    return [
      `// Generated by \`npm run schemas\` (scripts/fast-parse.ts) from the zod schemas: do not edit.`,
      `// Each parser returns what zod's parse of the same schema returns, or NO where zod would report an`,
      `// issue, or ASK where unknown-keys.ts would report an unknown field or this parser cannot be sure.`,
      `/* eslint-disable */`,
      `import { ${[...this.refinements].sort().join(", ")} } from "./refinements";`,
      ``,
      `/** zod would report an issue here. */`,
      `export const NO: unique symbol = Symbol("zod reports an issue");`,
      `/** Not for this parser to say (an unknown field, a key zod treats specially): ask zod. */`,
      `export const ASK: unique symbol = Symbol("ask zod");`,
      ``,
      `const isEnumerable = Object.prototype.propertyIsEnumerable;`,
      `/** zod's util.isObject. */`,
      `const isObject = (v: unknown): v is Record<string, unknown> =>`,
      `  typeof v === "object" && v !== null && !Array.isArray(v);`,
      `/** zod's util.isPlainObject. */`,
      `function isPlainObject(v: unknown): v is Record<string, unknown> {`,
      `  if (!isObject(v)) return false;`,
      `  const ctor = v.constructor;`,
      `  if (ctor === undefined || typeof ctor !== "function") return true;`,
      `  const prot: unknown = ctor.prototype;`,
      `  return isObject(prot) && Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf");`,
      `}`,
      `/** zod's util.codePointLength: UTF-16 units, a surrogate pair counted once. */`,
      `function codePointLength(s: string): number {`,
      `  let count = s.length;`,
      `  for (let i = 0; i < s.length - 1; i++) {`,
      `    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {`,
      `      count--;`,
      `      i++;`,
      `    }`,
      `  }`,
      `  return count;`,
      `}`,
      `/** Own keys, all of them strings the object's shape knows. */`,
      `function onlyKnownKeys(v: object, keys: ReadonlySet<string>): boolean {`,
      `  for (const k of Reflect.ownKeys(v)) if (typeof k !== "string" || !keys.has(k)) return false;`,
      `  return true;`,
      `}`,
      ``,
      ...this.constants,
      ``,
      ...this.functions.flatMap((f) => [f, ""]),
      ...Object.entries(entries).flatMap(([exported, fn]) => [`export const ${exported} = ${fn};`]),
      ``,
    ].join("\n");
  }
}

/** The text of src/engine/model/fast-parse.ts. */
export function generateFastParse(): string {
  const g = new Generator();
  const entries = {
    fastLibrary: g.fn(librarySchemas().librarySchema as unknown as Schema, "library"),
    fastAssembly: g.fn(assemblySchemaOf() as unknown as Schema, "assembly"),
    fastValue: g.fn(commonSchemas().valueSchema as unknown as Schema, "value"),
  };
  return g.output(entries);
}
