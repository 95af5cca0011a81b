import { describe, expect, it } from "@jest/globals";
import { validateLibrary } from "../../../src/engine";
import { IMAGES } from "../../fuzz/arbitraries/markdown";
import { assembly, bodyText, buildBody, library, paragraphs } from "../support";
import { failure } from "./helpers";

// Security in the engine: links only to http:, https: and mailto:, pictures only as embedded PNG, JPEG
// or GIF, no HTML reaching the output, and values always literal text — whatever form the attempt takes.

const codesOf = async (body: string, values: Record<string, unknown> = {}, variables: unknown[] = []) =>
  (await failure(library({ id: "s1", body, variables }), assembly([{ snippet: "s1", values }]))).filter((p) => p.severity === "error").map((p) => p.code);

describe("links", () => {
  const hostile = [
    ["mixed case", "[x](JaVaScRiPt:alert(1))"],
    ["leading blanks", "[x](   \tjavascript:alert(1))"],
    ["a leading control character (removed on load)", "[x](\u0001javascript:alert(1))"],
    ["an entity-encoded letter", "[x](&#106;avascript:alert(1))"],
    ["a hex entity", "[x](&#x6A;avascript:alert(1))"],
    ["an encoded tab inside the scheme", "[x](java&#x09;script:alert(1))"],
    ["a percent-encoded colon", "[x](javascript%3Aalert(1))"],
    ["an autolink", "<javascript:alert(1)>"],
    ["an upper-case autolink", "<JAVASCRIPT:alert(1)>"],
    ["a reference-style link", "[x][evil]\n\n[evil]: javascript:alert(1)"],
    ["a collapsed reference", "[evil][]\n\n[evil]: javascript:alert(1)"],
    ["a shortcut reference", "[evil]\n\n[evil]: <javascript:alert(1)>"],
    ["a link inside emphasis and a table", "| a |\n|---|\n| **[x](javascript:alert(1))** |"],
    ["a footnote's link", "a[^1]\n\n[^1]: [x](javascript:alert(1))"],
    ["vbscript", "[x](vbscript:msgbox(1))"],
    ["data:text/html", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["file:", "[x](file:///etc/passwd)"],
    ["a protocol-relative address", "[x](//evil.example)"],
    ["https without slashes", "[x](https:evil.example)"],
    ["a relative address", "[x](/admin)"],
  ] as const;

  for (const [what, body] of hostile) {
    it(`refuses ${what} with MARKDOWN_LINK_SCHEME`, async () => {
      expect(await codesOf(body)).toContain("MARKDOWN_LINK_SCHEME");
    });
  }

  it("accepts http, https and mailto in any case, and writes them as external relationships", async () => {
    const b = await buildBody("[a](http://example.com/a) [b](HTTPS://example.com/b?c=d&e=f) [c](mailto:x@example.com) <https://example.com/auto>");
    const rels = await b.part("word/_rels/document.xml.rels");
    expect(rels.match(/TargetMode="External"/g)?.length).toBe(4);
    expect(rels).toContain("HTTPS://example.com/b?c=d&amp;e=f");
    expect(rels).not.toMatch(/javascript/i);
  });

  it("checks a link address that comes from a value", async () => {
    const variables = [{ name: "url", type: "text" }];
    expect(await codesOf("[x]({{url}})", { url: "javascript:alert(1)" }, variables)).toEqual(["MARKDOWN_LINK_SCHEME"]);
    expect(await codesOf("[x][r]\n\n[r]: {{url}}", { url: "JavaScript:alert(1)" }, variables)).toEqual(["MARKDOWN_LINK_SCHEME"]);
    // In an autolink the value's escaped colon stops it being a link at all: it stays text.
    const auto = await buildBody("<{{url}}>", { variables, values: { url: "JavaScript:alert(1)" } });
    expect(bodyText(auto.document)).toBe("<JavaScript:alert(1)>");
    expect(auto.document).not.toContain("<w:hyperlink");
    const ok = await buildBody("[site]({{url}})", { variables, values: { url: "https://example.com/x" } });
    expect(await ok.part("word/_rels/document.xml.rels")).toContain('Target="https://example.com/x"');
  });

  it("a value cannot break out of a link address into a link of its own", async () => {
    const variables = [{ name: "url", type: "text" }];
    const b = await buildBody("[site]({{url}})", { variables, values: { url: "https://example.com) [y](javascript:alert(1)" } });
    const rels = await b.part("word/_rels/document.xml.rels");
    expect(rels).not.toMatch(/javascript/i);
  });

  it("library validation refuses the same links (before any build)", () => {
    const result = validateLibrary(library({ id: "s1", body: "[x](&#106;avascript:alert(1)) <javascript:alert(1)>" }));
    expect(result.problems.filter((p) => p.code === "MARKDOWN_LINK_SCHEME")).toHaveLength(2);
  });
});

describe("pictures", () => {
  const refused = [
    ["a web address", "![x](https://example.com/a.png)", "MARKDOWN_IMAGE_SOURCE"],
    ["a file", "![x](file:///c:/a.png)", "MARKDOWN_IMAGE_SOURCE"],
    ["SVG (it can carry script)", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)", "MARKDOWN_IMAGE_SOURCE"],
    ["WebP", "![x](data:image/webp;base64,UklGRg==)", "MARKDOWN_IMAGE_SOURCE"],
    ["a data URI without base64", "![x](data:image/png,raw)", "MARKDOWN_IMAGE_SOURCE"],
    ["a GIF that says it is a PNG", `![x](${IMAGES.gif.replace("image/gif", "image/png")})`, "MARKDOWN_IMAGE_INVALID"],
    ["damaged base64", "![x](data:image/png;base64,@@@@)", "MARKDOWN_IMAGE_SOURCE"],
    ["a reference to a web address", "![x][p]\n\n[p]: https://example.com/a.png", "MARKDOWN_IMAGE_SOURCE"],
  ] as const;
  for (const [what, body, code] of refused) {
    it(`refuses ${what} with ${code}`, async () => {
      expect(await codesOf(body)).toEqual([code]);
    });
  }

  it("embeds PNG, JPEG and GIF data URIs as media parts", async () => {
    const b = await buildBody(`![p](${IMAGES.png}) ![g](${IMAGES.gif}) ![j](${IMAGES.jpeg})`);
    const rels = await b.part("word/_rels/document.xml.rels");
    expect(rels.match(/Target="media\//g)?.length).toBe(3);
    expect(rels).not.toMatch(/TargetMode="External"[^>]*image|image[^>]*TargetMode="External"/);
  });
});

describe("HTML", () => {
  const refused = [
    "<script>alert(1)</script>",
    "text <script>alert(1)</script> text",
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<u onclick="alert(1)">x</u>',
    "<iframe src=https://example.com></iframe>",
    "<svg onload=alert(1)>",
    "<style>body{}</style>",
  ];
  for (const body of refused) {
    it(`refuses ${JSON.stringify(body)} with MARKDOWN_HTML`, async () => {
      expect(await codesOf(body)).toContain("MARKDOWN_HTML");
    });
  }

  it("writes what is not an HTML tag in Markdown's eyes as text", async () => {
    const b = await buildBody("<svg/onload=alert(1)> and <b onclick=x");
    expect(bodyText(b.document)).toBe("<svg/onload=alert(1)> and <b onclick=x");
    expect(b.document).toContain("&lt;svg/onload=alert(1)&gt;");
  });

  it("writes entity-encoded markup as text, escaped in the XML", async () => {
    const b = await buildBody("&lt;script&gt;alert(1)&lt;/script&gt; <!-- <script>hidden()</script> -->");
    expect(bodyText(b.document)).toBe("<script>alert(1)</script> ");
    expect(b.document).not.toContain("<script");
    expect(b.document).not.toContain("hidden()");
  });
});

describe("values are literal text", () => {
  const variables = [{ name: "v", type: "multiline" }];
  const markup = [
    "*ACME* **bold** _it_ ~~s~~ `code`",
    "[x](javascript:alert(1)) [y](https://example.com) <https://example.com> www.example.com a@b.example",
    "<script>alert(1)</script> <u>u</u> &amp; &#106;",
    "# heading",
    "- item",
    "1. item",
    "> quote",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "    indented code",
    "---",
    "{{v}} {{> s1}} {{#if v}}x{{/if}} \\{{",
    "![i](" + IMAGES.png + ")",
    "[^1]\n\n[^1]: note",
  ];
  for (const value of markup) {
    it(`writes ${JSON.stringify(value.slice(0, 40))} exactly as given`, async () => {
      const b = await buildBody("Value: {{v}}", { variables, values: { v: value } });
      const xml = b.document;
      expect(bodyText(xml)).toBe("Value: " + value.replace(/\n/g, ""));
      expect(xml).not.toContain("<w:hyperlink");
      expect(xml).not.toMatch(/<w:b\/>|<w:i\/>|<w:strike\/>|<w:u |<w:numPr>|<w:pStyle|<w:drawing>|<w:footnoteReference|<w:tbl>/);
      expect(paragraphs(xml)).toHaveLength(1);
      // Line breaks in the value are <w:br/> inside that one paragraph.
      expect((xml.match(/<w:br\/>/g) ?? []).length).toBe((value.match(/\n/g) ?? []).length);
    });
  }

  it("a value cannot forge a page break, a table of contents or a field with the engine's sentinels", async () => {
    const b = await buildBody("{{v}}", { variables, values: { v: "a\uFDD6b\uFDD7c\uFDD1d\n\n{{pagebreak}}\n\n{{toc}}" } });
    expect(bodyText(b.document)).toBe("abcd{{pagebreak}}{{toc}}");
    expect(b.document).not.toMatch(/pageBreakBefore|w:type="page"|TOC|PAGE/);
    expect(b.warnings.map((w) => w.code)).toContain("CHARACTERS_REMOVED");
  });

  it("document properties are escaped XML", async () => {
    const b = await buildBody("x", { assembly: { properties: { title: '</dc:title><script>alert("x")</script>', company: "A & B <Ltd>" } } });
    const core = await b.part("docProps/core.xml");
    expect(core).toContain("&lt;/dc:title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(await b.part("docProps/app.xml")).toContain("A &amp; B &lt;Ltd&gt;");
  });
});
