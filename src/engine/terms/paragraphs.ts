import type { Nodes, Root } from "mdast";

/**
 * One paragraph (or heading, or table cell) of assembled text as the defined-terms check reads it:
 * its plain text, where it is bold, and a way back from a character to the expanded Markdown.
 */
export type TermParagraph = {
  text: string;
  /** [start, end) character ranges of `text` that are bold (strong). */
  bold: Array<[number, number]>;
  heading: boolean;
  /** The first cell of a table row: its bold words are labels the row defines ("| **Purpose** | … |"). */
  rowLabel?: boolean;
  /** A table cell: where its lines start (0, and after each line break), for labels like "**Term**: …". */
  lines?: number[];
  /** Offset in the expanded Markdown of character `i` of `text` (undefined where it has none). */
  offsetOf: (i: number) => number | undefined;
};

type Piece = { at: number; md: number | undefined };

/** The paragraphs of a section's Markdown tree, in document order. */
export function termParagraphs(root: Root): TermParagraph[] {
  const out: TermParagraph[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === "tableRow") {
      node.children.forEach((cell, i) => {
        const breaks: number[] = [];
        const p: TermParagraph = { ...readInline(cell, false, breaks), lines: [0, ...breaks] };
        out.push(i === 0 && node.children.length > 1 ? { ...p, rowLabel: true } : p);
      });
      return;
    }
    if (node.type === "paragraph" || node.type === "heading" || node.type === "tableCell") {
      out.push(readInline(node, node.type === "heading"));
      return;
    }
    if ("children" in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  return out.filter((p) => p.text.trim() !== "");
}

/** `breaks` receives where each line after the first starts (a table cell's lines). */
function readInline(block: Nodes, heading: boolean, breaks: number[] = []): TermParagraph {
  let text = "";
  const bold: Array<[number, number]> = [];
  const pieces: Piece[] = [];
  const add = (value: string, md: number | undefined): void => {
    pieces.push({ at: text.length, md });
    text += value;
  };
  const walk = (node: Nodes): void => {
    switch (node.type) {
      case "text":
      case "inlineCode":
        add(node.value, node.position?.start.offset);
        return;
      case "break":
        add(" ", undefined);
        breaks.push(text.length);
        return;
      case "html":
        // A <br> in a table cell (GFM has no other line break there) starts a new line of the cell.
        if (/^<br\s*\/?>$/i.test(node.value.trim())) {
          add(" ", undefined);
          breaks.push(text.length);
        }
        return;
      case "strong": {
        const start = text.length;
        for (const child of node.children) walk(child);
        bold.push([start, text.length]);
        return;
      }
      default:
        if ("children" in node) for (const child of node.children as Nodes[]) walk(child);
    }
  };
  walk(block);
  const offsetOf = (i: number): number | undefined => {
    let found: Piece | undefined;
    for (const p of pieces) if (p.at <= i) found = p;
    // Escapes and entities make a text node's Markdown longer than its value: the offset is the node's
    // start plus the distance in the value, which points at the right word in every text without them.
    return found?.md === undefined ? undefined : found.md + (i - found.at);
  };
  return { text, bold, heading, offsetOf };
}
