import { describe, expect, it } from "@jest/globals";
import { assembly, build, library, paragraphs } from "../support";

// A snippet marked `titleBlock` writes its # heading in Word's Title style and ## in Subtitle.

const pStyles = (xml: string): string[] =>
  paragraphs(xml).map((p) => /<w:pStyle w:val="([^"]+)"\/>/.exec(p)?.[1] ?? "");

const styleXml = (styles: string, id: string): string | undefined =>
  new RegExp(`<w:style [^>]*w:styleId="${id}"[^>]*>[\\s\\S]*?</w:style>`).exec(styles)?.[0];

describe("title blocks", () => {
  const lib = library(
    {
      id: "cover",
      titleBlock: true,
      body: "# Master Services Agreement\n\n## between A and B\n\nDated today\n\n### Parties",
    },
    { id: "body", body: "# Services\n\n## Scope\n\nText" },
  );

  it("uses Title and Subtitle for # and ## in the title block, and headings everywhere else", async () => {
    const b = await build(lib, assembly([{ snippet: "cover" }, { snippet: "body" }]));
    expect(pStyles(b.document)).toEqual(["Title", "Subtitle", "", "Heading3", "Heading1", "Heading2", ""]);
    // Title text is not bold body text.
    const [titleP] = paragraphs(b.document);
    expect(titleP).not.toContain("<w:b/>");
  });

  it("ignores headingOffset for the title and subtitle (they are not outline levels)", async () => {
    const b = await build(lib, assembly([{ snippet: "cover", headingOffset: 2 }]));
    expect(pStyles(b.document)).toEqual(["Title", "Subtitle", "", "Heading5"]);
  });

  it("defines Title and Subtitle with Word's ids, names and look, without an outline level", async () => {
    const b = await build(lib, assembly([{ snippet: "cover" }], { theme: { headingFont: "Georgia" } }));
    const styles = await b.part("word/styles.xml");
    const title = styleXml(styles, "Title")!;
    const subtitle = styleXml(styles, "Subtitle")!;
    expect(title).toMatch(
      /^<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"\/><w:basedOn w:val="Normal"\/><w:next w:val="Normal"\/><w:uiPriority w:val="10"\/><w:qFormat\/>/,
    );
    expect(title).toContain('<w:sz w:val="56"/>');
    expect(title).toContain('<w:kern w:val="28"/>');
    expect(title).toContain('<w:rFonts w:ascii="Georgia"');
    expect(title).toContain("<w:contextualSpacing/>");
    expect(subtitle).toMatch(
      /^<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"\/><w:basedOn w:val="Normal"\/><w:next w:val="Normal"\/><w:uiPriority w:val="11"\/><w:qFormat\/>/,
    );
    expect(subtitle).toContain('<w:color w:val="595959"/>');
    expect(subtitle).toContain('<w:sz w:val="28"/>');
    for (const s of [title, subtitle]) expect(s).not.toContain("w:outlineLvl");
  });

  it("the section's own snippet decides: its includes follow it, and an included title block does not count", async () => {
    const lib2 = library(
      { id: "cover", titleBlock: true, body: "# Cover title\n\n{{> part}}" },
      { id: "part", body: "## Included line" },
      { id: "plain", body: "{{> cover}}" },
    );
    const asTitle = await build(lib2, assembly([{ snippet: "cover" }]));
    expect(pStyles(asTitle.document)).toEqual(["Title", "Subtitle"]);
    const included = await build(lib2, assembly([{ snippet: "plain" }]));
    expect(pStyles(included.document)).toEqual(["Heading1", "Heading2"]);
  });

  it("has no effect in a header", async () => {
    const lib2 = library(
      { id: "body", body: "Text" },
      { id: "head", kind: "header", titleBlock: true, body: "# Letterhead" },
    );
    const b = await build(lib2, assembly([{ snippet: "body" }], { header: { snippet: "head" } }));
    const header = await b.part("word/header1.xml");
    expect(header).toContain('<w:pStyle w:val="Heading1"/>');
    expect(header).not.toContain('w:val="Title"');
  });

  it("rejects a titleBlock that is not true or false", async () => {
    const { problemsOf } = await import("../support");
    const problems = await problemsOf(
      library({ id: "cover", titleBlock: "yes", body: "# T" }),
      assembly([{ snippet: "cover" }]),
    );
    expect(problems.some((p) => p.path.endsWith("titleBlock"))).toBe(true);
  });

  it("keeps the Title and Subtitle styles in a fragment only when used", async () => {
    const used = await build(lib, assembly([{ snippet: "cover" }]), { shape: "fragment" });
    const unused = await build(lib, assembly([{ snippet: "body" }]), { shape: "fragment" });
    const ids = async (b: typeof used) =>
      [...(await b.part("word/styles.xml")).matchAll(/w:styleId="([^"]+)"/g)].map((m) => m[1]);
    expect(await ids(used)).toEqual(expect.arrayContaining(["Title", "Subtitle"]));
    expect(await ids(unused)).not.toContain("Title");
    expect(await ids(unused)).not.toContain("Subtitle");
  });
});
