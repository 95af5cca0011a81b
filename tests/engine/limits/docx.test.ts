// Hostile .docx input (issue 30): each limit of src/engine/limits.ts for imports is crossed and gives its
// coded refusal — no partial result, no hang, no crash; and what is not a Word document, is damaged or
// carries a DTD (external entities, "billion laughs") is refused with its own code.

import { describe, expect, it } from "@jest/globals";
import { strToU8, zipSync } from "fflate";
import { importDocx, type Problem } from "../../../src/engine";
import {
  MAX_DOCX_BYTES,
  MAX_DOCX_ELEMENTS,
  MAX_DOCX_ENTRIES,
  MAX_DOCX_NESTING,
  MAX_DOCX_PARAGRAPHS,
  MAX_DOCX_PART_BYTES,
} from "../../../src/engine/limits";
import { makeDocx, p } from "../import-docx/make-docx";

function refusal(bytes: Uint8Array): Problem {
  const result = importDocx(bytes, { fileName: "hostile.docx" });
  expect(result.ok).toBe(false);
  expect(result.problems).toHaveLength(1);
  const problem = result.problems[0]!;
  expect(problem.severity).toBe("error");
  expect(problem.source).toBe("hostile.docx");
  expect(problem.message.length).toBeGreaterThan(20);
  return problem;
}

/** Makes every entry over 1 MB claim `size` bytes uncompressed, in the zip's central directory. */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 28 <= out.length; i++)
    if (view.getUint32(i, true) === 0x02014b50 && view.getUint32(i + 24, true) > 1024 * 1024) view.setUint32(i + 24, size, true);
  return out;
}

describe("limits of a .docx import", () => {
  it('"LIMIT_DOCX_FILE": a file larger than the limit is refused before it is read', () => {
    expect(refusal(new Uint8Array(MAX_DOCX_BYTES + 1)).code).toBe("LIMIT_DOCX_FILE");
  });

  it('"LIMIT_DOCX_ENTRIES": a package of too many files', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i <= MAX_DOCX_ENTRIES; i++) files[`f${i}`] = new Uint8Array(0);
    expect(refusal(zipSync(files, { level: 0 })).code).toBe("LIMIT_DOCX_ENTRIES");
  });

  it('"LIMIT_DOCX_PART": a zip bomb, by what its directory says and when the directory lies', () => {
    const bomb = makeDocx({ body: "", extra: { "word/document.xml": new Uint8Array(MAX_DOCX_PART_BYTES + 1024) } });
    expect(bomb.length).toBeLessThan(200_000);
    const declared = refusal(bomb);
    expect(declared).toMatchObject({ code: "LIMIT_DOCX_PART", path: "" });
    expect(declared.message).toContain("word/document.xml");
    // The same bomb whose entries all claim 1 KB: the inflater stops as soon as the output passes it.
    expect(refusal(lieAboutSizes(bomb, 1024)).code).toBe("LIMIT_DOCX_PART");
  });

  it('"LIMIT_DOCX_ELEMENTS": XML made of millions of elements', () => {
    const body = p(`<w:r>${"<w:tab/>".repeat(MAX_DOCX_ELEMENTS)}</w:r>`);
    expect(refusal(makeDocx({ body })).code).toBe("LIMIT_DOCX_ELEMENTS");
  });

  it('"LIMIT_DOCX_NESTING": tables nested in tables, deeper than the limit', () => {
    const depth = Math.ceil(MAX_DOCX_NESTING / 3) + 2;
    const body = "<w:tbl><w:tr><w:tc>".repeat(depth) + p("deep") + "</w:tc></w:tr></w:tbl>".repeat(depth);
    const problem = refusal(makeDocx({ body }));
    expect(problem.code).toBe("LIMIT_DOCX_NESTING");
    expect(problem).toMatchObject({ path: "word/document.xml" });
    expect(problem.line).toBe(1);
  });

  it('"LIMIT_DOCX_PARAGRAPHS": more paragraphs than the limit', () => {
    const body = "<w:p><w:r><w:t>x</w:t></w:r></w:p>".repeat(MAX_DOCX_PARAGRAPHS + 1);
    expect(refusal(makeDocx({ body })).code).toBe("LIMIT_DOCX_PARAGRAPHS");
  });
});

describe("files that are not importable Word documents", () => {
  it("refuses a file that is not a zip, and names a .doc as one", () => {
    expect(refusal(strToU8("just some text, not a document at all")).code).toBe("DOCX_NOT_DOCX");
    const doc = refusal(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(600).fill(0)]));
    expect(doc.code).toBe("DOCX_NOT_DOCX");
    expect(doc.message).toContain("Word 97–2003");
  });

  it("refuses a truncated package, an encrypted part and another Office file", () => {
    const good = makeDocx({ body: p("Text") });
    expect(refusal(good.slice(0, good.length - 30)).code).toBe("DOCX_ZIP_DAMAGED");
    const encrypted = good.slice();
    const view = new DataView(encrypted.buffer);
    for (let i = 0; i + 4 <= encrypted.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint16(i + 8, 1, true);
    expect(refusal(encrypted).code).toBe("DOCX_ZIP_UNSUPPORTED");
    const workbook = zipSync({ "[Content_Types].xml": strToU8("<Types/>"), "xl/workbook.xml": strToU8("<workbook/>") });
    expect(refusal(workbook).code).toBe("DOCX_PART_MISSING");
  });

  it("refuses a DTD, so no external entity is ever read and no entity expands", () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY secret SYSTEM "file:///etc/passwd">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&secret;</w:t></w:r></w:p></w:body></w:document>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol3;</w:t></w:r></w:p></w:body></w:document>`;
    for (const xml of [xxe, laughs]) {
      const problem = refusal(makeDocx({ body: "", extra: { "word/document.xml": xml } }));
      expect(problem).toMatchObject({ code: "DOCX_XML_DOCTYPE", path: "word/document.xml", line: 1 });
    }
    // An entity reference without a DTD is not well-formed XML.
    const undefinedEntity = makeDocx({ body: "<w:p><w:r><w:t>&secret;</w:t></w:r></w:p>" });
    expect(refusal(undefinedEntity).code).toBe("DOCX_XML_INVALID");
  });

  it("refuses malformed XML with its place, and a document with no text", () => {
    const problem = refusal(makeDocx({ body: "<w:p><w:r><w:t>open</w:r></w:p>" }));
    expect(problem).toMatchObject({ code: "DOCX_XML_INVALID", path: "word/document.xml", line: 1 });
    expect(refusal(makeDocx({ body: p("") + p("   ") })).code).toBe("DOCX_EMPTY");
  });
});

describe("long documents within the limits", () => {
  it("10,000 paragraphs give a report, not a refusal", () => {
    const body = Array.from({ length: 10_000 }, (_, i) =>
      i % 100 === 0 ? p(`Clause ${i / 100 + 1}`, '<w:pStyle w:val="Heading1"/>') : p(`Paragraph ${i} says something about [Party ${i % 7}].`),
    ).join("");
    const styles = '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>';
    const result = importDocx(makeDocx({ body, styles }), { fileName: "long.docx" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.snippets).toHaveLength(100);
    // Every clause is a near-copy of the others (only the numbers differ): each is reported as one.
    expect(result.value.snippets.filter((s) => s.duplicate?.of === "import").length).toBeGreaterThan(90);
    expect(result.value.variables.map((v) => v.name).sort()).toEqual(["party_0", "party_1", "party_2", "party_3", "party_4", "party_5", "party_6"]);
  });
});
