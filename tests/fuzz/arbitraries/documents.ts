import fc from "fast-check";
import { hostileMarkdown, markdownBody, safeMarkdown } from "./markdown";
import { renderTemplate, tagSoup, templateTree, type TemplateContext } from "./template";
import { anyText, prose, unicodeText } from "./text";

// Whole build inputs: libraries and an assembly. "valid" cases follow the contract (random text,
// Markdown and templates inside, so most of them build); "hostile" cases break it anywhere.

export type FuzzInput = {
  libraries: unknown[];
  assembly: unknown;
  shape: "document" | "fragment";
  /** Also run validateLibrary on each library (what the CLI's validate and the editor do). */
  validate: boolean;
  /** Set when the input must be refused with coded problems (why): building it breaks the property. */
  mustFail?: string;
};

type VariableSpec = {
  decl: Record<string, unknown>;
  value: fc.Arbitrary<unknown>;
  role: "scalar" | "flag" | "list";
  fields?: string[];
};

const isoDate = fc
  .date({ min: new Date("1600-01-01T00:00:00Z"), max: new Date("2400-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const amount = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 0.1, 1e-7, 123456789.125, Number.MAX_SAFE_INTEGER),
);
const multiline = fc.array(anyText(20), { maxLength: 5 }).map((lines) => lines.join("\n"));

const VARIABLES: VariableSpec[] = [
  { decl: { name: "client", label: "Client", type: "text" }, value: anyText(40), role: "scalar" },
  { decl: { name: "address", type: "multiline" }, value: multiline, role: "scalar" },
  { decl: { name: "mutual", type: "boolean", default: true }, value: fc.boolean(), role: "flag" },
  { decl: { name: "term", type: "number", decimals: 2 }, value: amount, role: "scalar" },
  { decl: { name: "count", type: "number" }, value: amount, role: "scalar" },
  { decl: { name: "fee", type: "currency", currency: "EUR" }, value: amount, role: "scalar" },
  { decl: { name: "yen", type: "currency", currency: "JPY" }, value: amount, role: "scalar" },
  { decl: { name: "start", type: "date", format: "EEEE d MMMM yyyy" }, value: isoDate, role: "scalar" },
  { decl: { name: "signed", type: "date" }, value: isoDate, role: "scalar" },
  {
    decl: { name: "plan", type: "choice", options: ["gold", "silver", "x"] },
    value: fc.constantFrom("gold", "silver", "x"),
    role: "scalar",
  },
  {
    decl: {
      name: "items",
      type: "list",
      fields: [
        { name: "item", type: "text" },
        { name: "qty", type: "number" },
        { name: "paid", type: "boolean" },
      ],
    },
    value: fc.array(fc.record({ item: anyText(20), qty: fc.integer(), paid: fc.boolean() }), {
      maxLength: 8,
    }),
    role: "list",
    fields: ["item", "qty", "paid"],
  },
  {
    decl: {
      name: "people",
      type: "list",
      fields: [
        { name: "who", type: "text" },
        { name: "since", type: "date" },
      ],
    },
    value: fc.array(fc.record({ who: anyText(15), since: isoDate }), { maxLength: 5 }),
    role: "list",
    fields: ["who", "since"],
  },
];

const LOCALES = [
  "en-US",
  "en-GB",
  "de-DE",
  "fr-FR",
  "ja-JP",
  "ar-EG",
  "he-IL",
  "zh-Hans-CN",
  "hi-IN",
  "ru-RU",
  "tr-TR",
  "fa-IR",
];
// Lengths within Word's 22 inches (558.8 mm, 55.88 cm, 1584 pt): longer ones are LENGTH_RANGE (issue 14).
const length = fc.oneof(
  fc.constantFrom("25mm", "1in", "2.5cm", "72pt", "0mm", ".5in", "22in", "558.8mm"),
  fc.tuple(fc.integer({ min: 0, max: 558 }), fc.constantFrom("mm", "pt")).map(([n, u]) => `${n}${u}`),
  fc.integer({ min: 0, max: 55 }).map((n) => `${n}cm`),
  fc.integer({ min: 0, max: 22 }).map((n) => `${n}in`),
);
// A font name as the contract allows it: 1–31 characters without ; : { } < > " ' \ or controls (FONT_INVALID).
const fontName = (maxLength: number) =>
  unicodeText(maxLength).map(
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    (t) => [...t.replace(/[;:{}<>"'\\\u0000-\u001f\u007f]/g, "")].slice(0, 31).join("") || "Calibri",
  );

type Snippet = { id: string; body: string; [key: string]: unknown };

/** A library of 1–5 snippets s0…s4; snippet i may include only later ones, so there is no cycle. */
function library(markdown: fc.Arbitrary<string>, hostileBodies: boolean) {
  const one = fc.record({
    vars: fc.subarray(
      VARIABLES.map((_, i) => i),
      { maxLength: 5 },
    ),
    tree: templateTree(markdown),
    soup: hostileBodies ? fc.option(tagSoup(markdown), { freq: 3 }) : fc.constant(null),
    title: prose,
    status: fc.constantFrom("approved", "approved", "approved", "draft", "deprecated"),
    notes: fc.option(anyText(30), { freq: 3 }),
    owner: fc.option(anyText(15), { freq: 3 }),
    tags: fc.array(anyText(8), { maxLength: 3 }),
    category: fc.option(anyText(15), { freq: 3 }),
    kind: fc.constantFrom("body", "body", "body", "header", "footer"),
  });
  return fc.array(one, { minLength: 1, maxLength: 5 }).map((specs) => {
    const snippets: Snippet[] = specs.map((spec, i) => {
      const vars = spec.vars.map((k) => VARIABLES[k]!);
      const ctx: TemplateContext = {
        scalars: vars.filter((v) => v.role === "scalar").map((v) => v.decl.name as string),
        flags: vars.filter((v) => v.role === "flag").map((v) => v.decl.name as string),
        lists: vars
          .filter((v) => v.role === "list")
          .map((v) => ({ name: v.decl.name as string, fields: v.fields ?? [] })),
        includes: specs.map((_, j) => `s${j}`).slice(i + 1),
      };
      const snippet: Snippet = {
        id: `s${i}`,
        title: spec.title,
        status: spec.status,
        kind: spec.kind,
        tags: spec.tags,
        variables: vars.map((v) => v.decl),
        body: spec.soup ?? renderTemplate(spec.tree, ctx),
      };
      if (spec.notes !== null) snippet.notes = spec.notes;
      if (spec.owner !== null) snippet.owner = spec.owner;
      if (spec.category !== null) snippet.category = spec.category;
      return snippet;
    });
    return { format: "sectionsmith/library@1", name: "Fuzz library", snippets };
  });
}

/** Values for every variable of the pool (each snippet takes the ones it declares). */
const values = fc.record(Object.fromEntries(VARIABLES.map((v) => [v.decl.name as string, v.value])), {
  requiredKeys: [],
});

function assembly(snippetCount: number) {
  const id = fc.nat(snippetCount - 1).map((i) => `s${i}`);
  const headerFooter = fc.oneof(
    fc.record({ snippet: id }),
    fc.record({
      text: fc.oneof(
        fc.constantFrom("Page {{page}} of {{pages}}", "{{client}} — {{today}}", "**Confidential**", ""),
        anyText(20).map((t) => t.replace(/\{\{/g, "\\{{")),
      ),
    }),
  );
  return fc.record(
    {
      format: fc.constant("sectionsmith/assembly@1"),
      properties: fc.record(
        {
          title: anyText(30),
          subject: anyText(20),
          author: anyText(20),
          description: anyText(40),
          keywords: fc.array(anyText(10), { maxLength: 4 }),
          category: anyText(10),
          company: anyText(20),
        },
        { requiredKeys: [] },
      ),
      locale: fc.constantFrom(...LOCALES),
      page: fc.record(
        {
          size: fc.constantFrom("A4", "Letter", "Legal"),
          orientation: fc.constantFrom("portrait", "landscape"),
          margins: fc.record(
            { top: length, bottom: length, left: length, right: length },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: [] },
      ),
      theme: fc.record(
        {
          font: fc.oneof(fc.constantFrom("Calibri", "Times New Roman", "Noto Sans CJK"), fontName(20)),
          fontSize: fc.integer({ min: 1, max: 1638 }),
          headingFont: fontName(10),
          headingColor: fc.constantFrom("#1F3864", "#000000", "#abcdef"),
        },
        { requiredKeys: [] },
      ),
      header: headerFooter,
      footer: headerFooter,
      options: fc.record(
        {
          draftingNotes: fc.boolean(),
          updateFieldsOnOpen: fc.boolean(),
          headingNumbering: fc.constantFrom("none", "legal"),
        },
        { requiredKeys: [] },
      ),
      values,
      sections: fc.array(
        fc.record(
          {
            snippet: id,
            values,
            headingOffset: fc.integer({ min: 0, max: 8 }),
            pageBreakBefore: fc.boolean(),
            numbering: fc.constantFrom("restart", "continue"),
          },
          { requiredKeys: ["snippet"] },
        ),
        { minLength: 1, maxLength: 5 },
      ),
    },
    { requiredKeys: ["format", "sections"] },
  );
}

/** Inputs that follow the contract: random text, Markdown and templates inside. Most of them build. */
export const validInput: fc.Arbitrary<FuzzInput> = library(safeMarkdown, false).chain((lib) =>
  fc.record({
    libraries: fc.constant<unknown[]>([lib]),
    assembly: assembly(lib.snippets.length),
    shape: fc.constantFrom<"document" | "fragment">("document", "document", "document", "fragment"),
    validate: fc.nat(3).map((n) => n === 0),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Hostile: the same shapes with anything anywhere.

/** Any JSON-like value, the odd non-JSON one included (parsed input can be anything). */
export const garbageValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: anyText(20) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      NaN,
      Infinity,
      -Infinity,
      -0,
      1e308,
      -1e-308,
      2 ** 53 + 1,
      undefined,
      null,
      true,
      [],
      {},
      [[]],
      { __proto__: null },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.anything({
      maxDepth: 2,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withSparseArray: true,
      withBoxedValues: true,
      withNullPrototype: true,
    }),
  },
);

/** Replaces up to `max` randomly chosen parts of a value (objects, arrays, leaves) with garbage. */
export function mutate<T>(base: fc.Arbitrary<T>, max = 3): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), garbageValue, fc.boolean()), { minLength: 1, maxLength: max }))
    .map(([value, edits]) => {
      const copy = structuredClone(value) as unknown;
      let root: unknown = copy;
      for (const [at, replacement, drop] of edits) {
        const slots: Array<{ parent: Record<string | number, unknown>; key: string | number }> = [];
        const walk = (v: unknown): void => {
          // Only plain objects and arrays are edited (a typed array or a Map from fc.anything is a leaf).
          if (typeof v !== "object" || v === null) return;
          if (
            !Array.isArray(v) &&
            Object.getPrototypeOf(v) !== Object.prototype &&
            Object.getPrototypeOf(v) !== null
          )
            return;
          for (const [k, child] of Object.entries(v)) {
            slots.push({ parent: v as Record<string, unknown>, key: Array.isArray(v) ? Number(k) : k });
            walk(child);
          }
        };
        walk(root);
        if (slots.length === 0) {
          root = structuredClone(replacement);
          continue;
        }
        const { parent, key } = slots[at % slots.length]!;
        if (drop && !Array.isArray(parent)) delete parent[key];
        // A copy: constantFrom hands out the same `[[]]` object every time, and placing it inside itself
        // made a cycle that no JSON input can have (found when a seed did it).
        else parent[key] = structuredClone(replacement);
      }
      return root;
    });
}

const hostileValues = fc.dictionary(
  fc.oneof(
    fc.constantFrom(...VARIABLES.map((v) => v.decl.name as string), "nope", "__proto__", "constructor", ""),
    unicodeText(8),
  ),
  fc.oneof(...VARIABLES.map((v) => v.value), garbageValue),
  { maxKeys: 8 },
);

/** Inputs that break the contract anywhere: hostile bodies, garbage fields, wrong values, odd shapes. */
export const hostileInput: fc.Arbitrary<FuzzInput> = library(hostileMarkdown, true).chain((lib) =>
  fc.record({
    libraries: fc.oneof(
      { weight: 5, arbitrary: fc.constant<unknown[]>([lib]) },
      { weight: 3, arbitrary: mutate(fc.constant(lib), 2).map((l): unknown[] => [l]) },
      { weight: 1, arbitrary: fc.constant<unknown[]>([JSON.stringify(lib)]) },
      { weight: 1, arbitrary: fc.constant<unknown[]>([lib, lib]) },
    ),
    assembly: fc.oneof(
      { weight: 4, arbitrary: assembly(lib.snippets.length + 1) },
      {
        weight: 3,
        arbitrary: assembly(lib.snippets.length + 1).chain((a) =>
          hostileValues.map((v) => ({ ...a, values: v })),
        ),
      },
      { weight: 2, arbitrary: mutate(assembly(lib.snippets.length), 2) },
      { weight: 1, arbitrary: assembly(lib.snippets.length).map((a) => JSON.stringify(a)) },
    ),
    shape: fc.constantFrom<"document" | "fragment">("document", "fragment"),
    validate: fc.boolean(),
  }),
);

/** Markdown bodies alone, in one snippet, with a value of every kind: the Markdown renderer's stress test. */
export const markdownInput: fc.Arbitrary<FuzzInput> = fc
  .record({
    body: markdownBody(hostileMarkdown, 20),
    value: anyText(60),
    shape: fc.constantFrom<"document" | "fragment">("document", "fragment"),
  })
  .map(({ body, value, shape }) => ({
    libraries: [
      {
        format: "sectionsmith/library@1",
        snippets: [
          {
            id: "s1",
            title: "T",
            status: "approved",
            variables: [{ name: "v", type: "text" }],
            body: `${body}{{v}}`,
          },
        ],
      },
    ],
    assembly: {
      format: "sectionsmith/assembly@1",
      options: { draftingNotes: true },
      sections: [{ snippet: "s1", values: { v: value } }],
    },
    shape,
    validate: true,
  }));
