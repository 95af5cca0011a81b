import fc from "fast-check";
import type { FuzzInput } from "./documents";
import { IMAGES } from "./markdown";
import { anyText } from "./text";

// Issue 14, "Hostile input, round two": the inputs the first hostile generators did not make. Each
// generator below would have found one of its items: a hang (the harness stops a case after its time
// limit), a crash (an uncoded exception) or an invalid file (the schema check).

const lib = (snippets: Array<Record<string, unknown>>) => ({
  format: "sectionsmith/library@1",
  name: "Round two",
  snippets: snippets.map((s, i) => ({ id: `s${i}`, title: `S${i}`, status: "approved", ...s })),
});
const one = (
  snippet: Record<string, unknown>,
  asm: Record<string, unknown> = {},
  section: Record<string, unknown> = {},
): FuzzInput => ({
  libraries: [lib([snippet])],
  assembly: { format: "sectionsmith/assembly@1", ...asm, sections: [{ snippet: "s0", ...section }] },
  shape: "document",
  validate: true,
});

// --- Patterns: nested quantifiers and alternations that make a backtracking engine exponential.
const atom = fc.constantFrom("a", "\\w", "[a-z]", ".", "\\d", "(?:a|a)", "\\s", "[^b]", "\\u0061");
const quantifier = fc.constantFrom("+", "*", "{1,}", "{2,}", "?", "+?", "*?");
const pattern: fc.Arbitrary<string> = fc.letrec<{ p: string }>((tie) => ({
  p: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    atom,
    fc.tuple(tie("p"), quantifier).map(([p, q]) => `(${p})${q}`),
    fc.tuple(tie("p"), tie("p")).map(([a, b]) => `${a}|${b}`),
    fc.tuple(tie("p"), tie("p")).map(([a, b]) => `(${a})(${b})`),
    fc.constantFrom("(a+)+b", "(a|a)*b", "(a*)*b", "(\\w+\\s?)+$x", "(.*a){12}", "(?=a)a", "(a)\\1", "[A-Z"),
  ),
})).p;
const runOf = fc.tuple(fc.constantFrom("a", "aa", "a ", "0", " ", "ab"), fc.integer({ min: 20, max: 5000 }), fc.constantFrom("", "!", "b", "\u00a0"));
export const patternInput = fc
  .record({ pattern, value: runOf.map(([s, n, end]) => s.repeat(n) + end), asDefault: fc.boolean(), multiline: fc.boolean() })
  .map(({ pattern, value, asDefault, multiline }) => {
    const variable = { name: "x", type: multiline ? "multiline" : "text", pattern, ...(asDefault ? { default: value } : {}) };
    return one({ body: "Value: {{x}}", variables: [variable] }, {}, asDefault ? {} : { values: { x: value } });
  });

// --- Long runs of blanks inside a value (the trim of edge blanks was quadratic).
export const blanksInput = fc
  .record({
    before: anyText(5),
    blanks: fc.tuple(fc.constantFrom(" ", "\t", " \t"), fc.integer({ min: 1000, max: 150_000 })).map(([b, n]) => b.repeat(n)),
    after: fc.constantFrom("b ", "b", "", " x", "\t"),
    lines: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ before, blanks, after, lines }) =>
    one({ body: "{{x}}", variables: [{ name: "x", type: "multiline" }] }, {}, { values: { x: Array(lines).fill(`${before}${blanks}${after}`).join("\n") } }),
  );

// --- Unknown ids (and variable names) at scale: "did you mean" against thousands of long candidates.
export const unknownIdsInput = fc
  .record({
    count: fc.integer({ min: 100, max: 3000 }),
    idLength: fc.integer({ min: 5, max: 95 }),
    sections: fc.integer({ min: 1, max: 400 }),
    near: fc.boolean(),
  })
  .map(({ count, idLength, sections, near }): FuzzInput => {
    const id = (i: number) => `${"k".repeat(idLength)}-${i}`;
    const snippets = Array.from({ length: count }, (_, i) => ({ id: id(i), title: "T", status: "approved", body: "{{> nope}} {{clientt}}" }));
    return {
      libraries: [{ format: "sectionsmith/library@1", name: "Many", snippets }],
      assembly: {
        format: "sectionsmith/assembly@1",
        sections: Array.from({ length: sections }, (_, i) => ({ snippet: near ? `${id(i)}x` : `zz${"q".repeat(idLength)}${i}` })),
      },
      shape: "document",
      validate: false,
    };
  });

// --- Structure at scale: bodies of one repeated node-making unit, up to past the expanded-size limit.
// Before the limit weighed structure, such bodies within it took gigabytes (issue 14).
const UNITS = ["|a", "\\!", "` a ", "[a](https://a.b) ", "- a\n", "a\n\n", "&amp;", "*a* ", "> a\n", "| a | b |\n"];
export const structureInput = fc
  .record({ unit: fc.constantFrom(...UNITS), count: fc.integer({ min: 1_000, max: 400_000 }), header: fc.boolean() })
  .map(({ unit, count, header }) => {
    const body = (unit.startsWith("|") && header ? "| h | h |\n|---|---|\n" : "") + unit.repeat(Math.ceil(count / unit.length) * 2);
    return one({ body });
  });

// --- Measurements at and past what OOXML and Word allow, and theme font names (a stylesheet in the pane).
const bigNumber = fc.oneof(
  fc.integer({ min: 0, max: 400 }).map(String),
  fc.constantFrom("558.8", "558.9", "22", "22.01", "1584", "1585", "0", "0.0001", ".5", "9999999999999999999999", `1${"0".repeat(309)}`),
  fc.tuple(fc.integer({ min: 1, max: 400 }), fc.nat(999)).map(([a, b]) => `${a}${"0".repeat(b % 40)}`),
);
const measurement = fc.tuple(bigNumber, fc.constantFrom("mm", "cm", "in", "pt")).map(([n, u]) => n + u);
const fontName = fc.oneof(
  fc.constantFrom("Calibri;}p,h1{display:none}", "Calibri", "a}b{c", 'x"y', "Times New Roman", "x".repeat(32), ""),
  anyText(20),
);
export const measurementInput = fc
  .record({
    font: fontName,
    margins: fc.record({ top: measurement, bottom: measurement, left: measurement, right: measurement }, { requiredKeys: [] }),
    fontSize: fc.oneof(fc.double({ min: 0, max: 2000, noNaN: true }), fc.constantFrom(0.2, 0.24, 0.25, 0.26, 1, 1638, 1638.5, 1e-300)),
  })
  .map(({ font, margins, fontSize }) => one({ body: "Text" }, { page: { margins }, theme: { fontSize, font } }));

// --- Values inside link addresses, and addresses that are not URIs, in body, footnotes and headers.
const urlValue = fc.oneof(
  anyText(30),
  fc.constantFrom(")![i](https://evil/x.png", "a b", "%zz", "[x]", "100%", ") [y](javascript:alert(1)", "<b>", "\\", "a\nb", "é/ü?x=1&y=2#f"),
);
const address = fc.oneof(
  fc.constantFrom("https://a.b/%zz", "https://a.b/%", "https://a.b/[x]", "https://[::1]/p", "https://a.b/x%20y", "mailto:a@b.c", "https://a.b/{x}", "https://ok/p?q=1&r=(2)"),
  fc.tuple(fc.constantFrom("https://a.b/", "mailto:"), anyText(12)).map(([a, b]) => a + b.replace(/[\s()<>]/g, "")),
);
export const linkInput = fc
  .record({
    value: urlValue,
    address,
    form: fc.constantFrom("inline", "auto", "definition", "whole", "footnote", "header"),
  })
  .map(({ value, address, form }) => {
    const link =
      form === "auto" ? `<${address}{{x}}>` : form === "definition" ? `[r]\n\n[r]: ${address}{{x}}` : form === "whole" ? "[a]({{x}})" : `[a](${address}{{x}})`;
    const body = form === "footnote" ? `Text.[^1]\n\n[^1]: ${link}` : form === "header" ? "Body" : link;
    return one(
      { body, variables: [{ name: "x", type: "text" }] },
      form === "header" ? { header: { text: `[h](${address})` } } : {},
      { values: { x: value } },
    );
  });

// --- Notes inside notes: footnotes referencing footnotes, footnotes in headers and footers, drafting
// notes inside footnotes.
const label = fc.constantFrom("a", "b", "c");
const noteText = fc.oneof(
  fc.constantFrom("Source.", "See [^a].", "See [^b] and [^c].", '{{#note "check"}}Source{{/note}}.', "{{#note \"n\"}}See [^a]{{/note}}", "[^b]"),
  anyText(10).map((t) => t.replace(/[{}[\]\n]/g, "")),
);
export const noteNestingInput = fc
  .record({
    refs: fc.array(label, { minLength: 1, maxLength: 3 }),
    defs: fc.array(fc.tuple(label, noteText), { minLength: 1, maxLength: 3 }),
    where: fc.constantFrom("body", "body", "header", "footer"),
    draftingNotes: fc.boolean(),
  })
  .map(({ refs, defs, where, draftingNotes }) => {
    const text = `Claim.${refs.map((r) => `[^${r}]`).join(" ")}\n\n${defs.map(([l, t]) => `[^${l}]: ${t}`).join("\n\n")}`;
    return where === "body"
      ? one({ body: text }, { options: { draftingNotes } })
      : one({ body: "Body" }, { [where]: { text: text.replace(/\{\{[^}]*\}\}/g, "") }, options: { draftingNotes } });
  });

// --- Field names Object.prototype also has, in items that lack them. The property: no native function's
// source ("function Object() { [native code] }") reaches the document (checked in the worker's output).
const PROTO_NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "toLocaleString", "name"];
export const protoFieldInput = fc
  .record({ names: fc.subarray(PROTO_NAMES, { minLength: 1 }), items: fc.array(fc.dictionary(fc.constantFrom(...PROTO_NAMES), anyText(8), { maxKeys: 3 }), { maxLength: 4 }), loop: fc.boolean() })
  .map(({ names, items, loop }) => {
    const fields = names.map((name) => ({ name, type: "text" }));
    const body = loop ? `{{#each items}}${names.map((n) => `{{${n}}}`).join(" ")}\n{{/each}}` : "{{items}}";
    return one({ body, variables: [{ name: "items", type: "list", fields }] }, {}, { values: { items } });
  });

// --- Pictures cut short or damaged: only a header, a chunk or segment missing, a flipped byte.
export const damagedImageInput = fc
  .record({ kind: fc.constantFrom("png", "gif", "jpeg") as fc.Arbitrary<keyof typeof IMAGES>, cut: fc.nat(200), flip: fc.option(fc.tuple(fc.nat(200), fc.integer({ min: 1, max: 255 }))) })
  .map(({ kind, cut, flip }) => {
    const uri = IMAGES[kind];
    const bytes = Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64");
    const kept = Buffer.from(bytes.subarray(0, bytes.length - (cut % (bytes.length + 1))));
    if (flip && kept.length > 0) kept[flip[0] % kept.length]! ^= flip[1];
    return one({ body: `Logo: ![logo](data:image/${kind};base64,${kept.toString("base64")})` });
  });

// --- Includes in branches not taken: missing and self. `validate` reports them, so the build must
// refuse them too (FuzzInput.mustFail; the old build skipped untaken branches and succeeded).
export const hiddenIncludeInput = fc
  .record({ target: fc.constantFrom("nope", "s0", "s1"), wrap: fc.constantFrom("if", "unless", "each", "else"), flag: fc.boolean() })
  .map(({ target, wrap, flag }): FuzzInput => {
    const inner = `\n{{> ${target}}}\n`;
    const body =
      wrap === "if" ? `A{{#if flag}}${inner}{{/if}}` : wrap === "unless" ? `A{{#unless flag}}${inner}{{/unless}}` : wrap === "each" ? `A{{#each items}}${inner}{{/each}}` : `A{{#if flag}}x{{else}}${inner}{{/if}}`;
    const variables = [{ name: "flag", type: "boolean" }, { name: "items", type: "list", fields: [{ name: "x", type: "text" }] }];
    return {
      libraries: [lib([{ body, variables }, { body: "B" }])],
      assembly: { format: "sectionsmith/assembly@1", sections: [{ snippet: "s0", values: { flag, items: [] } }] },
      shape: "document",
      validate: true,
      ...(target === "s1" ? {} : { mustFail: `{{> ${target}}} in an untaken branch is an error for validate` }),
    };
  });

// --- Include graphs whose cycles go through branches not taken (a → b inside a false {{#if}}, b → a):
// `validate` reports every cycle on the snippets in it, so a build of s0 that can reach one, taken or
// not, must be refused (the old build only saw cycles along the includes it expanded).
const edge = fc.record({ to: fc.nat(3), place: fc.constantFrom("plain", "taken", "untaken", "else") });
export const hiddenCycleInput = fc
  .array(fc.array(edge, { maxLength: 2 }), { minLength: 4, maxLength: 4 })
  .map((graph): FuzzInput => {
    const include = ({ to, place }: { to: number; place: string }) =>
      place === "plain" ? `{{> s${to}}}` : place === "taken" ? `{{#if on}}{{> s${to}}}{{/if}}` : place === "untaken" ? `{{#if off}}{{> s${to}}}{{/if}}` : `{{#if on}}x{{else}}{{> s${to}}}{{/if}}`;
    const variables = [{ name: "on", type: "boolean", default: true }, { name: "off", type: "boolean", default: false }];
    const snippets = graph.map((edges, i) => ({ body: `S${i} ${edges.map(include).join(" ")}`, variables }));
    // Is a cycle reachable from s0 over every include, taken or not?
    const state = new Map<number, "open" | "done">();
    const cyclic = (i: number): boolean => {
      if (state.get(i) === "open") return true;
      if (state.get(i) === "done") return false;
      state.set(i, "open");
      const found = graph[i]!.some((e) => cyclic(e.to));
      state.set(i, "done");
      return found;
    };
    return {
      libraries: [lib(snippets)],
      assembly: { format: "sectionsmith/assembly@1", sections: [{ snippet: "s0" }] },
      shape: "document",
      validate: true,
      ...(cyclic(0) ? { mustFail: "an include cycle reachable from s0 (through untaken branches) is an error for validate" } : {}),
    };
  });

// --- Settings taken silently before: locales without data, ISO codes ICU omits, year 0000.
export const silentInput = fc
  .record({
    locale: fc.constantFrom("xx-INVALID", "und", "qaa", "en-US", "de-DE", "en-ZZ", "x-private", "i-klingon"),
    currency: fc.constantFrom("XXX", "XTS", "CLF", "USN", "QQQ", "EUR"),
    date: fc.oneof(fc.constantFrom("0000-01-01", "0001-01-01", "9999-12-31", "0000-02-29"), fc.date({ noInvalidDate: true, min: new Date("0000-01-01T00:00:00Z"), max: new Date("0100-01-01T00:00:00Z") }).map((d) => d.toISOString().slice(0, 10))),
  })
  .map(({ locale, currency, date }) =>
    one({ body: "{{fee}} {{d}}", variables: [{ name: "fee", type: "currency", currency }, { name: "d", type: "date" }] }, { locale }, { values: { fee: 12.5, d: date } }),
  );

// --- Library text with a key given twice (anywhere) or bytes that were not UTF-8 (now U+FFFD).
export const jsonTextInput = fc
  .record({ key: fc.constantFrom("body", "id", "title", "status", "format", "snippets", "name"), at: fc.nat(), latin1: fc.boolean() })
  .map(({ key, at, latin1 }): FuzzInput => {
    let text = JSON.stringify(lib([{ body: "Geschäftsbedingungen {{x}}", variables: [{ name: "x", type: "text" }] }]));
    const places = [...text.matchAll(new RegExp(`"${key}":`, "g"))];
    const place = places[at % Math.max(1, places.length)];
    if (place?.index !== undefined) text = `${text.slice(0, place.index)}"${key}": "again", ${text.slice(place.index)}`;
    if (latin1) text = new TextDecoder().decode(Buffer.from(text, "latin1"));
    return { libraries: [text], assembly: { format: "sectionsmith/assembly@1", sections: [{ snippet: "s0" }] }, shape: "document", validate: true };
  });

/** Every round-two generator, weighted so that each item is met a few hundred times per full run. */
export const roundTwoInput: fc.Arbitrary<FuzzInput> = fc.oneof(
  { weight: 3, arbitrary: patternInput },
  { weight: 1, arbitrary: blanksInput },
  { weight: 1, arbitrary: unknownIdsInput },
  { weight: 1, arbitrary: structureInput },
  { weight: 2, arbitrary: measurementInput },
  { weight: 2, arbitrary: linkInput },
  { weight: 2, arbitrary: noteNestingInput },
  { weight: 1, arbitrary: protoFieldInput },
  { weight: 1, arbitrary: damagedImageInput },
  { weight: 1, arbitrary: hiddenIncludeInput },
  { weight: 1, arbitrary: hiddenCycleInput },
  { weight: 1, arbitrary: silentInput },
  { weight: 1, arbitrary: jsonTextInput },
);

