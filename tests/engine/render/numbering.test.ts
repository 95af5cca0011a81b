import { describe, expect, it } from "@jest/globals";
import { parseAssembly } from "../../../src/engine";
import { assembly, build, buildBody, library, type Built } from "../support";

// Legal heading numbers, nested lists and list definitions in numbering.xml (issue 10).

type Para = { text: string; style?: string; numId?: string; ilvl?: number };

/** The body's paragraphs with their style, list instance and level. */
function paras(xml: string): Para[] {
  return [...xml.matchAll(/<w:p(?: [^>]*)?>([\s\S]*?)<\/w:p>/g)].map((m) => ({
    text: [...m[1]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""),
    style: /<w:pStyle w:val="([^"]+)"/.exec(m[1]!)?.[1],
    numId: /<w:numId w:val="(\d+)"/.exec(m[1]!)?.[1],
    ilvl: /<w:ilvl w:val="(\d+)"/.exec(m[1]!) ? Number(/<w:ilvl w:val="(\d+)"/.exec(m[1]!)![1]) : undefined,
  }));
}
const para = (b: Built, text: string): Para => {
  const found = paras(b.document).find((p) => p.text === text);
  if (!found) throw new Error(`no paragraph "${text}"`);
  return found;
};

type Abstract = {
  id: string;
  xml: string;
  levels: Array<{ ilvl: number; fmt: string; text: string; start: number }>;
};

function abstracts(numbering: string): Abstract[] {
  return [
    ...numbering.matchAll(/<w:abstractNum w:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g),
  ].map((m) => ({
    id: m[1]!,
    xml: m[2]!,
    levels: [...m[2]!.matchAll(/<w:lvl w:ilvl="(\d)"[^>]*>([\s\S]*?)<\/w:lvl>/g)].map((l) => ({
      ilvl: Number(l[1]),
      fmt: /<w:numFmt w:val="([^"]+)"/.exec(l[2]!)![1]!,
      text: /<w:lvlText w:val="([^"]*)"/.exec(l[2]!)![1]!,
      start: Number(/<w:start w:val="(\d+)"/.exec(l[2]!)![1]),
    })),
  }));
}
function nums(numbering: string): Map<string, { abstractId: string; overrides: Map<number, number> }> {
  return new Map(
    [...numbering.matchAll(/<w:num w:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)].map((m) => [
      m[1]!,
      {
        abstractId: /<w:abstractNumId w:val="(\d+)"/.exec(m[2]!)![1]!,
        overrides: new Map(
          [...m[2]!.matchAll(/<w:lvlOverride w:ilvl="(\d)"><w:startOverride w:val="(\d+)"\/>/g)].map((o) => [
            Number(o[1]),
            Number(o[2]),
          ]),
        ),
      },
    ]),
  );
}
/** The level definitions a paragraph's list instance uses. */
async function levelsOf(b: Built, p: Para): Promise<Abstract["levels"]> {
  const numbering = await b.part("word/numbering.xml");
  const num = nums(numbering).get(p.numId!)!;
  return abstracts(numbering).find((a) => a.id === num.abstractId)!.levels;
}

const legal = { options: { headingNumbering: "legal" } };

describe("legal heading numbering", () => {
  const lib = library(
    { id: "a", body: "# Parties\n\nText.\n\n## Background\n\n## Recitals\n\n### Detail" },
    { id: "b", body: "# Services\n\n## Scope\n\n1. first duty\n2. second duty\n   1. inner duty" },
    { id: "c", body: "# Term" },
  );
  const sections = [{ snippet: "a" }, { snippet: "b" }, { snippet: "c", headingOffset: 1 }];

  it("is off by default: headings carry no numbering", async () => {
    const b = await build(lib, assembly(sections));
    expect(para(b, "Parties")).toMatchObject({ style: "Heading1", numId: undefined });
    expect(para(b, "first duty").numId).toBeDefined();
    expect(abstracts(await b.part("word/numbering.xml")).map((a) => a.levels[0]!.fmt)).toEqual(["decimal"]);
  });

  it("puts <w:numPr> on every heading paragraph: one instance across sections, ilvl = heading level - 1", async () => {
    const b = await build(lib, assembly(sections, legal));
    const headings = paras(b.document).filter((p) => p.style?.startsWith("Heading"));
    expect(headings.map((h) => [h.text, h.style, h.ilvl])).toEqual([
      ["Parties", "Heading1", 0],
      ["Background", "Heading2", 1],
      ["Recitals", "Heading2", 1],
      ["Detail", "Heading3", 2],
      ["Services", "Heading1", 0],
      ["Scope", "Heading2", 1],
      ["Term", "Heading2", 1], // headingOffset 1
    ]);
    expect(new Set(headings.map((h) => h.numId)).size).toBe(1);
    expect(headings[0]!.numId).toBeDefined();
    // The heading styles stay Word's built-in ones without numbering: the paragraphs carry it.
    expect(await b.part("word/styles.xml")).not.toContain("<w:numPr>");
  });

  it("defines the heading list as Word's outline lists: %1, %1.%2, %1.%2.%3 … decimal, restarting by default", async () => {
    const b = await build(lib, assembly(sections, legal));
    const numbering = await b.part("word/numbering.xml");
    const levels = await levelsOf(b, para(b, "Parties"));
    expect(levels.map((l) => l.text)).toEqual([
      "%1",
      "%1.%2",
      "%1.%2.%3",
      "%1.%2.%3.%4",
      "%1.%2.%3.%4.%5",
      "%1.%2.%3.%4.%5.%6",
      "%1.%2.%3.%4.%5.%6.%7",
      "%1.%2.%3.%4.%5.%6.%7.%8",
      "%1.%2.%3.%4.%5.%6.%7.%8.%9",
    ]);
    expect(new Set(levels.map((l) => l.fmt))).toEqual(new Set(["decimal"]));
    expect(levels.every((l) => l.start === 1)).toBe(true);
    const headingAbstract = abstracts(numbering).find((a) => a.levels[1]?.text === "%1.%2")!;
    expect(headingAbstract.xml).toContain('<w:multiLevelType w:val="multilevel"/>');
    // No w:lvlRestart: each level restarts after any higher level (ECMA-376 17.9.11 and MS-OI29500), as Word writes it;
    // w:lvlRestart w:val="0" would make 1.1, 1.2, 2.3.
    expect(numbering).not.toContain("w:lvlRestart");
    // The one heading instance does not restart anything.
    expect(nums(numbering).get(para(b, "Parties").numId!)!.overrides.size).toBe(0);
  });

  it("letters ordered lists under numbered headings (a), (b), nested (i), (ii); before the first heading they stay 1.", async () => {
    const b = await build(
      library({ id: "pre", body: "1. before any heading" }, ...lib.snippets),
      assembly([{ snippet: "pre" }, ...sections], legal),
    );
    const duty = await levelsOf(b, para(b, "first duty"));
    expect(duty.slice(0, 4).map((l) => [l.fmt, l.text])).toEqual([
      ["lowerLetter", "(%1)"],
      ["lowerRoman", "(%2)"],
      ["upperLetter", "(%3)"],
      ["decimal", "(%4)"],
    ]);
    expect(para(b, "inner duty")).toMatchObject({ numId: para(b, "first duty").numId, ilvl: 1 });
    expect((await levelsOf(b, para(b, "before any heading")))[0]).toMatchObject({
      fmt: "decimal",
      text: "%1.",
    });
  });

  it("leaves headings in the header unnumbered, and bullet lists as bullets", async () => {
    const b = await build(
      library({ id: "h", kind: "header", body: "# Header title" }, { id: "s", body: "# Clause\n\n- point" }),
      assembly([{ snippet: "s" }], { ...legal, header: { snippet: "h" } }),
    );
    const header = await b.part("word/header1.xml");
    expect(header).toContain("Header title");
    expect(header).not.toContain("<w:numPr>");
    expect(para(b, "Clause").numId).toBeDefined();
    expect((await levelsOf(b, para(b, "point")))[0]!.fmt).toBe("bullet");
  });

  it("is in the assembly schema: only none or legal", () => {
    const asm = (headingNumbering: unknown) => ({
      format: "sectionsmith/assembly@1",
      options: { headingNumbering },
      sections: [{ snippet: "a" }],
    });
    const ok = parseAssembly(asm("legal"));
    expect(ok.ok && ok.value.options.headingNumbering).toBe("legal");
    const bad = parseAssembly(asm("roman"));
    expect(bad.ok).toBe(false);
    expect(bad.problems[0]!.path).toBe("options.headingNumbering");
  });
});

describe("nested lists continue their parent", () => {
  it("a nested list of the same kind is the parent's instance one level deeper", async () => {
    const b = await buildBody(
      "1. one\n   1. one-a\n   2. one-b\n2. two\n   1. two-a\n3. three\n\n- x\n  - y",
    );
    const one = para(b, "one");
    for (const text of ["one-a", "one-b", "two-a"])
      expect(para(b, text)).toMatchObject({ numId: one.numId, ilvl: 1 });
    expect(para(b, "three")).toMatchObject({ numId: one.numId, ilvl: 0 });
    expect(para(b, "y")).toMatchObject({ numId: para(b, "x").numId, ilvl: 1 });
    // The instance restarts only its first level; level 2 restarts under each new item by itself.
    const numbering = await b.part("word/numbering.xml");
    expect([...nums(numbering).get(one.numId!)!.overrides]).toEqual([[0, 1]]);
  });

  it("a second list under the same item restarts only its own level, in an instance of its own", async () => {
    // Two lists under one item (the bullet changes the list): Markdown starts the second at 1 again.
    const b = await buildBody(
      "1. one\n   1. first-a\n   2. first-b\n\n   Between.\n\n   1) second-a\n2. two",
    );
    const one = para(b, "one");
    expect(para(b, "first-a").numId).toBe(one.numId);
    const second = para(b, "second-a");
    expect(second.numId).not.toBe(one.numId);
    expect(second.ilvl).toBe(1);
    const numbering = await b.part("word/numbering.xml");
    expect([...nums(numbering).get(second.numId!)!.overrides]).toEqual([[1, 1]]);
    expect(para(b, "two")).toMatchObject({ numId: one.numId, ilvl: 0 });
  });

  it("a nested list with its own start number, or of another kind, is its own instance at its level", async () => {
    // (An ordered list may interrupt a paragraph only when it starts at 1: CommonMark 5.2.)
    const b = await buildBody(
      "1. one\n\n   3. from-three\n2. two\n   - bullet\n\n- b\n  1. ordered-in-bullet",
    );
    const one = para(b, "one");
    const three = para(b, "from-three");
    expect(three).toMatchObject({ ilvl: 1 });
    expect(three.numId).not.toBe(one.numId);
    const numbering = await b.part("word/numbering.xml");
    expect([...nums(numbering).get(three.numId!)!.overrides]).toEqual([[1, 3]]);
    expect(para(b, "bullet").numId).not.toBe(one.numId);
    expect(para(b, "ordered-in-bullet")).toMatchObject({ ilvl: 1 });
    expect([...nums(numbering).get(para(b, "ordered-in-bullet").numId!)!.overrides]).toEqual([[1, 1]]);
  });
});

describe("list definitions", () => {
  it("each has a w:nsid, w:multiLevelType and w:tmpl and defines all nine levels", async () => {
    const b = await buildBody("# H\n\n1. a\n   - b\n\n- c\n\n3. d", { assembly: legal });
    const numbering = await b.part("word/numbering.xml");
    const all = abstracts(numbering);
    expect(all.length).toBe(4); // headings, clause list (a), bullets, clause list from 3
    for (const a of all) {
      expect(a.xml).toMatch(
        /^<w:nsid w:val="[0-9A-F]{8}"\/><w:multiLevelType w:val="(hybridMultilevel|multilevel)"\/><w:tmpl w:val="[0-9A-F]{8}"\/>/,
      );
      expect(a.levels.map((l) => l.ilvl)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    }
    const nsids = all.map((a) => /<w:nsid w:val="([0-9A-F]{8})"/.exec(a.xml)![1]);
    expect(new Set(nsids).size).toBe(all.length);
    expect(numbering).not.toContain("w:tentative");
  });

  it("carries only what the document uses: no default bullet list, every definition and instance referenced", async () => {
    const plain = await buildBody("Just text.");
    expect(await plain.part("word/numbering.xml")).not.toMatch(/<w:abstractNum\b|<w:num\b/);

    const b = await buildBody("1. a\n2. b\n\nText\n\n1. c");
    const numbering = await b.part("word/numbering.xml");
    const all = abstracts(numbering);
    expect(all).toHaveLength(1);
    expect(numbering).not.toContain('w:val="bullet"');
    const instances = nums(numbering);
    const used = new Set(
      paras(b.document)
        .map((p) => p.numId)
        .filter(Boolean),
    );
    expect(new Set(instances.keys())).toEqual(used);
    expect(new Set([...instances.values()].map((n) => n.abstractId))).toEqual(new Set(all.map((a) => a.id)));
  });

  it("is the same in every build of the same input, and in fragments", async () => {
    const body = "# H\n\n1. a\n   1. b\n- c";
    const one = await buildBody(body, { assembly: legal });
    const two = await buildBody(body, { assembly: legal });
    expect(await two.part("word/numbering.xml")).toBe(await one.part("word/numbering.xml"));
    const fragment = await build(library({ id: "s1", body }), assembly([{ snippet: "s1" }], legal), {
      shape: "fragment",
    });
    expect(await fragment.part("word/numbering.xml")).toBe(await one.part("word/numbering.xml"));
    expect(para(fragment, "H").numId).toBeDefined();
  });
});
