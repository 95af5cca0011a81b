import fc from "fast-check";
import { garbageValue, mutate, validInput, type FuzzInput } from "./documents";

// Files that are not what they claim: random JSON, random text, valid files with their text damaged
// or their structure replaced. Nearly all of these must fail — with a coded problem, never a crash.

/** Damages JSON text: inserts, deletes or replaces a few characters at random places. */
const damagedText = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.string({ unit: "binary", maxLength: 3 })), { minLength: 1, maxLength: 4 }))
    .map(([t, edits]) => {
      let out = t;
      for (const [at, remove, insert] of edits) {
        const i = out.length === 0 ? 0 : at % out.length;
        out = out.slice(0, i) + insert + out.slice(i + remove);
      }
      return out;
    });

const asInput = (libraries: unknown[], assembly: unknown): FuzzInput => ({ libraries, assembly, shape: "document", validate: true });

const LIBRARY = "sectionsmith/library@1";
const ASSEMBLY = "sectionsmith/assembly@1";

export const garbageInput: fc.Arbitrary<FuzzInput> = fc.oneof(
  // Anything at all.
  fc.tuple(fc.array(garbageValue, { minLength: 1, maxLength: 2 }), garbageValue).map(([l, a]) => asInput(l, a)),
  // JSON text and plain text.
  fc.tuple(fc.json({ maxDepth: 3 }), fc.json({ maxDepth: 3 })).map(([l, a]) => asInput([l], a)),
  fc.tuple(fc.string({ unit: "binary", maxLength: 60 }), fc.string({ unit: "binary-ascii", maxLength: 60 })).map(([l, a]) => asInput([l], a)),
  fc.constantFrom("", " ", "\uFEFF", "\uFEFF{}", "null", "[]", "{", '{"format":', "{}", "// comment\n{}", "{'a':1}", "[1,]", '{"a":1,}', "NaN", "1e999", '"\\ud800"').map((t) => asInput([t], t)),
  // The right format with the wrong insides.
  fc.tuple(garbageValue, garbageValue).map(([s, v]) => asInput([{ format: LIBRARY, snippets: s }], { format: ASSEMBLY, sections: v })),
  fc.tuple(fc.array(garbageValue, { maxLength: 4 }), fc.array(garbageValue, { maxLength: 4 })).map(([s, v]) => asInput([{ format: LIBRARY, snippets: s }], { format: ASSEMBLY, sections: v })),
  fc.constantFrom("sectionsmith/library@2", "sectionsmith/assembly@1", "sectionsmith/library@", "SECTIONSMITH/LIBRARY@1").map((f) => asInput([{ format: f, snippets: [] }], { format: f, sections: [] })),
  // Valid files damaged as text or as structure.
  damagedText(validInput.map((i) => JSON.stringify(i.libraries[0]))).chain((lib) => validInput.map((i) => asInput([lib], i.assembly))),
  damagedText(validInput.map((i) => JSON.stringify(i.assembly))).chain((asm) => validInput.map((i) => asInput(i.libraries, asm))),
  mutate(validInput.map((i) => ({ lib: i.libraries[0], asm: i.assembly })), 4).map((v) => {
    const pair = (typeof v === "object" && v !== null ? v : {}) as { lib?: unknown; asm?: unknown };
    return asInput([pair.lib], pair.asm);
  }),
);
