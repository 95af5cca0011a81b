import { describe, expect, it } from "@jest/globals";
import { MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from "../../../src/engine/limits";
import { assembly, buildBody, library } from "../support";
import { dataUri, failure, HANG_GUARD_MS, only, png } from "./helpers";

// Image limits: the size of one picture, the picture's drawn size, and the document's total size
// (every use of a picture stores its data again).

describe("image size", () => {
  it("embeds a picture just under the limit", async () => {
    const b = await buildBody(`![big](${dataUri(png(100, 50, MAX_IMAGE_BYTES - 100))})`);
    const rels = await b.part("word/_rels/document.xml.rels");
    const media = /Target="(media\/[^"]+)"/.exec(rels)?.[1];
    expect(media).toBeDefined();
    expect(b.has(`word/${media}`)).toBe(true);
  });

  it("refuses a picture over the limit with LIMIT_IMAGE_SIZE", async () => {
    const uri = dataUri(png(100, 50, MAX_IMAGE_BYTES + 1));
    const problems = await failure(library({ id: "s1", body: `Logo:\n\n![Company logo](${uri})` }), assembly([{ snippet: "s1" }]));
    const p = only(problems, "LIMIT_IMAGE_SIZE");
    expect(p.line).toBe(3);
    expect(p.message).toContain('"Company logo"');
    expect(p.message).toContain("5 MB");
    // Reading 7 million characters of Markdown, not decoding them: the test's timeout is the hang guard
    // (a timing under the unit suite's load is no measure; bench:limits measures inputs at the limits).
  }, HANG_GUARD_MS);

  it("fits a picture whose header claims 1 × 4,294,967,295 pixels onto the page (docx threw on it)", async () => {
    const b = await buildBody(`![tall](${dataUri(png(1, 0xffffffff))})`);
    const extent = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(b.document);
    expect(extent).not.toBeNull();
    const [cx, cy] = [Number(extent![1]), Number(extent![2])];
    // A4 with 1-inch margins: 9,418 twips across and 14,398 down; 635 EMU per twip.
    expect(cy).toBeLessThanOrEqual(14398 * 635);
    expect(cx).toBeGreaterThanOrEqual(9525); // at least one pixel
  });

  it("fits a very wide picture to the width between the margins", async () => {
    const b = await buildBody(`![wide](${dataUri(png(100_000, 10))})`);
    const [, cx, cy] = /<wp:extent cx="(\d+)" cy="(\d+)"\/>/.exec(b.document)!;
    expect(Number(cx)).toBeLessThanOrEqual(9418 * 635);
    expect(Number(cy)).toBe(9525);
  });
});

describe("document size", () => {
  it("refuses a picture used so often that the document would pass the limit (LIMIT_DOCUMENT_SIZE), once", async () => {
    const bytes = 2 * 1024 * 1024;
    const uses = Math.ceil(MAX_DOCUMENT_BYTES / bytes) + 1;
    const body = `![p][pic] `.repeat(uses) + `\n\n[pic]: ${dataUri(png(10, 10, bytes))}`;
    const problems = await failure(library({ id: "s1", body }), assembly([{ snippet: "s1" }]));
    const p = only(problems, "LIMIT_DOCUMENT_SIZE"); // once: the build stops at the limit, not at every use
    expect(p.path).toBe("snippets[0].body");
    expect(p.message).toContain("100 MB");
  }, HANG_GUARD_MS);

  it("accepts the same picture used a few times", async () => {
    const body = `![p][pic] `.repeat(3) + `\n\n[pic]: ${dataUri(png(10, 10, 1024))}`;
    const b = await buildBody(body);
    expect((b.document.match(/<w:drawing>/g) ?? []).length).toBe(3);
  });
});
