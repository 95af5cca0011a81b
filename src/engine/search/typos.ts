// Typo lookup in the index's term tree, with a swap of two neighbouring letters counted as one edit
// (optimal string alignment, Damerau's edits). MiniSearch's fuzzyGet counts Levenshtein edits, for which
// a swap ("paymnet" for "payment", "trems" for "terms") is two, so the one-edit budget of a five- to
// seven-letter word never found the commonest typing slip there is.
//
// Bounded: the Levenshtein lookup is the one the index always made; on top of it, each of the word's
// n − 1 single swaps is looked up exactly (budget 1) or with one more edit (budget 2, plus the
// (n − 2)(n − 3) / 2 pairs of separate swaps, exactly). A scan of the whole vocabulary with an OSA
// table per term was measured instead: 1.6–2 ms a word on a 9,000-term vocabulary against 0.01–0.05 ms
// for the tree's lookups, which skip every branch whose first letters are already over the budget.

import type SearchableMap from "minisearch/SearchableMap";

export type Near = { term: string; id: number; distance: number };

export type Vocabulary = {
  /** Indexed terms within `maxDistance` edits of `term` (a swap is one edit), the term itself excluded. */
  near(term: string, maxDistance: number): Map<string, Near>;
};

export function buildVocabulary(terms: SearchableMap<number>): Vocabulary {
  return {
    near(term, maxDistance) {
      const out = new Map<string, Near>();
      if (maxDistance <= 0) return out;
      const add = (other: string, id: number, distance: number) => {
        if (other === term) return;
        const known = out.get(other);
        if (known === undefined || distance < known.distance) out.set(other, { term: other, id, distance });
      };
      for (const [other, [id, distance]] of terms.fuzzyGet(term, maxDistance)) add(other, id, distance);
      for (let i = 0; i + 1 < term.length; i++) {
        if (term[i] === term[i + 1]) continue;
        const swapped = swap(term, i);
        if (maxDistance === 1) {
          const id = terms.get(swapped);
          if (id !== undefined) add(swapped, id, 1);
          continue;
        }
        for (const [other, [id, distance]] of terms.fuzzyGet(swapped, maxDistance - 1)) add(other, id, distance + 1);
        // Two separate swaps (each pair once: the second to the right of the first, not overlapping it).
        for (let j = i + 2; j + 1 < term.length; j++) {
          if (swapped[j] === swapped[j + 1]) continue;
          const twice = swap(swapped, j);
          const id = terms.get(twice);
          if (id !== undefined) add(twice, id, 2);
        }
      }
      return out;
    },
  };
}

function swap(s: string, i: number): string {
  return s.slice(0, i) + s[i + 1]! + s[i]! + s.slice(i + 2);
}
