import type { Node, Root } from "mdast";
import { parseReference, unpositionedText } from "./parse";

// Where a node of a parsed tree starts in its Markdown, for a problem's line and column. Trees from
// markdown-it (parse-fast.ts) carry no positions: the text is parsed again with micromark, whose tree
// is the same tree with positions (tests/engine/markdown/parse-fast.test.ts), and the node found there
// by its path of child indexes. Problems are rare, so only the error path pays for the second parse.

// micromark's tree for each unpositioned tree that needed a place: a section with many problems (a bad
// link on every line) parses its text once more, not once per problem.
const placed = new WeakMap<Root, Root>();

function referenceFor(root: Root, markdown: string): Root {
  let reference = placed.get(root);
  if (!reference) placed.set(root, (reference = parseReference(markdown)));
  return reference;
}

/** The offset of `node` (in `root`) in the Markdown text; 0 when the node has no place in it. */
export function nodeOffset(root: Root, node: Node | undefined): number {
  if (!node) return 0;
  if (node.position) return node.position.start.offset ?? 0;
  const markdown = unpositionedText(root);
  const path = markdown === undefined ? undefined : pathTo(root, node);
  if (markdown === undefined || path === undefined) return 0;
  let here: Node | undefined = referenceFor(root, markdown);
  for (const index of path) here = (here as { children?: Node[] }).children?.[index];
  return here?.position?.start.offset ?? 0;
}

/** Child indexes from `root` down to `node` (walked without recursion), or undefined when not in the tree. */
function pathTo(root: Node, node: Node): number[] | undefined {
  const stack: { node: Node; path: number[] }[] = [{ node: root, path: [] }];
  while (stack.length > 0) {
    const { node: here, path } = stack.pop()!;
    if (here === node) return path;
    const children = (here as { children?: Node[] }).children;
    if (children)
      for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, path: [...path, i] });
  }
  return undefined;
}
