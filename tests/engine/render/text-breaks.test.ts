import { describe, expect, it } from "@jest/globals";
import { buildBody, paragraphs } from "../support";

// No line ending inside <w:t> (the Word rule WORD_TEXT_NEWLINE): a Markdown soft break is a space,
// a hard break a <w:br/>.

const texts = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]!);

describe("line endings in text", () => {
  it("write a soft break as a space and a hard break as <w:br/>", async () => {
    const b = await buildBody("first line\nsecond line  \nthird line\r\nfourth");
    const [p] = paragraphs(b.document);
    expect(texts(p!)).toEqual(["first line second line", "third line fourth"]);
    expect(p).toMatch(/second line<\/w:t><\/w:r><w:r><w:br\/><\/w:r>/);
    expect(b.document).not.toMatch(/<w:t[^>]*>[^<]*[\r\n]/);
  });

  it("leave none in inline code, list items, table cells, quotes, footnotes or values", async () => {
    const b = await buildBody(
      "`code\nspan` and {{name}}\n\n- item\n  continued\n\n> quote\n> more\n\nNote.[^n]\n\n[^n]: note\n  text",
      { variables: [{ name: "name", type: "text" }], values: { name: "Ann\nLee" } },
    );
    expect(b.document).not.toMatch(/<w:t[^>]*>[^<]*[\r\n]/);
    expect(await b.part("word/footnotes.xml")).not.toMatch(/<w:t[^>]*>[^<]*[\r\n]/);
    expect(b.document).toContain("item continued");
  });
});
