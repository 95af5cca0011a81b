// The OOXML checker must accept a good document and name each kind of damage. All variants are
// checked concurrently, which also proves concurrent checks keep their verdicts apart.

import { beforeAll, describe, expect, it } from "@jest/globals";
import { Document, FootnoteReferenceRun, Paragraph, TextRun } from "docx";
import { checkDocx, checkDocxAll, expectValidDocx, type DocxCheckResult } from "../support/ooxml-check";
import { mustReplace, packDocx, readPart, rewriteParts } from "../support/docx-zip";
import { sampleDocument, sampleDocx } from "../support/sample-docx";
import { validatorStats } from "../support/ooxml/schemas";
import { expectWithMessage } from "../support/expect-message";

const W14 = "http://schemas.microsoft.com/office/word/2010/wordml";

function docWith(
  children: Paragraph[],
  extra: Partial<ConstructorParameters<typeof Document>[0]> = {},
): Document {
  return new Document({
    styles: { characterStyles: [{ id: "DefaultParagraphFont", name: "Default Paragraph Font" }] },
    ...extra,
    sections: [{ children }],
  });
}

type Variant = () => Promise<Uint8Array>;

/** Adds a last child to the root element, whether it is written <root …/> or <root …>…</root>. */
function appendToRoot(xml: string | undefined, child: string): string {
  const selfClosed = /<([\w:]+)([^<>]*)\/>\s*$/;
  if (xml !== undefined && selfClosed.test(xml) && !/<\/[^>]+>\s*$/.test(xml))
    return mustReplace(xml, selfClosed, `<$1$2>${child}</$1>`);
  return mustReplace(xml, /(<\/[^>]+>)\s*$/, `${child}$1`);
}

const variants = {
  valid: () => sampleDocx(),
  danglingFootnote: () =>
    packDocx(
      docWith([new Paragraph({ children: [new TextRun("x"), new FootnoteReferenceRun(7)] })], {
        footnotes: { 1: { children: [new Paragraph("note")] } },
      }),
    ),
  missingStyle: () =>
    packDocx(
      docWith([
        new Paragraph({ text: "x", style: "NoSuchStyle" }),
        new Paragraph({ children: [new TextRun({ text: "y", style: "NoCharStyle" })] }),
      ]),
    ),
  invalidElement: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) => mustReplace(xml, /(<w:p>|<w:p )/, "<w:p><w:bogus/></w:p>$1"),
    }),
  missingRelTarget: async () => rewriteParts(await sampleDocx(), { "word/header1.xml": () => null }),
  forbiddenChar: () => packDocx(docWith([new Paragraph("bad \uFFFF char")])),
  forbiddenCharRef: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) => mustReplace(xml, "Bookmarked text", "Bookmarked &#x1; text"),
    }),
  danglingNumIdFromDocx: () =>
    packDocx(docWith([new Paragraph({ text: "x", numbering: { reference: "nope", level: 0 } })])),
  danglingNumId: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) => mustReplace(xml, /<w:numId w:val="\d+"\/>/g, '<w:numId w:val="99"/>'),
    }),
  danglingAbstractNum: async () =>
    rewriteParts(await sampleDocx(), {
      "word/numbering.xml": (xml) =>
        mustReplace(xml, /(<w:num w:numId="\d+"[^>]*><w:abstractNumId w:val=")\d+/, "$1777"),
    }),
  danglingComment: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) =>
        mustReplace(xml, /<w:commentReference w:id="1"\/>/, '<w:commentReference w:id="5"/>'),
    }),
  unclosedCommentRange: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) => mustReplace(xml, /<w:commentRangeEnd w:id="1"\/>/, ""),
    }),
  unpairedBookmark: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) =>
        mustReplace(xml, /<w:bookmarkEnd w:id="(\d+)"\/>/, '<w:bookmarkEnd w:id="4242"/>'),
    }),
  danglingRelId: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) => mustReplace(xml, /(<w:headerReference [^>]*r:id=")[^"]+/, "$1rId999"),
    }),
  danglingBasedOn: () =>
    packDocx(new Document({ sections: [{ children: [new Paragraph("plain docx defaults")] }] })),
  noContentType: async () =>
    rewriteParts(await sampleDocx(), {
      "[Content_Types].xml": (xml) => mustReplace(xml, /<Default [^>]*Extension="png"[^>]*\/>/, ""),
    }),
  notWellFormed: async () =>
    rewriteParts(await sampleDocx(), {
      "word/styles.xml": (xml) => mustReplace(xml, "</w:styles>", "</w:style>"),
    }),
  // Markup Compatibility: w14 attributes are fine while w14 is ignorable, and schema errors once it is not.
  ignorableW14: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) =>
        mustReplace(xml, "<w:body>", `<w:body><w:p w14:paraId="1A2B3C4D"><w:r><w:t>p</w:t></w:r></w:p>`),
    }),
  notIgnorableW14: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) =>
        mustReplace(
          mustReplace(xml, /mc:Ignorable="[^"]*"/, 'mc:Ignorable="w15 wp14"'),
          "<w:body>",
          `<w:body><w:p w14:paraId="1A2B3C4D"><w:r><w:t>p</w:t></w:r></w:p>`,
        ),
    }),
  alternateContent: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) =>
        mustReplace(
          xml,
          "<w:body>",
          `<w:body><w:p><w:r><mc:AlternateContent><mc:Choice Requires="w14"><w14:whatever/></mc:Choice>` +
            `<mc:Fallback><w:t>fallback</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>`,
        ),
    }),
  alternateContentBadFallback: async () =>
    rewriteParts(await sampleDocx(), {
      "word/document.xml": (xml) =>
        mustReplace(
          xml,
          "<w:body>",
          `<w:body><w:p><w:r><mc:AlternateContent><mc:Choice Requires="w14"><w:t>ok</w:t></mc:Choice>` +
            `<mc:Fallback><w:notAnElement/></mc:Fallback></mc:AlternateContent></w:r></w:p>`,
        ),
    }),
} satisfies Record<string, Variant>;

type Name = keyof typeof variants;
const results = {} as Record<Name, DocxCheckResult>;

beforeAll(async () => {
  const names = Object.keys(variants) as Name[];
  const bytes = await Promise.all(names.map((n) => variants[n]()));
  const checked = await checkDocxAll(bytes);
  names.forEach((n, i) => (results[n] = checked[i]!));
  if (process.env.DUMP_VARIANTS) {
    const fs = await import("node:fs");
    fs.mkdirSync(process.env.DUMP_VARIANTS, { recursive: true });
    names.forEach((n, i) => fs.writeFileSync(`${process.env.DUMP_VARIANTS}/${n}.docx`, bytes[i]!));
    fs.writeFileSync(`${process.env.DUMP_VARIANTS}/results.json`, JSON.stringify(results, null, 1));
  }
}, 120_000);

function expectError(name: Name, pattern: RegExp): void {
  const r = results[name];
  expectWithMessage(r.ok, `${name} should fail`).toBe(false);
  expectWithMessage(
    r.errors.some((e) => pattern.test(e)),
    `${name}: no error matches ${pattern}\n${r.errors.join("\n")}`,
  ).toBe(true);
}

describe("checkDocx", () => {
  it("accepts a document made with the docx package", () => {
    const r = results.valid;
    expect(r.errors).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.parts).toEqual(
      expect.arrayContaining([
        "word/document.xml",
        "word/styles.xml",
        "word/header1.xml",
        "word/media/image1.png",
        "[Content_Types].xml",
      ]),
    );
    expect(r.notes).toEqual([]);
  });

  it("reports timings", () => {
    for (const r of Object.values(results)) {
      expect(r.timings.schemaMs).toBeGreaterThan(0);
      expect(r.timings.totalMs).toBeGreaterThanOrEqual(r.timings.prepareMs);
    }
  });

  it("validates one document after another with the schemas compiled once", async () => {
    const bytes = await sampleDocx();
    await checkDocx(bytes);
    const before = validatorStats();
    const again = await checkDocxAll([bytes, bytes, bytes]);
    expect(again.every((r) => r.ok)).toBe(true);
    expect(validatorStats()).toEqual(before);
  });

  it("reports a dangling footnote reference", () =>
    expectError("danglingFootnote", /^word\/document\.xml: w:footnoteReference id 7 has no footnote/));

  it("reports missing paragraph and character styles", () => {
    expectError("missingStyle", /^word\/document\.xml: w:pStyle NoSuchStyle names no style/);
    expectError("missingStyle", /^word\/document\.xml: w:rStyle NoCharStyle names no style/);
  });

  it("reports an element the schema does not allow, with its path", () =>
    expectError(
      "invalidElement",
      /^word\/document\.xml: \/w:document\/w:body\/w:p(\[\d+\])?\/w:bogus: Element 'w:bogus': This element is not expected/,
    ));

  it("reports a relationship whose target part is missing", () => {
    expectError(
      "missingRelTarget",
      /^word\/_rels\/document\.xml\.rels: relationship rId\d+ targets missing part word\/header1\.xml/,
    );
    expectError("missingRelTarget", /Override names a missing part \/word\/header1\.xml/);
  });

  it("reports characters XML 1.0 forbids, raw or as references", () => {
    expectError("forbiddenChar", /^word\/document\.xml: 1:\d+: character U\+FFFF is not allowed in XML 1\.0/);
    expectError("forbiddenCharRef", /character reference &#x1; names U\+0001/);
  });

  it("reports numbering ids that do not resolve", () => {
    expectError("danglingNumIdFromDocx", /w:numId \{nope-0\} names no w:num/);
    expectError("danglingNumIdFromDocx", /w:numId.*'\{nope-0\}' is not a valid value/);
    expectError("danglingNumId", /^word\/document\.xml: w:numId 99 names no w:num in numbering\.xml/);
    expectError("danglingAbstractNum", /^word\/numbering\.xml: w:num \d+ points to a missing abstractNum/);
  });

  it("reports comment references and unclosed comment ranges", () => {
    expectError("danglingComment", /w:commentReference id 5 has no comment/);
    expectError("unclosedCommentRange", /commentRangeStart 1 has no commentRangeEnd/);
  });

  it("reports bookmarks that do not pair up", () => {
    expectError("unpairedBookmark", /bookmarkStart \d+ has no bookmarkEnd/);
    expectError("unpairedBookmark", /bookmarkEnd 4242 has no bookmarkStart/);
  });

  it("reports r:id values missing from the part's relationships", () =>
    expectError("danglingRelId", /^word\/document\.xml: w:headerReference r:id=rId999 has no relationship/));

  it("reports styles based on undefined styles (docx's defaults do this) unless allowed", async () => {
    expectError(
      "danglingBasedOn",
      /^word\/styles\.xml: style Hyperlink: w:basedOn DefaultParagraphFont names no style/,
    );
    const allowed = await checkDocx(await variants.danglingBasedOn(), {
      allow: [/w:basedOn DefaultParagraphFont/],
    });
    expect(allowed.ok).toBe(true);
    expect(allowed.notes.some((n) => n.startsWith("allowed: word/styles.xml: style Hyperlink"))).toBe(true);
  });

  it("reports a part with no content type", () =>
    expectError("noContentType", /^word\/media\/image1\.png: no content type for this part/));

  it("reports XML that is not well-formed", () =>
    expectError(
      "notWellFormed",
      /^word\/styles\.xml: not well-formed XML: .*end tag <\/w:style> does not match <w:styles>/,
    ));

  it("resolves Markup Compatibility as an ECMA-only reader would", async () => {
    expect(results.ignorableW14.errors).toEqual([]);
    expect(await readPart(await variants.ignorableW14(), "word/document.xml")).toContain(
      `xmlns:w14="${W14}"`,
    );
    expectError(
      "notIgnorableW14",
      /^word\/document\.xml: \/w:document\/w:body\/w:p\[1\]: Element 'w:p', attribute 'w14:paraId': The attribute 'w14:paraId' is not allowed/,
    );
    expect(results.alternateContent.errors).toEqual([]);
    expectError("alternateContentBadFallback", /w:notAnElement/);
  });

  it("validates every kind of part against its schema", async () => {
    const valid = await sampleDocx();
    const parts = [
      "[Content_Types].xml",
      "_rels/.rels",
      "word/_rels/document.xml.rels",
      "docProps/core.xml",
      "docProps/app.xml",
      "docProps/custom.xml",
      "word/document.xml",
      "word/styles.xml",
      "word/numbering.xml",
      "word/footnotes.xml",
      "word/endnotes.xml",
      "word/comments.xml",
      "word/header1.xml",
      "word/footer1.xml",
      "word/settings.xml",
      "word/fontTable.xml",
      "word/theme/theme1.xml",
    ];
    const damaged = await Promise.all(
      parts.map((part) =>
        rewriteParts(valid, { [part]: (xml) => appendToRoot(xml, '<bogus:x xmlns:bogus="urn:bogus"/>') }),
      ),
    );
    const checked = await checkDocxAll(damaged);
    parts.forEach((part, i) => {
      const errors = checked[i]!.errors;
      expectWithMessage(errors, part).toHaveLength(1);
      expectWithMessage(errors[0], part).toContain(`${part}: /`);
      expectWithMessage(errors[0], part).toContain("Element '{urn:bogus}x': This element is not expected");
    });
  });

  it("rejects bytes that are not a zip", async () => {
    const r = await checkDocx(new TextEncoder().encode("not a zip"));
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatch(/^\(package\): not a readable zip archive/);
  });

  it("expectValidDocx lists every problem", async () => {
    await expect(expectValidDocx(await variants.missingStyle())).rejects.toThrow(
      /docx is not valid \(2 problems\):\n {2}- word\/document\.xml: w:pStyle NoSuchStyle/,
    );
    await expect(expectValidDocx(await packDocx(sampleDocument()))).resolves.toMatchObject({ ok: true });
  });
});
