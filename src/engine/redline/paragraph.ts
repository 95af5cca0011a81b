// One paragraph of the redline. Its content is the old paragraph's and the new one's tokens diffed word
// by word (or all of one side, inserted or deleted); its properties are the new ones, with the old ones
// kept in <w:pPrChange> where they differ (a style, a list level, a list); its mark is inserted or deleted
// where only one side has it. Deleted text is written as w:delText, deleted field codes as
// w:delInstrText (ECMA-376 Part 1 §17.13.5).

import { diffArrays } from "diff";
import type { Merge } from "./merge";
import { tokenize, type Token } from "./tokens";
import { clone, el, kid, type XmlElement, type XmlNode } from "./xml";

/** The part a story is in, on each side (for relationships and keys). */
export type Story = { oldPart: string; newPart: string };

export type Content =
  | { op: "equal"; b: XmlElement }
  | { op: "change"; a: XmlElement; b: XmlElement }
  | { op: "delete"; a: XmlElement }
  | { op: "insert"; b: XmlElement };

/**
 * The paragraph mark: `accepted` is the new paragraph whose properties it has once every change is
 * accepted, `rejected` the old one whose properties it has once every change is rejected (null: that side
 * has no such paragraph), and `mark` says whether the mark itself is inserted or deleted.
 */
export type Mark = { accepted: XmlElement | null; rejected: XmlElement | null; mark?: "ins" | "del" };

export function writeParagraph(m: Merge, story: Story, content: Content, mark: Mark): XmlElement {
  const source = content.op === "delete" ? content.a : content.b;
  const p = el(
    "w:p",
    source.attrs.map(([n, v]) => [n, v]),
  );
  p.children.push(paragraphProperties(m, story, mark));
  if (content.op === "equal") {
    for (const c of content.b.children) if (typeof c === "string" || c.name !== "w:pPr") p.children.push(c);
  } else {
    const writer = new InlineWriter(m, story);
    if (content.op === "change") writeDiff(m, story, content.a, content.b, writer);
    else {
      const side = content.op === "delete" ? m.old : m.new;
      const part = content.op === "delete" ? story.oldPart : story.newPart;
      const { tokens, trailing } = tokenize(source, side, part);
      const op = content.op === "delete" ? "del" : "ins";
      for (const t of tokens) writer.put(op, t);
      if (op === "ins") writer.markers(trailing);
    }
    p.children.push(...writer.out);
  }
  // An empty <w:pPr/> says nothing.
  const pPr = p.children[0] as XmlElement;
  if (pPr.children.length === 0) p.children.shift();
  return p;
}

function paragraphProperties(m: Merge, story: Story, { accepted, rejected, mark }: Mark): XmlElement {
  const A = accepted ? kid(accepted, "w:pPr") : undefined;
  const R = rejected ? kid(rejected, "w:pPr") : undefined;
  let pPr: XmlElement;
  if (accepted) {
    pPr = A ? clone(A) : el("w:pPr");
    if (rejected && propertiesDiffer(m, story, R, A)) {
      const old = el(
        "w:pPr",
        [],
        base(R).map((c) => clone(c)),
      );
      m.adoptOld(old, story.oldPart, story.newPart);
      pPr.children.push(m.revisions.mark("w:pPrChange", [old]));
    }
  } else {
    pPr = R ? clone(R) : el("w:pPr");
    m.adoptOld(pPr, story.oldPart, story.newPart);
  }
  if (mark) {
    let rPr = kid(pPr, "w:rPr");
    if (!rPr) {
      rPr = el("w:rPr");
      const at = pPr.children.findIndex(
        (c) => typeof c !== "string" && (c.name === "w:sectPr" || c.name === "w:pPrChange"),
      );
      pPr.children.splice(at < 0 ? pPr.children.length : at, 0, rPr);
    }
    rPr.children.unshift(m.revisions.mark(mark === "ins" ? "w:ins" : "w:del"));
  }
  return pPr;
}

/** The properties a w:pPrChange keeps: all but the mark's run properties, section and earlier changes. */
const base = (pPr: XmlElement | undefined): XmlElement[] =>
  (pPr?.children ?? []).filter(
    (c): c is XmlElement =>
      typeof c !== "string" && c.name !== "w:rPr" && c.name !== "w:sectPr" && c.name !== "w:pPrChange",
  );

function propertiesDiffer(
  m: Merge,
  story: Story,
  R: XmlElement | undefined,
  A: XmlElement | undefined,
): boolean {
  const keyR = base(R)
    .map((c) => m.old.keyOf(c, story.oldPart))
    .join("");
  const keyA = base(A)
    .map((c) => m.new.keyOf(c, story.newPart))
    .join("");
  if (keyR !== keyA) return true;
  // The same kind of list, but is it the same list? Old paragraphs of a list that is not continued as
  // this one must keep their own count when the change is rejected.
  const numR = numIdOf(R);
  const numA = numIdOf(A);
  return numR !== undefined && numA !== undefined && m.outNum(numR) !== numA;
}

function numIdOf(pPr: XmlElement | undefined): string | undefined {
  const numId = pPr && kid(pPr, "w:numPr") && kid(kid(pPr, "w:numPr")!, "w:numId");
  return numId ? numId.attrs.find(([n]) => n === "w:val")?.[1] : undefined;
}

type Group = { equal: true; olds: Token[]; news: Token[] } | { equal: false; olds: Token[]; news: Token[] };

function writeDiff(m: Merge, story: Story, a: XmlElement, b: XmlElement, writer: InlineWriter): void {
  const A = tokenize(a, m.old, story.oldPart);
  const B = tokenize(b, m.new, story.newPart);
  const changes = diffArrays(
    A.tokens.map((t) => t.key),
    B.tokens.map((t) => t.key),
    { maxEditLength: 5_000 },
  ) ?? [
    { removed: true, added: false, count: A.tokens.length, value: [] },
    { removed: false, added: true, count: B.tokens.length, value: [] },
  ];
  const groups: Group[] = [];
  let i = 0;
  let j = 0;
  for (const c of changes) {
    const olds = c.added ? [] : A.tokens.slice(i, (i += c.count));
    const news = c.removed ? [] : B.tokens.slice(j, (j += c.count));
    const equal = !c.added && !c.removed;
    const last = groups.at(-1);
    if (!equal && last && !last.equal) {
      last.olds.push(...olds);
      last.news.push(...news);
    } else groups.push({ equal, olds, news } as Group);
  }
  for (const g of cleanup(groups)) {
    if (g.equal) g.news.forEach((t, k) => writer.put("equal", t, g.olds[k]));
    else {
      for (const t of g.olds) writer.put("del", t);
      for (const t of g.news) writer.put("ins", t);
    }
  }
  writer.markers(B.trailing);
}

/**
 * Short sameness between two changes is folded into them ("the" kept between two rewritten clauses
 * reads as noise): an equal stretch no longer than the changes on both sides of it becomes a deletion
 * and an insertion (diff-match-patch's semantic clean-up). A stretch with a footnote or a picture stays.
 */
function cleanup(groups: Group[]): Group[] {
  const size = (ts: Token[]) => ts.reduce((n, t) => n + (t.kind === "text" ? t.text.length : Infinity), 0);
  let changed = true;
  while (changed) {
    changed = false;
    for (let k = 1; k < groups.length - 1; k++) {
      const g = groups[k]!;
      const before = groups[k - 1]!;
      const after = groups[k + 1]!;
      if (!g.equal || before.equal || after.equal) continue;
      const n = size(g.olds);
      if (
        n <= Math.max(size(before.olds), size(before.news)) &&
        n <= Math.max(size(after.olds), size(after.news))
      ) {
        groups.splice(k - 1, 3, {
          equal: false,
          olds: [...before.olds, ...g.olds, ...after.olds],
          news: [...before.news, ...g.news, ...after.news],
        });
        changed = true;
        break;
      }
    }
  }
  return groups;
}

type Op = "equal" | "ins" | "del";

/** Writes tokens into runs, inside the links and the w:ins / w:del they belong to. */
class InlineWriter {
  readonly out: XmlNode[] = [];
  private link: { el: XmlElement; key: string } | null = null;
  private wrap: { el: XmlElement; op: Op } | null = null;
  private run: { text: XmlElement; key: string; op: Op } | null = null;

  constructor(
    private readonly m: Merge,
    private readonly story: Story,
  ) {}

  private target(): XmlNode[] {
    return this.wrap?.el.children ?? this.link?.el.children ?? this.out;
  }

  markers(list: XmlElement[]): void {
    if (list.length === 0) return;
    this.run = null;
    this.wrap = null;
    (this.link?.el.children ?? this.out).push(...list);
  }

  put(op: Op, token: Token, oldToken?: Token): void {
    if (token.linkKey !== (this.link?.key ?? "")) {
      this.run = null;
      this.wrap = null;
      this.link = null;
      if (token.link) {
        const link = el(
          "w:hyperlink",
          token.link.attrs.map(([n, v]) => [n, v]),
        );
        if (op === "del") this.m.adoptOld(link, this.story.oldPart, this.story.newPart);
        this.out.push(link);
        this.link = { el: link, key: token.linkKey };
      }
    }
    if (op !== "del") this.markers(token.before);
    if ((this.wrap?.op ?? "equal") !== op) {
      this.run = null;
      this.wrap = null;
      if (op !== "equal") {
        const wrap = this.m.revisions.mark(op === "ins" ? "w:ins" : "w:del");
        this.target().push(wrap);
        this.wrap = { el: wrap, op };
      }
    }
    if (token.kind === "text") {
      if (this.run && this.run.key === token.rPrKey && this.run.op === op) {
        this.run.text.children[0] = `${this.run.text.children[0] as string}${token.text}`;
        return;
      }
      const text = el(op === "del" ? "w:delText" : "w:t", [["xml:space", "preserve"]], [token.text]);
      const run = el("w:r", [], token.rPr ? [clone(token.rPr), text] : [text]);
      if (op === "del") this.m.adoptOld(run, this.story.oldPart, this.story.newPart);
      this.target().push(run);
      this.run = { text, key: token.rPrKey, op };
      return;
    }
    this.run = null;
    for (const piece of token.pieces) {
      if (piece.name !== "w:r") {
        if (op !== "del") this.target().push(piece);
        continue;
      }
      const run = clone(piece);
      if (op === "del") {
        markDeleted(run);
        this.m.adoptOld(run, this.story.oldPart, this.story.newPart);
      } else if (op === "equal" && oldToken) this.pairFootnotes(oldToken, run);
      this.target().push(run);
    }
  }

  private pairFootnotes(oldToken: Token, run: XmlElement): void {
    const ref = kid(run, "w:footnoteReference");
    const oldRef = oldToken.pieces.map((p) => kid(p, "w:footnoteReference")).find(Boolean);
    const id = ref?.attrs.find(([n]) => n === "w:id")?.[1];
    const oldId = oldRef?.attrs.find(([n]) => n === "w:id")?.[1];
    if (id !== undefined && oldId !== undefined) this.m.footnotePairs.push({ old: oldId, new: id });
  }
}

/** Deleted text is w:delText and deleted field code w:delInstrText. */
function markDeleted(node: XmlElement): void {
  if (node.name === "w:t") node.name = "w:delText";
  else if (node.name === "w:instrText") node.name = "w:delInstrText";
  for (const c of node.children) if (typeof c !== "string") markDeleted(c);
}

export { markDeleted };
