import fc from "fast-check";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "@jest/globals";
import { loadLibraries } from "../../../src/engine/assemble/libraries";
import { prepareSection } from "../../../src/engine/assemble/prepare";
import { createExpandBudget } from "../../../src/engine/limits";
import { parseAssembly } from "../../../src/engine/model/parse-assembly";
import { CHECK_KIT } from "../../../src/engine/render/check-kit";
import { DocumentState } from "../../../src/engine/render/context";
import { buildDocx } from "../../../src/engine/assemble/build";
import { DOCX_SIDE } from "../../../src/engine/assemble/docx-side";
import { SectionsmithError, type Problem } from "../../../src/engine/errors/problem";
import { clearMarkdownCache } from "../../../src/engine/markdown/read";
import { expandTemplate } from "../../../src/engine/template";
import { hostileInput, markdownInput, validInput, type FuzzInput } from "../../fuzz/arbitraries/documents";

// Values as holes (src/engine/template/holes.ts, assemble/fill-holes.ts): a section's Markdown is parsed
// with placeholders where its values go, and the values are put into the parsed tree. That is sound only
// if it gives the very document the text with the values gives: here every build is made both ways —
// holes, and every value written as text — and must give the same bytes and the same problems (codes,
// messages, places), over the fuzz suite's inputs and over values of every edge next to every construct.

const TODAY = new Date("2026-11-22T10:00:00Z");

type Outcome = { threw: boolean; problems: Problem[]; parts?: Record<string, string> };

/**
 * A package's parts and their text, with what docx makes up for each build left out: the zip's
 * timestamps (the clock's), the relationship ids it draws at random for hyperlinks, and the picture
 * ids, bookmark ids and table-of-contents bookmark names it counts per process — each renumbered in
 * order of appearance, so that a difference in where they stand still shows.
 */
function partsOf(bytes: Uint8Array): Record<string, string> {
  const maps = new Map<string, Map<string, string>>();
  const renumber = (kind: string, raw: string): string => {
    const map = maps.get(kind) ?? maps.set(kind, new Map()).get(kind)!;
    if (!map.has(raw)) map.set(raw, `${kind}#${map.size}`);
    return map.get(raw)!;
  };
  const text = (data: Uint8Array): string =>
    strFromU8(data)
      .replace(/"rId([^"]*)"/g, (all, rest: string) => (/^\d+$/.test(rest) ? all : `"${renumber("rId", rest)}"`))
      .replace(/(<(?:wp:docPr|pic:cNvPr) id=")(\d+)/g, (_, head: string, n: string) => head + renumber("picture", n))
      .replace(/(<w:bookmark(?:Start|End)\b[^>]*?\bw:id=")(\d+)/g, (_, head: string, n: string) => head + renumber("bookmark", n))
      .replace(/_Toc\d+/g, (name) => renumber("toc", name));
  const parts = Object.entries(unzipSync(bytes)).sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(parts.map(([name, data]) => [name, text(data)]));
}

async function build(input: FuzzInput, holes: boolean): Promise<Outcome> {
  clearMarkdownCache();
  try {
    const r = await buildDocx({ libraries: input.libraries, assembly: input.assembly }, { shape: input.shape, today: TODAY, nonce: 7 }, DOCX_SIDE, holes);
    return { threw: false, problems: r.warnings, parts: partsOf(r.bytes) };
  } catch (error) {
    if (error instanceof SectionsmithError) return { threw: true, problems: error.problems };
    throw error;
  }
}

/** Values whose edges class every way for the flanking rules, and that hold what Markdown reads. */
const VALUES = [
  "ACME", "acme", "£5.00", "(a)", "a)", "“Services”", "—x", "x—", "7", "1. item", "- item", "# title", "> quote", "a|b", "[x]", "[x](y)",
  "<b>", "&amp;", "a\\b", "a*b", "_x_", "~~x~~", "`code`", " lead", "trail ", "two\nlines", "\u00a0nbsp", "x\u00a0", "😀", "a😀", "ß", "İ", "",
  "https://example.com", "www.example.com", "info@example.com", "a]b", "a](b", "§", "%EF%B7%A0",
];
/** Places next to every construct a value can stand in. */
const PLACES = [
  "**{{x}}**", "*{{x}}*", "_{{x}}_", "__{{x}}__", "~~{{x}}~~", "a**{{x}}**b", "**a{{x}}**", "x{{x}}*y*", "*{{x}}*a",
  "`{{x}}`", "`` {{x}} ``", "[{{x}}](https://example.com)", "[a](https://example.com \"{{x}}\")", "![{{x}}](https://example.com/i.png)",
  "# {{x}}", "- {{x}}", "1. {{x}}", "> {{x}}", "| {{x}} | b |\n|---|---|\n| {{x}} | c |", "```{{x}}\ncode {{x}}\n```", "    {{x}} indented",
  "<span>{{x}}</span>", "Text{{x}}[^n]\n\n[^n]: Note {{x}}.", "{{x}}\n===", "{{x}}  \nnext", "a {{x}} b", "{{x}}{{x}}", "§{{x}}§", "<{{x}}>",
  "[{{x}}]\n\n[ACME]: https://example.com", "[^{{x}}]\n\n[^ACME]: A note.", "See [the\n{{x}}][ref].\n\n[ref]: https://example.com", "[{{x}}][]\n\n[acme]: https://example.com",
  "[a](https://example.com/{{x}})", "[a]({{x}})", "[a]( {{x}} )", "[{{x}}]: https://example.com\n\n[ACME]",
  "[a][r]\n\n[r]: {{x}}", "[a][r]\n\n[r]:\n  {{x}}", "[a][r]\n\n[r]: https://example.com \"{{x}}\"", "[a][r]\n\n[r]: https://example.com/{{x}}",
];

const input = (body: string, value: string): FuzzInput =>
  ({
    libraries: [
      {
        format: "sectionsmith/library@1",
        snippets: [{ id: "s", title: "S", status: "approved", variables: [{ name: "x", type: "multiline" }], body }],
      },
    ],
    assembly: { format: "sectionsmith/assembly@1", sections: [{ snippet: "s", values: { x: value } }] },
    shape: "document",
  }) as FuzzInput;

describe("values as holes give the document values as text give", () => {
  it("uses holes (the comparison below is not between two identical paths)", () => {
    const r = expandTemplate({
      body: "Dear **{{x}}**, see `{{x}}`.",
      path: "body",
      variables: new Map([["x", { name: "x", type: "text", required: false }]]),
      values: { x: "£5.00" },
      valuesPath: "values",
      lookup: () => undefined,
      locale: "en-GB",
      today: TODAY,
      holes: true,
    });
    expect(r.holes).toEqual(["£5\\.00", "£5\\.00"]);
    expect(r.markdown).not.toContain("£5");
  });

  it("a build writes a value as a hole where it is sound", async () => {
    const { libraries, assembly } = input("Dear **{{x}}**, welcome.", "Contoso Ltd");
    const parsed = parseAssembly(assembly);
    if (!parsed.ok) throw new Error("invalid assembly");
    const state = new DocumentState({ docx: CHECK_KIT, draftingNotes: false, today: TODAY, contentWidthTwips: 9000 });
    const ctx = { assembly: parsed.value, libs: loadLibraries(libraries), today: TODAY, budget: createExpandBudget(), state, problems: [], snippets: [], valueHoles: true };
    const prepared = prepareSection(ctx, 0);
    if (!prepared.ok) throw new Error("not prepared");
    expect(prepared.holes).toEqual(["Contoso Ltd"]);
    expect(prepared.markdown).not.toContain("Contoso");
  });

  it("for every value next to every construct", async () => {
    let compared = 0;
    for (const place of PLACES) {
      for (const value of VALUES) {
        const body = `Intro.\n\n${place}\n\nEnd.`;
        expect({ place, value, outcome: await build(input(body, value), true) }).toEqual({ place, value, outcome: await build(input(body, value), false) });
        compared++;
      }
    }
    expect(compared).toBe(PLACES.length * VALUES.length);
  }, 300_000);

  // Places where Markdown reads a placeholder otherwise than a value, found after round-two fuzz seed
  // 923148667 case 333: a value with blanks inside a link address longer than the expander's window kept
  // a hole in the link's URL (the build threw, then fell back to the values as text).
  const LONG = "x".repeat(600);
  const ASTRAL = "\u{60E31}\u{107BA1}".repeat(200);
  const TRICKY_PLACES = [
    `Text.[^1]\n\n[^1]: [a](https://a.b/${ASTRAL}{{x}})`,
    `[a](https://example.com/${LONG}{{x}})`, `<https://example.com/${LONG}{{x}}>`, `[a][r]\n\n[r]: https://example.com/${LONG}{{x}}`,
    `[a](https://example.com/${LONG}/{{x}} "t")`, `${LONG} {{x}} and ${LONG}{{x}}`,
    "[a][r]\n\n[r]:\n  https://example.com/{{x}}", "[a][r]\n\n[r]:\n{{x}}",
    "&{{x}};", "&#{{x}};", "&am{{x}};", "&#x{{x}};",
    "{{x}}. item", "{{x}}) item", "- {{x}}. item", "> {{x}}. item", "1. {{x}}. item", "   {{x}}. item",
    "<span {{x}}>a</span>", "<span title={{x}}>a</span>", "<span class=\"a\" {{x}}>a</span>", "<span\n{{x}}>a</span>",
    "<a href=\"{{x}}\">a</a>", "<{{x}} b>a", "a <b {{x}}",
  ];
  const TRICKY_VALUES = ["Information keep years shall Party 2 of Agreement", "a b", "ACME", "amp", "p", "65", "41", "7", "a=b", "a/b", "x—", "§"];

  it("where Markdown reads a placeholder otherwise than the value", async () => {
    let compared = 0;
    for (const place of TRICKY_PLACES) {
      for (const value of TRICKY_VALUES) {
        const body = `Intro.\n\n${place}\n\nEnd.`;
        expect({ place, value, outcome: await build(input(body, value), true) }).toEqual({ place, value, outcome: await build(input(body, value), false) });
        compared++;
      }
    }
    expect(compared).toBe(TRICKY_PLACES.length * TRICKY_VALUES.length);
  }, 300_000);

  it("writes no hole where the value's place is out of sight or read otherwise (no fallback needed)", () => {
    const holesOf = (body: string, value: string): string[] => {
      const r = expandTemplate({
        body,
        path: "body",
        variables: new Map([["x", { name: "x", type: "text", required: false }]]),
        values: { x: value },
        valuesPath: "values",
        lookup: () => undefined,
        locale: "en-GB",
        today: TODAY,
        holes: true,
      });
      return r.holes;
    };
    expect(holesOf(`Text.[^1]\n\n[^1]: [a](https://a.b/${ASTRAL}{{x}})`, "Information keep years")).toEqual([]);
    expect(holesOf("&am{{x}};", "p")).toEqual([]);
    expect(holesOf("{{x}}. item", "7")).toEqual([]);
    expect(holesOf("<span {{x}}>a</span>", "ACME")).toEqual([]);
    // Still holes in ordinary places, far into a long paragraph too.
    expect(holesOf(`${LONG} and {{x}}, <b>x</b> {{x}}. 7 {{x}}`, "ACME")).toEqual(["ACME", "ACME", "ACME"]);
  });

  it("for random valid, hostile and Markdown inputs (the fuzz suite's)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(validInput, hostileInput, markdownInput), async (fuzz) => {
        expect(await build(fuzz, true)).toEqual(await build(fuzz, false));
      }),
      { numRuns: 120, seed: 24 },
    );
  }, 300_000);
});
