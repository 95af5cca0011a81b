import type { Root } from "mdast";
import { HOLE, mayHoldHole, unescaped } from "../template/holes";

// The values of an expansion put into the tree of its text with holes (template/holes.ts says why and
// when that tree is the tree of the text with the values). The parsed tree is kept and shared by every
// build of the same text, so it is never changed: the nodes that hold a hole are copied, with the parents
// down to them; everything else is the kept tree's own. Where the holes are is found once per kept tree.
// Positions stay those of the text with holes, which is the text the expansion's source map describes,
// so a problem's place is right either way.

/** The text's holes are not sound here: the build expands this text again with its values written in. */
export class HolesUnsound extends Error {}

type Node = { type: string; children?: Node[]; [field: string]: unknown };

/** Fields read as text by the parser (escapes read): the value's text goes in, unescaped. */
const TEXT_FIELDS = ["value", "title", "alt", "lang", "meta"] as const;
/** Nodes whose value is not read for escapes (code, raw HTML): the escaped text goes in as it is. */
const RAW_VALUE = new Set(["code", "inlineCode", "html"]);

/** The nodes of a tree that hold holes, as a trie of child indexes; `self`: this node itself does. */
type Trie = { self: boolean; children: Map<number, Trie> };

const tries = new WeakMap<Root, Trie | null>();

function holding(node: Node): boolean {
  for (const field of TEXT_FIELDS) {
    const v = node[field];
    if (typeof v === "string" && mayHoldHole(v)) return true;
  }
  // A link address never holds a hole (holes.ts): if one ever did, the document would link elsewhere.
  if (typeof node.url === "string" && (mayHoldHole(node.url) || /%EF%B7%A[0-3]/i.test(node.url))) {
    throw new HolesUnsound("a value's placeholder reached a link address");
  }
  return false;
}

/** Where the holes of `node`'s subtree are, or null when it has none. */
function trieOf(node: Node): Trie | null {
  let children: Map<number, Trie> | undefined;
  node.children?.forEach((child, i) => {
    const t = trieOf(child);
    if (t) (children ??= new Map()).set(i, t);
  });
  const self = holding(node);
  return self || children ? { self, children: children ?? new Map() } : null;
}

/** `root` with the holes' values in it; `root` itself when there are none. */
export function fillHoles(root: Root, holes: readonly string[]): Root {
  if (holes.length === 0) return root;
  let trie = tries.get(root);
  if (trie === undefined) tries.set(root, (trie = trieOf(root as unknown as Node)));
  if (trie === null) return root;
  const asText = (text: string): string => text.replace(HOLE, (_, i: string) => unescaped(holes[Number(i)]!));
  const asRaw = (text: string): string => text.replace(HOLE, (_, i: string) => holes[Number(i)]!);
  const fill = (node: Node, at: Trie): Node => {
    const copy: Node = { ...node };
    if (at.self) {
      for (const field of TEXT_FIELDS) {
        const v = node[field];
        if (typeof v !== "string" || !mayHoldHole(v)) continue;
        copy[field] = field === "value" && RAW_VALUE.has(node.type) ? asRaw(v) : asText(v);
      }
    }
    if (at.children.size > 0) {
      const children = node.children!.slice();
      for (const [i, t] of at.children) children[i] = fill(children[i]!, t);
      copy.children = children;
    }
    return copy;
  };
  return fill(root as unknown as Node, trie) as unknown as Root;
}
