import { describe, expect, it } from "@jest/globals";
import {
  S_BREAK,
  S_PAGEBREAK,
  S_SPACE,
  SENTINEL_RANGE,
  escapeValue,
} from "../../../src/engine/template";
import { md, nodeTypes, parseMarkdown, v, vars } from "./helpers";

const variables = vars(v("x", "text"), v("m", "multiline"));

/** Concatenated text of every text node, S_SPACE read as a space. */
function textOf(markdown: string): string {
  let out = "";
  const visit = (node: { type: string; value?: string; children?: unknown[] }): void => {
    if (node.type === "text") out += node.value;
    for (const child of (node.children ?? []) as Array<typeof node>) visit(child);
  };
  visit(parseMarkdown(markdown));
  return out.replaceAll(S_SPACE, " ");
}

const tricky = [
  "*x* [a](b) | # 1.",
  "**bold** _em_ ~~strike~~ `code`",
  "<u>underlined</u> <script>alert(1)</script> &amp; &#65;",
  "[^1] ![img](data:image/png;base64,AA==) \\*already escaped\\*",
  "http://example.com www.example.com someone@example.com HTTPS://X.Y _www.a.b",
  "xmpp:a@b.co mailto:c@d.co <https://e.co>",
  "1) not a list",
  "> not a quote",
  "---",
  "    four spaces are not code",
  "| a | b |",
  "{{not a tag}}",
];

describe("values are always literal text", () => {
  it.each(tricky)("mid-paragraph: %s", (value) => {
    const out = md("Before {{x}} after", { variables, values: { x: value } });
    expect(nodeTypes(out)).toEqual(["paragraph", "text"]);
    expect(textOf(out)).toBe(`Before ${value} after`);
  });

  it.each(tricky)("at the start of a line: %s", (value) => {
    const out = md("{{x}}\n", { variables, values: { x: value } });
    expect(nodeTypes(out)).toEqual(["paragraph", "text"]);
    expect(textOf(out)).toBe(value);
  });

  it("inside a table cell a | stays in its cell", () => {
    const out = md("| A | B |\n|---|---|\n| {{x}} | z |\n", {
      variables,
      values: { x: "*x* [a](b) | # 1." },
    });
    const table = parseMarkdown(out).children[0] as {
      type: string;
      children: Array<{ children: unknown[] }>;
    };
    expect(table.type).toBe("table");
    expect(table.children[1]?.children).toHaveLength(2);
    expect(textOf(out)).toBe("ABtextPlaceholder".replace("textPlaceholder", "*x* [a](b) | # 1.z"));
  });

  it("in a heading or a list item the value stays text inside it", () => {
    const heading = md("## {{x}}", { variables, values: { x: "# 1. *x*" } });
    expect(nodeTypes(heading)).toEqual(["heading", "text"]);
    expect(textOf(heading)).toBe("# 1. *x*");
    const item = md("- {{x}}", { variables, values: { x: "- nested?" } });
    expect(nodeTypes(item)).toEqual(["list", "listItem", "paragraph", "text"]);
  });

  it("a multiline value cannot start new blocks: its lines are joined by S_BREAK", () => {
    const out = md("{{m}}", {
      variables,
      values: { m: "Line one\n# not a heading\n- not a list\n\n    not code" },
    });
    expect(nodeTypes(out)).toEqual(["paragraph", "text"]);
    expect(out.split(S_BREAK)).toHaveLength(5);
    expect(out).not.toContain("\n");
  });

  it("trailing spaces before a template newline do not make a hard break", () => {
    const out = md("{{x}}\nnext", { variables, values: { x: "end  " } });
    expect(nodeTypes(out)).toEqual(["paragraph", "text"]);
    expect(out).toBe(`end${S_SPACE}${S_SPACE}\nnext`);
  });

  it("a value used as a link address still works once sentinels are stripped (as the renderer does)", () => {
    const out = md("[site]({{x}})", { variables, values: { x: "https://a.example/p?q=1&r=(2)" } });
    const link = (parseMarkdown(out).children[0] as { children: Array<{ type: string; url: string }> })
      .children[0];
    expect(link?.type).toBe("link");
    expect(link?.url.replace(SENTINEL_RANGE, "")).toBe("https://a.example/p?q=1&r=(2)");
  });

  it("a value cannot forge sentinels", () => {
    expect(md("{{x}}", { variables, values: { x: `a${S_PAGEBREAK}b` } })).toBe("ab");
  });
});

describe("escapeValue", () => {
  it("backslash-escapes every ASCII punctuation character and nothing else", () => {
    const punct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    expect(escapeValue(punct)).toBe([...punct].map((c) => `\\${c}`).join(""));
    expect(escapeValue("Zürich 2026 €5 ok")).toBe("Zürich 2026 €5 ok");
  });

  it("turns CRLF, CR and LF into S_BREAK and edge blanks of each line into S_SPACE", () => {
    expect(escapeValue("a\r\nb\rc\nd")).toBe(["a", "b", "c", "d"].join(S_BREAK));
    expect(escapeValue(" a b \n\tc")).toBe(`${S_SPACE}a b${S_SPACE}${S_BREAK}${S_SPACE}c`);
    expect(escapeValue("")).toBe("");
  });

  it("leaves addresses alone: no GFM autolink literals to guard against", () => {
    expect(escapeValue("a@b.c www.x")).toBe(String.raw`a\@b\.c www\.x`);
  });
});
