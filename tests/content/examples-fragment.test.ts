// Every example as the insertable fragment the pane inserts (shape "fragment"), beside the standalone
// documents tests/content/examples.test.ts builds: both pass the schema and Word rules checks (and so
// reach the Open XML SDK validator, npm run test:openxml), the fragment has no page setup of its own,
// wraps each section in a content control, and says the example's language on its text runs.
import { describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import { wordLanguageTag } from "../../src/engine/render/language";
import { expectValidDocx } from "../support/ooxml-check";
import { docxParts, EXAMPLES, exampleAssembly, exampleLibrary } from "./content-files";

const today = new Date("2026-11-22T12:00:00Z");

describe.each(EXAMPLES)("examples/%s as a fragment", (name) => {
  it("passes the checks, without page setup, a content control per section, in the example's language", async () => {
    const asm = exampleAssembly(name) as { locale: string; sections: unknown[] };
    const result = await exportDocument(exampleLibrary(name), asm, {
      as: "buffer",
      today,
      shape: "fragment",
    });
    const bytes = new Uint8Array(result.output);
    await expectValidDocx(bytes);
    const parts = await docxParts(bytes);
    const body = parts.get("word/document.xml")!;
    expect(body).not.toContain("<w:sectPr");
    expect([...parts.keys()].filter((p) => /^word\/(header|footer)\d*\.xml$/.test(p))).toEqual([]);
    // One block content control per section (a section a condition leaves empty has none).
    const controls = body.match(/<w:tag w:val="sectionsmith:/g)?.length ?? 0;
    expect(controls).toBeGreaterThan(0);
    expect(controls).toBeLessThanOrEqual(asm.sections.length);
    const tag = wordLanguageTag(asm.locale)!;
    // The table of contents' entries are the field's result, which docx writes and Word rebuilds when it
    // updates the field: they are left out (docs/decisions.md, "The proofing language").
    const withoutToc = body.replace(/<w:sdt>(?:(?!<\/?w:sdt>)[\s\S])*?<w:docPartObj>[\s\S]*?<\/w:sdt>/g, "");
    const textRuns = [...withoutToc.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)]
      .map((m) => m[1]!)
      .filter((r) => r.includes("<w:t"));
    expect(textRuns.length).toBeGreaterThan(10);
    expect(textRuns.filter((r) => !r.includes(`<w:lang w:val="${tag}"/>`))).toEqual([]);
  });
});
