// More pairs for the redline's proof, made from the whole starter library rather than picked by hand:
// every body snippet built with two sets of values (text, numbers, dates, choices and yes/no all changed,
// lists of values one item long and then three: conditionals flip, rows and items come and go), and
// every body snippet against the next one (everything replaced: headings, lists, tables, notes).

import type { RedlineCase } from "./redline-cases";
import { starter } from "./redline-cases";

type Variable = {
  name: string;
  type: string;
  options?: string[];
  min?: number;
  max?: number;
  pattern?: string;
  maxLength?: number;
  fields?: Variable[];
  default?: unknown;
};
type Snippet = {
  id: string;
  version?: number;
  kind?: string;
  status?: string;
  body: string;
  variables?: Variable[];
};

/** A value a pattern accepts, for the patterns the starter library has (an unknown one fails the test). */
const PATTERN_SAMPLES: Array<[string, [string, string]]> = [
  ["[^@\\s]+@[^@\\s]+\\.[^@\\s]+", ["legal@northwind.example", "office@fabrikam.example"]],
  ["https://\\S+", ["https://northwind.example/join", "https://fabrikam.example/prices-2027"]],
  ["P-[0-9]{4}-[0-9]{4}", ["P-2027-0014", "P-2027-0315"]],
  ["R[0-9]{1,3}", ["R1", "R27"]],
  ["[0-9]+\\.[0-9]+", ["1.0", "2.3"]],
];

function valueOf(v: Variable, variant: 0 | 1, item = 0): unknown {
  switch (v.type) {
    case "text":
    case "multiline": {
      if (v.pattern) {
        const sample = PATTERN_SAMPLES.find(([p]) => p === v.pattern);
        if (!sample) throw new Error(`No sample value for the pattern ${v.pattern} of ${v.name}`);
        return sample[1][variant];
      }
      const text =
        variant === 0 ? `Northwind ${v.name} ${item + 1}` : `Fabrikam revised ${v.name} ${item + 1}`;
      return v.maxLength !== undefined ? text.slice(0, v.maxLength) : text;
    }
    case "number":
    case "currency": {
      const base = v.min ?? 1;
      const value = base + (variant === 0 ? 2 : 5) + item;
      return v.max !== undefined ? Math.min(value, v.max - (variant === 0 ? 1 : 0)) : value;
    }
    case "date":
      return variant === 0 ? `2027-03-0${1 + item}` : `2027-04-1${1 + item}`;
    case "boolean":
      return variant === 0;
    case "choice":
      return v.options?.[variant % (v.options?.length ?? 1)] ?? "";
    case "list":
      return Array.from({ length: variant === 0 ? 1 : 3 }, (_, k) =>
        Object.fromEntries((v.fields ?? []).map((f) => [f.name, valueOf(f, variant, k)])),
      );
    default:
      throw new Error(`No sample value for a ${v.type} variable (${v.name})`);
  }
}

/** The snippet's variables and those of the snippets it includes ({{> id}}), the first of a name kept. */
function allVariables(s: Snippet, seen = new Set<string>()): Variable[] {
  if (seen.has(s.id)) return [];
  seen.add(s.id);
  const out = [...(s.variables ?? [])];
  for (const m of s.body.matchAll(/\{\{>\s*([a-z0-9][a-z0-9._-]*)\s*\}\}/g)) {
    const included = (starter.snippets as Snippet[]).filter((x) => x.id === m[1]).at(-1);
    if (included)
      for (const v of allVariables(included, seen)) if (!out.some((o) => o.name === v.name)) out.push(v);
  }
  return out;
}

const valuesFor = (s: Snippet, variant: 0 | 1) =>
  Object.fromEntries(allVariables(s).map((v) => [v.name, valueOf(v, variant)]));

const assembly = (s: Snippet, values: Record<string, unknown>) => ({
  format: "sectionsmith/assembly@1",
  locale: "en-GB",
  sections: [{ snippet: s.id, version: s.version ?? 1, values }],
});

const bodies = (starter.snippets as Snippet[]).filter((s) => (s.kind ?? "body") === "body");

export const SWEEP_CASES: RedlineCase[] = [
  // Snippets with variables only: one without has nothing to change.
  ...bodies
    .filter((s) => allVariables(s).length > 0)
    .map((s) => ({
      name: `values changed: ${s.id}@${s.version ?? 1}`,
      library: starter,
      before: assembly(s, valuesFor(s, 0)),
      after: assembly(s, valuesFor(s, 1)),
    })),
  ...bodies.slice(1).map((s, k) => ({
    name: `replaced: ${bodies[k]!.id}@${bodies[k]!.version ?? 1} → ${s.id}@${s.version ?? 1}`,
    library: starter,
    before: assembly(bodies[k]!, valuesFor(bodies[k]!, 0)),
    after: assembly(s, valuesFor(s, 0)),
  })),
];
