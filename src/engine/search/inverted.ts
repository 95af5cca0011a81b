// The search index proper: terms in a radix tree (MiniSearch's SearchableMap, for prefix and typo
// lookups) and, per term and field, flat arrays of documents and term frequencies. Scoring is
// MiniSearch's — BM25 per field, field boosts, prefix and fuzzy matches weighted down by how far the
// indexed term is from the typed one, every word required (AND), a document's total multiplied by the
// number of distinct words — but it adds numbers into one Float64Array instead of allocating a result
// object, a Map entry and a match record per posting. At 10,000 snippets a common word ("payment",
// "confidential") is in half the library: MiniSearch took 13–17 ms for such a word alone on a loaded
// 2-core machine, p95 45–60 ms a keystroke (measured with `npm run bench:search`).

import SearchableMap from "minisearch/SearchableMap";
import { buildVocabulary } from "./typos";

/** MiniSearch's default tokenizer: split on white space and punctuation. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
export const tokenize = (text: string): string[] => text.split(SPACE_OR_PUNCTUATION);

// MiniSearch's defaults (weights of a prefix and of a fuzzy match; BM25 k, b, d).
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const K = 1.2;
const B = 0.7;
const D = 0.5;

/** Documents (ascending) holding a term in one field, and how often. */
type Postings = { docs: number[]; freqs: number[] };

export type WordQuery = { term: string; prefix: boolean; maxDistance: number };

export type InvertedIndex = {
  readonly size: number;
  /**
   * Documents matching every word in the given fields (only among `allowed` ones when given), with
   * their scores; `derived` lists the indexed terms that matched, for match details.
   */
  search(
    words: readonly WordQuery[],
    fields: readonly number[],
    allowed: Uint8Array | undefined,
  ): {
    docs: number[];
    scores: Float64Array;
    /** 1 for a document that some word matched only through a typo (no exact or prefix match). */
    typoOnly: Uint8Array;
    derived: Array<{ term: string; id: number }>;
  };
  /** Which of `fields` (by number) of `doc` hold the indexed term `termId`. */
  fieldsOf(termId: number, doc: number, fields: readonly number[]): number[];
};

export function buildInvertedIndex(
  docs: ReadonlyArray<readonly string[]>,
  fieldCount: number,
  boosts: readonly number[],
  processTerm: (term: string) => string,
): InvertedIndex {
  const size = docs.length;
  const terms = new SearchableMap<number>();
  const postings: Array<Array<Postings | undefined>> = [];
  const fieldLength = new Float64Array(size * fieldCount);
  const avgFieldLength = new Float64Array(fieldCount);
  // Words repeat: processing (Unicode normalisation) once per distinct token, not once per occurrence.
  const processed = new Map<string, string>();

  for (let doc = 0; doc < size; doc++) {
    const values = docs[doc]!;
    for (let f = 0; f < fieldCount; f++) {
      const tokens = tokenize(values[f] ?? "");
      // As MiniSearch counts a field's length: distinct tokens, before processing.
      const length = new Set(tokens).size;
      fieldLength[doc * fieldCount + f] = length;
      avgFieldLength[f] = avgFieldLength[f]! + length;
      for (const token of tokens) {
        let term = processed.get(token);
        if (term === undefined) processed.set(token, (term = processTerm(token)));
        if (term === "") continue;
        let id = terms.get(term);
        if (id === undefined) {
          id = postings.length;
          terms.set(term, id);
          postings.push(new Array<Postings | undefined>(fieldCount).fill(undefined));
        }
        const p = (postings[id]![f] ??= { docs: [], freqs: [] });
        const last = p.docs.length - 1;
        if (last >= 0 && p.docs[last] === doc) p.freqs[last]!++;
        else {
          p.docs.push(doc);
          p.freqs.push(1);
        }
      }
    }
  }
  for (let f = 0; f < fieldCount; f++) avgFieldLength[f] = size === 0 ? 0 : avgFieldLength[f]! / size;
  // Typos are looked up with a swap of two letters counted as one edit (typos.ts), not with the term
  // tree's fuzzyGet alone (Levenshtein, where a swap is two).
  const vocabulary = buildVocabulary(terms);

  // Scratch space reused by every search: per-document score of the current word, and its total.
  const wordScore = new Float64Array(size);
  const total = new Float64Array(size);

  function scoreTerm(
    id: number,
    weight: number,
    fields: readonly number[],
    allowed: Uint8Array | undefined,
    touched: number[],
  ) {
    for (const f of fields) {
      const p = postings[id]![f];
      if (p === undefined) continue;
      const { docs: ds, freqs } = p;
      const n = ds.length;
      const idf = Math.log(1 + (size - n + 0.5) / (n + 0.5));
      const factor = weight * boosts[f]! * idf;
      const avg = avgFieldLength[f]!;
      for (let j = 0; j < n; j++) {
        const doc = ds[j]!;
        if (allowed !== undefined && allowed[doc] === 0) continue;
        const tf = freqs[j]!;
        const score =
          factor * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * fieldLength[doc * fieldCount + f]!) / avg)));
        if (wordScore[doc] === 0) touched.push(doc);
        wordScore[doc] = wordScore[doc]! + score;
      }
    }
  }

  return {
    size,
    search(words, fields, allowed) {
      const derived: Array<{ term: string; id: number }> = [];
      const typoOnly = new Uint8Array(size);
      let candidates: number[] = [];
      let mask = allowed;
      for (let w = 0; w < words.length; w++) {
        const { term, prefix, maxDistance } = words[w]!;
        const touched: number[] = [];
        const exact = terms.get(term);
        if (exact !== undefined) {
          derived.push({ term, id: exact });
          scoreTerm(exact, 1, fields, mask, touched);
        }
        const fuzzy = vocabulary.near(term, maxDistance);
        if (prefix) {
          for (const [other, id] of terms.atPrefix(term)) {
            const distance = other.length - term.length;
            if (distance === 0) continue;
            // A prefix match is scored as one even when it is also within the typo distance.
            fuzzy.delete(other);
            derived.push({ term: other, id });
            scoreTerm(
              id,
              (PREFIX_WEIGHT * other.length) / (other.length + 0.3 * distance),
              fields,
              mask,
              touched,
            );
          }
        }
        // Documents touched from here on matched this word through a typo only.
        const strong = touched.length;
        for (const [other, { id, distance }] of fuzzy) {
          derived.push({ term: other, id });
          scoreTerm(id, (FUZZY_WEIGHT * other.length) / (other.length + distance), fields, mask, touched);
        }
        for (let t = strong; t < touched.length; t++) typoOnly[touched[t]!] = 1;
        // Only the documents this word matched stay in the running for the next one.
        const next = new Uint8Array(size);
        for (const doc of touched) {
          total[doc] = total[doc]! + wordScore[doc]!;
          wordScore[doc] = 0;
          next[doc] = 1;
        }
        if (w > 0) for (const doc of candidates) if (next[doc] === 0) total[doc] = 0;
        candidates = touched;
        mask = next;
        if (candidates.length === 0) break;
      }
      const scores = new Float64Array(size);
      for (const doc of candidates) {
        scores[doc] = total[doc]!;
        total[doc] = 0;
      }
      return { docs: candidates, scores, typoOnly, derived };
    },
    fieldsOf(termId, doc, fields) {
      const out: number[] = [];
      const perField = postings[termId]!;
      for (const f of fields) {
        const ds = perField[f]?.docs;
        if (ds !== undefined && binarySearch(ds, doc)) out.push(f);
      }
      return out;
    },
  };
}

function binarySearch(sorted: readonly number[], value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
