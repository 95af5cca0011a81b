// Which blocks (or rows, or words) of the old document become which of the new one. jsdiff's Myers diff
// (diffArrays) finds what is the same, in order, by key; between two runs of sameness, the old items left
// over and the new ones are paired by similarity (a paragraph with a few words changed is one changed
// paragraph, not a deletion and an insertion), in order, by a small dynamic programme. What pairs with
// nothing is deleted or inserted, so a moved paragraph is a deletion where it was and an insertion where
// it is.

import { diffArrays } from "diff";

export type Step<T> =
  | { op: "equal"; a: T; b: T }
  | { op: "change"; a: T; b: T }
  | { op: "delete"; a: T }
  | { op: "insert"; b: T };

/** Beyond this many edits between two lists the diff gives up: everything left is deleted and inserted. */
const MAX_EDITS = 20_000;
/** Pairing compares every left-over old item with every new one of its stretch, up to this many pairs. */
const MAX_PAIRINGS = 4_000;

/**
 * `similarity(a, b)` is 0 (never pair) to 1; pairs below `threshold` are not made. Between the pairs so
 * made, items that `fallback` allows are paired in order too (a passage rewritten: its paragraphs become
 * changed paragraphs, one for one, rather than all deleted and all inserted).
 */
export function align<T>(
  before: readonly T[],
  after: readonly T[],
  keys: { before: readonly string[]; after: readonly string[] },
  similarity: (a: T, b: T) => number,
  threshold = 0.5,
  fallback?: (a: T, b: T) => boolean,
): Step<T>[] {
  const changes = diffArrays([...keys.before], [...keys.after], { maxEditLength: MAX_EDITS });
  const steps: Step<T>[] = [];
  let i = 0;
  let j = 0;
  if (changes === undefined) {
    pairStretch(before.slice(), after.slice(), similarity, threshold, steps, fallback);
    return steps;
  }
  let removed: T[] = [];
  let added: T[] = [];
  const flush = () => {
    if (removed.length > 0 || added.length > 0)
      pairStretch(removed, added, similarity, threshold, steps, fallback);
    removed = [];
    added = [];
  };
  for (const change of changes) {
    if (change.removed) {
      for (let k = 0; k < change.count; k++) removed.push(before[i++]!);
    } else if (change.added) {
      for (let k = 0; k < change.count; k++) added.push(after[j++]!);
    } else {
      flush();
      for (let k = 0; k < change.count; k++) steps.push({ op: "equal", a: before[i++]!, b: after[j++]! });
    }
  }
  flush();
  return steps;
}

/** Pairs old and new items of one stretch in order, maximising the total similarity. */
function pairStretch<T>(
  removed: T[],
  added: T[],
  similarity: (a: T, b: T) => number,
  threshold: number,
  steps: Step<T>[],
  fallback?: (a: T, b: T) => boolean,
): void {
  const m = removed.length;
  const n = added.length;
  if (m === 0 || n === 0 || m * n > MAX_PAIRINGS) {
    for (const a of removed) steps.push({ op: "delete", a });
    for (const b of added) steps.push({ op: "insert", b });
    return;
  }
  const pairs = bestPairs(m, n, (x, y) => {
    const s = similarity(removed[x]!, added[y]!);
    return s >= threshold ? s : 0;
  });
  let ai = 0;
  let bi = 0;
  const gap = (toA: number, toB: number) => {
    // What is left between two pairs: paired in order where `fallback` allows, the rest deleted/inserted.
    const inner = fallback
      ? earlyPairs(toA - ai, toB - bi, (x, y) => fallback(removed[ai + x]!, added[bi + y]!))
      : [];
    let a0 = ai;
    let b0 = bi;
    for (const [x, y] of inner) {
      while (a0 < ai + x) steps.push({ op: "delete", a: removed[a0++]! });
      while (b0 < bi + y) steps.push({ op: "insert", b: added[b0++]! });
      steps.push({ op: "change", a: removed[a0++]!, b: added[b0++]! });
    }
    while (a0 < toA) steps.push({ op: "delete", a: removed[a0++]! });
    while (b0 < toB) steps.push({ op: "insert", b: added[b0++]! });
    ai = toA;
    bi = toB;
  };
  for (const [pa, pb] of pairs) {
    gap(pa, pb);
    steps.push({ op: "change", a: removed[ai++]!, b: added[bi++]! });
  }
  gap(m, n);
}

/**
 * Pairs in order, each as early as it can be (the first old item with the first new one it may pair
 * with, and so on): what is left over comes after the pairs, next to a paragraph both documents have.
 */
function earlyPairs(m: number, n: number, may: (x: number, y: number) => boolean): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let y = 0;
  for (let x = 0; x < m && y < n; x++) {
    let k = y;
    while (k < n && !may(x, k)) k++;
    if (k < n) {
      pairs.push([x, k]);
      y = k + 1;
    }
  }
  return pairs;
}

/** The pairs (in order) of an m × n grid of scores that maximise their sum; a score of 0 never pairs. */
function bestPairs(m: number, n: number, score: (x: number, y: number) => number): Array<[number, number]> {
  if (m === 0 || n === 0) return [];
  const sim: number[][] = Array.from({ length: m }, (_, x) =>
    Array.from({ length: n }, (_, y) => score(x, y)),
  );
  const best: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let x = 1; x <= m; x++) {
    for (let y = 1; y <= n; y++) {
      const s = sim[x - 1]![y - 1]!;
      best[x]![y] = Math.max(best[x - 1]![y]!, best[x]![y - 1]!, s > 0 ? best[x - 1]![y - 1]! + s : 0);
    }
  }
  const pairs: Array<[number, number]> = [];
  let x = m;
  let y = n;
  while (x > 0 && y > 0) {
    const s = sim[x - 1]![y - 1]!;
    if (s > 0 && best[x]![y] === best[x - 1]![y - 1]! + s) {
      pairs.push([x - 1, y - 1]);
      x--;
      y--;
    } else if (best[x]![y] === best[x - 1]![y]) x--;
    else y--;
  }
  return pairs.reverse();
}

/** How alike two word lists are: twice the words they share in order, over all their words (0–1). */
export function wordSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const changes = diffArrays([...a], [...b], { maxEditLength: 2_000 });
  if (changes === undefined) return 0;
  let common = 0;
  for (const c of changes) if (!c.added && !c.removed) common += c.count;
  return (2 * common) / (a.length + b.length);
}
