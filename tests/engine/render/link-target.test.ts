import { describe, expect, it } from "@jest/globals";
import { linkTarget } from "../../../src/engine/render/link-target";
import { uriProblem } from "../../support/word-rules/uri";
import { assembly, buildBody, library, problemsOf } from "../support";

// Link destinations become valid URIs in the hyperlink relationship (the Word rule WORD_HYPERLINK_URI).

describe("linkTarget", () => {
  it.each([
    ["https://example.com/a b", "https://example.com/a%20b"],
    ["https://example.com/100%", "https://example.com/100%25"],
    ["https://example.com/%zz", "https://example.com/%25zz"],
    ["https://example.com/a%20b", "https://example.com/a%20b"],
    ["https://example.com/a[1]", "https://example.com/a%5B1%5D"],
    ["https://[::1]:8080/a[1]", "https://[::1]:8080/a%5B1%5D"],
    ["https://example.com/#a#b", "https://example.com/#a%23b"],
    ['https://example.com/"q"<x>{y}|\\^`', "https://example.com/%22q%22%3Cx%3E%7By%7D%7C%5C%5E%60"],
    ["https://example.com/straße", "https://example.com/straße"],
    ["mailto:jo smith@example.com", "mailto:jo%20smith@example.com"],
    ["https://example.com/tab\there", "https://example.com/tab%09here"],
    // private use (U+E000, U+F5523), a noncharacter (U+FDD0): not RFC 3987 ucschar, so encoded (found by fuzzing)
    ["mailto:a\uE000b@example.com", "mailto:a%EE%80%80b@example.com"],
    ["https://a.b/\u{F5523}", "https://a.b/%F3%B5%94%A3"],
    ["https://a.b/\uFDD0", "https://a.b/%EF%B7%90"],
  ])("%s → %s", (href, expected) => {
    expect(linkTarget(href)).toBe(expected);
    expect(uriProblem(linkTarget(href))).toBeUndefined();
  });

  it("leaves a valid URI as it is", () => {
    const uri = "https://user@example.com:8443/p/a-b_c.~d?q=1&r=(2)*+,;=#frag";
    expect(linkTarget(uri)).toBe(uri);
  });

  it("is the last guard: a Markdown link that is not a URI is refused before it (MARKDOWN_LINK_INVALID)", async () => {
    const problems = await problemsOf(
      library({
        id: "s1",
        body: "[terms](<https://example.com/our terms>) and [x](https://example.com/a%zz)",
      }),
      assembly([{ snippet: "s1" }]),
    );
    expect(
      problems
        .filter((p) => p.code === "MARKDOWN_LINK_INVALID")
        .map((p) => `${p.path}:${p.line}:${p.column}`),
    ).toEqual(["snippets[0].body:1:1", "snippets[0].body:1:46"]);
  });

  it("writes a valid address unchanged in the relationship", async () => {
    const b = await buildBody(
      "[terms](https://example.com/our%20terms) and [x](https://example.com/stra%C3%9Fe)",
    );
    const rels = await b.part("word/_rels/document.xml.rels");
    expect(rels).toContain('Target="https://example.com/our%20terms" TargetMode="External"');
    expect(rels).toContain('Target="https://example.com/stra%C3%9Fe" TargetMode="External"');
  });
});
