import type { Root } from "mdast";
import { HOLE, mayHoldHole, unescaped } from "../template/holes";

// The values of an expansion put into the tree of its text with holes (template/holes.ts says why and
// when that tree is the tree of the text with the values). The parsed tree is kept and shared by every
// build of the same text, so it is never changed: the nodes that hold a hole are copied, with the parents
// down to them; everything else is the kept tree's own. Positions stay those of the text with holes,
// which is the text the expansion's source map describes, so a problem's place is right either way.

type Node = { type: string; children?: Node[]; [field: string]: unknown };

/** Fields read as text by the parser (escapes read): the value's text goes in, unescaped. */
const TEXT_FIELDS = ["title", "alt", "lang", "meta"] as const;
/** Nodes whose value is not read for escapes (code, raw HTML): the escaped text goes in as it is. */
const RAW_VALUE = new Set(["code", "inlineCode", "html"]);

/** `root` with the holes' values in it; `root` itself when there are none. */
export function fillHoles(root: Root, holes: readonly string[]): Root {
  if (holes.length === 0) return root;
  const asText = (text: string): string => text.replace(HOLE, (_, i: string) => unescaped(holes[Number(i)]!));
  const asRaw = (text: string): string => text.replace(HOLE, (_, i: string) => holes[Number(i)]!);
  const fill = (node: Node): Node => {
    let copy: Node | undefined;
    const set = (field: string, value: unknown): void => {
      copy ??= { ...node };
      copy[field] = value;
    };
    if (typeof node.value === "string" && mayHoldHole(node.value)) {
      set("value", RAW_VALUE.has(node.type) ? asRaw(node.value) : asText(node.value));
    }
    for (const field of TEXT_FIELDS) {
      const v = node[field];
      if (typeof v === "string" && mayHoldHole(v)) set(field, asText(v));
    }
    // A link address never holds a hole (holes.ts): if one ever did, the document would link elsewhere.
    if (typeof node.url === "string" && (mayHoldHole(node.url) || /%EF%B7%A[0-3]/i.test(node.url))) {
      throw new Error("a value's placeholder reached a link address");
    }
    if (node.children) {
      let children: Node[] | undefined;
      node.children.forEach((child, i) => {
        const filled = fill(child);
        if (filled !== child) (children ??= node.children!.slice())[i] = filled;
      });
      if (children) set("children", children);
    }
    return copy ?? node;
  };
  return fill(root as unknown as Node) as unknown as Root;
}
