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
        if (endsWithTab(top.children)) throw new Fallback("tab before a line ending");
        text("\n");
        break;
      case "hardbreak":
        // A tab among the trailing spaces: micromark makes no hard break of it.
        if (endsWithTab(top.children)) throw new Fallback("tab before a hard break");
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
        open(linkNode(t));
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
      case "image":
        top.children.push(imageNode(t));
        break;
      case "footnote_ref":
        top.children.push(footnoteReferenceNode(t));
        break;
      default:
        throw new Fallback(`markdown-it inline token ${t.type}`);
    }
  }
  return root.children;
}

// The rarer tokens are converted apart from inlineNodes, which runs for every paragraph: V8 optimizes a
// function only after it has run an amount of bytecode that grows with the function's size, rare
// branches included (bench/analysis.md, "10 sections, session 22").

/** Whether the last node is text ending in a tab (markdown-it and micromark differ on what follows). */
function endsWithTab(children: PhrasingContent[]): boolean {
  const last = children[children.length - 1];
  return last?.type === "text" && last.value.endsWith("\t");
}

function linkNode(t: Token): PhrasingContent & { children: PhrasingContent[] } {
  if (t.markup === "linkify") throw new Fallback("linkify");
  return { type: "link", url: t.attrGet("href") ?? "", title: t.attrGet("title"), children: [] };
}

function imageNode(t: Token): PhrasingContent {
  const alt = plain(inlineNodes(t.children ?? []));
  return { type: "image", url: t.attrGet("src") ?? "", title: t.attrGet("title"), alt };
}

function footnoteReferenceNode(t: Token): PhrasingContent {
  const label = (t.meta as { label: string }).label;
  return { type: "footnoteReference", identifier: identifier(label), label };
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
