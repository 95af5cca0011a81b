/**
 * @jest-environment jsdom
 */
// The pane's own link rule for the preview: only http, https and mailto (issue 6, security).
import { describe, expect, it } from "@jest/globals";
import { sanitizeLinks } from "../../../src/taskpane/preview/render-docx";
import { isSafeHref } from "../../../src/taskpane/preview/safe-links";
import { expectWithMessage } from "../../support/expect-message";

describe("isSafeHref", () => {
  it("accepts absolute http, https and mailto addresses", () => {
    for (const href of ["https://example.com/a?b#c", "http://example.com", "HTTPS://EXAMPLE.COM", "mailto:a@example.com"])
      expectWithMessage(isSafeHref(href), href).toBe(true);
  });

  it("refuses every other scheme, relative targets and disguised javascript:", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "\u0001javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "blob:https://example.com/x",
      "#_Toc123",
      "/relative",
      "terms.html",
      "",
    ])
      expectWithMessage(isSafeHref(href), JSON.stringify(href)).toBe(false);
  });
});

describe("sanitizeLinks", () => {
  it("keeps safe links (showing where they go), unlinks the rest, and drops targets", () => {
    const root = document.createElement("div");
    root.innerHTML =
      '<a href="https://example.com/" target="_top">safe</a>' +
      '<a href="javascript:alert(1)">js</a>' +
      '<a href="#bookmark">anchor</a>' +
      '<a>no href</a>' +
      '<svg><a xlink:href="javascript:alert(2)"><text>svg</text></a></svg>';
    sanitizeLinks(root);
    const links = [...root.querySelectorAll("a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["https://example.com/", null, null, null, null]);
    expect(links[0]!.getAttribute("title")).toBe("https://example.com/");
    expect(links[0]!.hasAttribute("target")).toBe(false);
    expect(links[4]!.getAttribute("xlink:href")).toBeNull();
    expect(root.textContent).toBe("safejsanchorno hrefsvg");
  });
});
