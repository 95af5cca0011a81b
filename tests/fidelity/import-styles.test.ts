// Issue 12, "Host styles win by default … with a per-insert choice “Use the snippets' formatting”": the
// Word insertion model (tests/fidelity/support/insertion-model.ts, a MODEL of Word, rule 1 and 1b)
// merges one package into the red-Georgia-headings host twice — importStyles false (the pane's
// default: the host's definitions win by name) and importStyles true (the choice: the package's
// definitions replace the host's of the same name, document-wide) — and shows the difference.

import JSZip from "jszip";
import { beforeAll, describe, expect, it } from "@jest/globals";
import { exportDocument } from "../../src/engine";
import { HOST, hostDocx } from "./support/host-docx";
import { insertFragment, type InsertLog } from "./support/insertion-model";
import { renderAll, squash, type Rendered } from "./support/render";

const TODAY = new Date("2026-11-22T12:00:00Z");
const SNIPPETS_FONT = "Arial";
const SNIPPETS_HEADING = "Verdana";
const SNIPPETS_COLOR = "2E74B5";

const library = {
  format: "sectionsmith/library@1",
  name: "Look",
  snippets: [{ id: "clause", title: "Clause", status: "approved", body: "# Confidentiality\n\nEach party keeps the other's secrets." }],
};
const assembly = {
  format: "sectionsmith/assembly@1",
  theme: { font: SNIPPETS_FONT, headingFont: SNIPPETS_HEADING, headingColor: `#${SNIPPETS_COLOR}` },
  sections: [{ snippet: "clause" }],
};

type Merged = { bytes: Uint8Array; log: InsertLog; styles: Map<string, string>; rendered?: Rendered };
let kept: Merged;
let imported: Merged;

/** Every w:style of styles.xml by its w:name (lower case). */
async function stylesByName(bytes: Uint8Array): Promise<Map<string, string>> {
  const xml = await (await JSZip.loadAsync(bytes)).file("word/styles.xml")!.async("string");
  const all = [...xml.matchAll(/<w:style\b[^>]*>[\s\S]*?<\/w:style>/g)].map((m) => m[0]);
  const names = all.map((s) => /<w:name w:val="([^"]+)"\/>/.exec(s)?.[1]?.toLowerCase() ?? "");
  expect(new Set(names).size).toBe(names.length); // never "Heading 1" twice
  return new Map(all.map((s, i) => [names[i]!, s]));
}

beforeAll(async () => {
  const fragment = new Uint8Array((await exportDocument(library, assembly, { as: "buffer", today: TODAY, shape: "fragment" })).output);
  const host = await hostDocx();
  const merge = async (importStyles: boolean): Promise<Merged> => {
    const { bytes, log } = await insertFragment(host, fragment, { importStyles });
    return { bytes, log, styles: await stylesByName(bytes) };
  };
  kept = await merge(false);
  imported = await merge(true);
  [kept.rendered, imported.rendered] = await renderAll([kept.bytes, imported.bytes]);
});

describe("importStyles in the Word insertion model", () => {
  it("both merged files pass the OOXML check and LibreOffice reads the host's and the snippet's text", () => {
    for (const merged of [kept, imported]) {
      expect(merged.rendered!.check.errors).toEqual([]);
      const text = squash(merged.rendered!.text);
      expect(text).toContain(HOST.heading);
      expect(text).toContain("Confidentiality");
      expect(text).toContain("Each party keeps the other's secrets.");
    }
  });

  it("false (the default): the host's Heading 1 and Normal stay red Georgia and Times New Roman", () => {
    const heading = kept.styles.get("heading 1")!;
    expect(heading).toContain(`w:ascii="${HOST.headingFont}"`);
    expect(heading).toContain(`<w:color w:val="${HOST.headingColor}"/>`);
    expect(heading).not.toContain(SNIPPETS_HEADING);
    expect(kept.styles.get("normal")).toContain(`w:ascii="${HOST.bodyFont}"`);
    expect(kept.log.stylesKept).toEqual(expect.arrayContaining(["Heading1", "Normal"]));
    expect(kept.log.stylesReplaced).toEqual([]);
  });

  it("true (“Use the snippets' formatting”): the snippets' definitions replace the host's by name, under the host's ids", () => {
    const heading = imported.styles.get("heading 1")!;
    expect(heading).toContain('w:styleId="Heading1"');
    expect(heading).toContain(`w:ascii="${SNIPPETS_HEADING}"`);
    expect(heading).toContain(`<w:color w:val="${SNIPPETS_COLOR}"/>`);
    expect(heading).not.toContain(HOST.headingFont);
    expect(heading).not.toContain(HOST.headingColor);
    // The package's Normal is bare (its body font is in its document defaults, which stay the host's in
    // the model): what matters is that the host's Times New Roman definition is gone.
    const normal = imported.styles.get("normal")!;
    expect(normal).not.toContain(HOST.bodyFont);
    expect(normal).toMatch(/w:default="1"/); // still the document's default paragraph style
    expect(imported.log.stylesReplaced).toEqual(expect.arrayContaining(["Heading1", "Normal"]));
    expect(imported.log.stylesKept).toEqual([]);
  });

  it("true changes the host's own headings too (one definition per name, document-wide); false leaves them", async () => {
    const doc = async (bytes: Uint8Array) => (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
    for (const merged of [kept, imported]) {
      const xml = await doc(merged.bytes);
      // The host's heading paragraph still points at Heading1: its look is whatever Heading1 now is.
      const hostHeading = [...xml.matchAll(/<w:p\b[\s\S]*?<\/w:p>/g)].map((m) => m[0]).find((p) => p.includes(HOST.heading))!;
      expect(hostHeading).toContain('<w:pStyle w:val="Heading1"/>');
      expect(hostHeading).not.toMatch(/<w:rFonts|<w:color/); // no direct formatting: the style decides
    }
  });
});
