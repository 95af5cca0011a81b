import { diffArrays } from "diff";

// Duplicates and near-duplicates: each imported clause against the library and against the clauses
// imported before it. Words are compared, not characters: similarity is the share of words a word-level
// difference (jsdiff's Myers diff) keeps, 2·common / (words in A + words in B). Identical words are a
// duplicate; ≥ NEAR is a near-duplicate, shown with its word difference.
// Candidates come from an inverted index with prefix filtering (Bayardo et al., "Scaling up all pairs
// similarity search", WWW 2007): a pair can reach the threshold only if they share a word among the
// rarest few of each, so only those words are indexed and looked up. Bag similarity bounds the diff's
// from above, so no near-duplicate is missed; the diff runs only for the few pairs left. See bench
// (npm run bench -- import) for 5,000 snippets.

export const NEAR = 0.8;
/**
 * Word diffs run per text looked up, at most: the candidates go in order of their bag similarity (an upper
 * bound of the diff's), and the search stops at the first whose bound cannot beat the best found or after
 * this many diffs. Texts that many near-copies of one another (a template repeated) are rare in a library,
 * and any of the closest is then a fair match to show.
 */
const MAX_DIFFS = 4;

export type Comparable = { key: string; text: string };
export type WordChange = { op: "same" | "added" | "removed"; text: string };
export type Match = { key: string; similarity: number; identical: boolean };

/** The words of a body: letters and digits, lower-cased; a template tag is one word. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\{\{[^}]*\}\}|[\p{L}\p{N}]+/gu) ?? [];
}

type Entry = { key: string; words: string[]; ranks: Int32Array };

/** Occurrences of one word apart in a bag element: element = occurrence × SPREAD + the word's number. */
const SPREAD = 2 ** 24;

/** How many values two ascending arrays share (a merge). */
function overlap(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
}

export class DuplicateIndex {
  private readonly entries: Entry[] = [];
  private readonly postings = new Map<number, number[]>();
  /** Bag element → its rank, rarest first: the one global order prefix filtering needs. */
  private readonly rank = new Map<number, number>();
  /** Word → its number, for bag elements (numbers, not strings: cheaper to hash and to keep). */
  private readonly wordIds = new Map<string, number>();

  /** Each word numbered by its occurrence ("the" first, second …), so that a bag of words is a set. */
  private bagOf(words: readonly string[]): number[] {
    const seen = new Map<number, number>();
    return words.map((w) => {
      let id = this.wordIds.get(w);
      if (id === undefined) this.wordIds.set(w, (id = this.wordIds.size));
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      return n * SPREAD + id;
    });
  }

  /**
   * Indexes `corpus`; `later` are texts added or looked up afterwards, counted now so that word rarity —
   * which must not change once anything is indexed — reflects everything compared.
   */
  constructor(corpus: readonly Comparable[], later: readonly string[] = []) {
    const prepared = corpus.map((c) => ({ key: c.key, words: wordsOf(c.text) }));
    const frequency = new Map<number, number>();
    const count = (words: string[]) => {
      for (const t of this.bagOf(words)) frequency.set(t, (frequency.get(t) ?? 0) + 1);
    };
    for (const p of prepared) count(p.words);
    for (const t of later) count(wordsOf(t));
    [...frequency.entries()]
      .sort((a, b) => a[1] - b[1] || a[0] - b[0])
      .forEach(([t], k) => this.rank.set(t, k));
    for (const p of prepared) this.addWords(p.key, p.words);
  }

  /** The bag as ascending ranks; an element never counted (so never shared) gets a rank of its own. */
  private ranksOf(words: readonly string[]): Int32Array {
    let fresh = this.rank.size;
    const out = Int32Array.from(this.bagOf(words), (t) => this.rank.get(t) ?? fresh++);
    return out.sort();
  }

  private static prefixLength(size: number): number {
    const t = NEAR / (2 - NEAR); // the Jaccard threshold equivalent to Dice ≥ NEAR
    return Math.max(1, size - Math.ceil(t * size) + 1);
  }

  add(key: string, text: string): void {
    this.addWords(key, wordsOf(text));
  }

  private addWords(key: string, words: string[]): void {
    const ranks = this.ranksOf(words);
    const index = this.entries.length;
    this.entries.push({ key, words, ranks });
    const length = Math.min(ranks.length, DuplicateIndex.prefixLength(ranks.length));
    for (let k = 0; k < length; k++) {
      const t = ranks[k]!;
      let list = this.postings.get(t);
      if (!list) this.postings.set(t, (list = []));
      list.push(index);
    }
  }

  /** The most similar text at or above NEAR, or undefined. */
  best(text: string, exclude?: (key: string) => boolean): Match | undefined {
    const words = wordsOf(text);
    if (words.length === 0) return undefined;
    const ranks = this.ranksOf(words);
    const candidates = new Set<number>();
    const length = Math.min(ranks.length, DuplicateIndex.prefixLength(ranks.length));
    for (let k = 0; k < length; k++) for (const i of this.postings.get(ranks[k]!) ?? []) candidates.add(i);
    const scored: Array<{ other: Entry; bound: number }> = [];
    for (const i of candidates) {
      const other = this.entries[i]!;
      const total = ranks.length + other.ranks.length;
      // Length filter, then the bag bound (an upper bound of the diff's similarity).
      if (Math.min(ranks.length, other.ranks.length) * 2 < NEAR * total) continue;
      if (exclude?.(other.key)) continue;
      const bound = (2 * overlap(ranks, other.ranks)) / total;
      if (bound >= NEAR) scored.push({ other, bound });
    }
    scored.sort((a, b) => b.bound - a.bound);
    let best: Match | undefined;
    let diffs = 0;
    for (const { other, bound } of scored) {
      if (best && bound <= best.similarity) break;
      const identical = words.length === other.words.length && words.every((w, k) => w === other.words[k]);
      if (!identical && diffs++ >= MAX_DIFFS) break;
      const similarity = identical ? 1 : (2 * commonWords(words, other.words)) / (words.length + other.words.length);
      if (similarity >= NEAR && (!best || similarity > best.similarity)) best = { key: other.key, similarity, identical };
    }
    return best;
  }
}

/** Words a word diff keeps; 0 when more edits than a near-duplicate can have would be needed (the diff stops there). */
function commonWords(a: readonly string[], b: readonly string[]): number {
  const maxEditLength = Math.ceil((1 - NEAR) * (a.length + b.length)) + 1;
  const parts = diffArrays(a as string[], b as string[], { maxEditLength });
  if (!parts) return 0;
  let same = 0;
  for (const part of parts) if (!part.added && !part.removed) same += part.value.length;
  return same;
}

/** The word-level difference from `before` to `after`, for showing (words as written, spaces kept). */
export function wordDiff(before: string, after: string): WordChange[] {
  const split = (s: string) => s.match(/\s+|[^\s]+/g) ?? [];
  const out: WordChange[] = [];
  for (const part of diffArrays(split(before), split(after))) {
    const op = part.added ? "added" : part.removed ? "removed" : "same";
    const text = part.value.join("");
    const last = out[out.length - 1];
    if (last && last.op === op) last.text += text;
    else out.push({ op, text });
  }
  return out;
}
