import type MarkdownIt from "markdown-it";
import type { Nodes, PhrasingContent } from "mdast";

// markdown-it's inline tokens → mdast phrasing content, as mdast-util-from-markdown builds it (parse-fast.ts).

/** Thrown while converting: this text's tree is micromark's to build. */
export class Fallback extends Error {}

export type Token = ReturnType<MarkdownIt["parse"]>[number];

/** mdast's identifier for a label: whitespace collapsed, trimmed, case-folded (micromark's normalizeIdentifier). */
export function identifier(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, " ")
    .replace(/^ | $/g, "")
    .toLowerCase()
    .toUpperCase()
    .toLowerCase();
}

/** Inline tokens → phrasing content (adjacent text merged, soft breaks as line endings in the text). */
export function inlineNodes(tokens: Token[]): PhrasingContent[] {
  const root: { children: PhrasingContent[] } = { children: [] };
  const stack: { children: PhrasingContent[] }[] = [root];
  let top = root;
  const text = (value: string): void => {
    const last = top.children[top.children.length - 1];
    if (last?.type === "text") last.value += value;
    else top.children.push({ type: "text", value });
  };
  const open = (node: PhrasingContent & { children: PhrasingContent[] }): void => {
    top.children.push(node);
    stack.push(node);
    top = node;
  };
  const close = (): void => {
    stack.pop();
    top = stack[stack.length - 1]!;
  };
  for (const t of tokens) {
    switch (t.type) {
      case "text":
      case "text_special":
        if (t.content !== "") text(t.content);
        break;
      case "softbreak":
        // markdown-it drops the spaces before a line ending, micromark the tabs too.
        if (top.children[top.children.length - 1]?.type === "text" && /\t$/.test((top.children[top.children.length - 1] as { value: string }).value))
          throw new Fallback("tab before a line ending");
        text("\n");
        break;
      case "hardbreak":
        // A tab among the trailing spaces: micromark makes no hard break of it.
        if (top.children[top.children.length - 1]?.type === "text" && /\t$/.test((top.children[top.children.length - 1] as { value: string }).value))
          throw new Fallback("tab before a hard break");
        top.children.push({ type: "break" });
        break;
      case "em_open":
        open({ type: "emphasis", children: [] });
        break;
      case "strong_open":
        open({ type: "strong", children: [] });
        break;
      case "s_open":
        open({ type: "delete", children: [] });
        break;
      case "link_open":
        if (t.markup === "linkify") throw new Fallback("linkify");
        open({ type: "link", url: t.attrGet("href") ?? "", title: t.attrGet("title"), children: [] });
        break;
      case "em_close":
      case "strong_close":
      case "s_close":
      case "link_close":
        close();
        break;
      case "code_inline":
        top.children.push({ type: "inlineCode", value: t.content });
        break;
      case "html_inline":
        top.children.push({ type: "html", value: t.content });
        break;
      case "image": {
        const alt = plain(inlineNodes(t.children ?? []));
        top.children.push({ type: "image", url: t.attrGet("src") ?? "", title: t.attrGet("title"), alt });
        break;
      }
      case "footnote_ref": {
        const label = (t.meta as { label: string }).label;
        top.children.push({ type: "footnoteReference", identifier: identifier(label), label });
        break;
      }
      default:
        throw new Fallback(`markdown-it inline token ${t.type}`);
    }
  }
  return root.children;
}

/** mdast-util-to-string of phrasing content (an image's alt). */
function plain(nodes: readonly Nodes[]): string {
  let out = "";
  for (const n of nodes) {
    if ("value" in n) out += n.value;
    else if (n.type === "image") out += n.alt ?? "";
    else if ("children" in n) out += plain(n.children);
  }
  return out;
}
