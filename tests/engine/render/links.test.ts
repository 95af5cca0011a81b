import { describe, expect, it } from "@jest/globals";
import { assembly, buildBody, library, problemsOf } from "../support";

// Issue 14: link targets that are not URIs reached the relationships part ([a](https://a.b/%zz), "%",
// "[x]", <https://a.b/[x]>) in body, headers and footnotes; a value inside a link address could change
// the URL (")![i](https://evil/x.png") or, with a space, drop the link. Invalid targets are now
// MARKDOWN_LINK_INVALID; values inside an address are percent-encoded as a URL component.

const codes = async (body: string, extra: Record<string, unknown> = {}) =>
  (await problemsOf(library({ id: "s1", body }), assembly([{ snippet: "s1" }], extra))).map((p) => p.code);

describe("link targets must be URIs", () => {
  const bad = ["[a](https://a.b/%zz)", "[a](https://a.b/%)", "[a](https://a.b/%2)", "[a](https://a.b/[x])", "<https://a.b/[x]>", "[a](<https://a.b/x y>)", "[a](https://a.b/{x})", "[a](mailto:a@b.c?subject=a|b)"];
  for (const body of bad) {
    it(`refuses ${body} in the body, a footnote and a header`, async () => {
      expect(await codes(body)).toEqual(["MARKDOWN_LINK_INVALID"]);
      expect(await codes(`Text.[^1]\n\n[^1]: See ${body}.`)).toEqual(["MARKDOWN_LINK_INVALID"]);
      const inHeader = await problemsOf(library({ id: "s1", body: "x" }), assembly([{ snippet: "s1" }], { header: { text: body } }));
      expect(inHeader.map((p) => p.code)).toEqual(["MARKDOWN_LINK_INVALID"]);
    });
  }

  it("keeps valid addresses: escapes, IPv6 hosts, queries, IRIs", async () => {
    const body = "[a](https://a.b/x%20y) [b](https://[::1]:8080/p) [c](https://a.b/p?q=1&r=(2)#f) [d](https://de.wikipedia.org/wiki/Zürich) <mailto:a@b.c>";
    const built = await buildBody(body);
    const rels = await built.part("word/_rels/document.xml.rels");
    for (const target of ["https://a.b/x%20y", "https://[::1]:8080/p", "https://a.b/p?q=1&amp;r=(2)", "https://de.wikipedia.org/wiki/Zürich", "mailto:a@b.c"])
      expect(rels).toContain(`Target="${target}"`);
  });
});

describe("a value inside a link address is a URL component", () => {
  const variables = [{ name: "x", type: "text" }];
  it("cannot change where the link goes", async () => {
    const built = await buildBody("[a](https://ok/{{x}})", { variables, values: { x: ")![i](https://evil/x.png" } });
    const rels = await built.part("word/_rels/document.xml.rels");
    expect(rels).toContain('Target="https://ok/%29%21%5Bi%5D%28https%3A%2F%2Fevil%2Fx.png"');
    expect(rels).not.toContain("image");
    expect(built.document).not.toContain("<w:drawing");
  });

  it("with spaces, keeps the link (the spaces encoded)", async () => {
    const built = await buildBody("See [the file](https://ok/files/{{x}}?v=1).", { variables, values: { x: "Annual report 2026 & more" } });
    expect(built.document).toContain("<w:hyperlink");
    expect(await built.part("word/_rels/document.xml.rels")).toContain('Target="https://ok/files/Annual%20report%202026%20%26%20more?v=1"');
  });

  it("in an autolink and a link definition too; elsewhere a value stays text", async () => {
    const built = await buildBody("<https://ok/{{x}}> and [r]\n\n[r]: https://ok/q?{{x}}\n\nText {{x}}", { variables, values: { x: "a b(c)" } });
    const rels = await built.part("word/_rels/document.xml.rels");
    expect(rels.match(/Target="https:\/\/ok\/(q\?)?a%20b%28c%29"/g)).toHaveLength(2);
    expect(built.document).toContain("Text a b(c)");
  });
});
