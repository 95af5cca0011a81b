// Full-text snippet search for the task pane (and anyone else): prefix matching as the user types,
// typo tolerance (a swap of two letters is one edit: typos.ts) and per-field boosts, scored as
// MiniSearch scores (see inverted.ts for why the scoring loop is our own); snippets that have every word
// as typed (exactly or as a prefix) come before those found through a typo. One entry per snippet id — the version a build would use (see pickVersion)
// — so a library holding versions 1–3 of "confidentiality" lists it once.
//
// Speed (the pane searches on every keystroke; budget: p95 under 16 ms at 10,000 snippets): filters
// are applied before scoring, each word is scored only for the snippets that matched the words before
// it, the empty query's order and each snippet's category levels are worked out once (prepared.ts), and
// a hit's match details are only worked out when read.

import type { Snippet, SnippetStatus } from "../model/types";
import { computeFacets, type SnippetFacets } from "./facets";
import { latestPerId } from "./pick-version";
import { makeFilter, prepareEntries } from "./prepared";
import { buildInvertedIndex, tokenize, type InvertedIndex, type WordQuery } from "./inverted";
import { foldTerm, plainText } from "./text";

export { pickVersion, latestPerId, isStale } from "./pick-version";
export { categoryLevels, type FacetCount, type SnippetFacets } from "./facets";

export type SearchFilters = {
  /** A category path or any of its leading levels: "Contracts" matches "Contracts/Clauses". */
  category?: string;
  /** Case-insensitive exact tag. */
  tag?: string;
  status?: SnippetStatus | "stale";
  approvedOnly?: boolean;
  /** For "stale" (reviewBy in the past); default now. */
  today?: Date;
};

export type SearchMatch = {
  /** The query terms as typed (after folding). */
  queryTerms: string[];
  /** Indexed term → the fields it was found in. */
  fields: Record<string, string[]>;
};

export type SearchHit = { snippet: Snippet; score: number; match?: SearchMatch };

export type SnippetIndex = {
  search(query: string, filters?: SearchFilters): SearchHit[];
  facets(today?: Date): SnippetFacets;
  /** Number of entries (distinct ids). */
  readonly size: number;
};

const FIELDS = ["title", "tags", "category", "description", "body"] as const;
const BOOSTS = [3, 2, 1.5, 1.2, 1];
const ALL_FIELDS = [0, 1, 2, 3, 4];
const SHORT_FIELDS = [0, 1, 2]; // title, tags, category
/** A typo is one or two edits (a swap of two letters is one); a third on a long word finds more noise than words. */
const MAX_FUZZY = 2;

export function createSnippetIndex(snippets: readonly Snippet[]): SnippetIndex {
  const entries = latestPerId(snippets);
  const prepared = prepareEntries(entries);
  const inverted = buildInvertedIndex(
    entries.map((s) => [s.title, s.tags.join(" "), s.category ?? "", s.description ?? "", plainText(s.body)]),
    FIELDS.length,
    BOOSTS,
    foldTerm,
  );

  return {
    size: entries.length,
    facets: (today = new Date()) => computeFacets(entries, today),
    search(query, filters = {}) {
      const keep = makeFilter(filters, prepared);
      if (query.trim() === "") {
        const hits: SearchHit[] = [];
        for (const i of prepared.sorted)
          if (keep === undefined || keep(i)) hits.push({ snippet: entries[i]!, score: 0 });
        return hits;
      }
      const terms = tokenize(query)
        .map(foldTerm)
        .filter((t) => t !== "");
      if (terms.length === 0) return [];
      const words: WordQuery[] = terms.map((term, i) => ({
        term,
        // As you type, only the word being typed is a prefix; the words before it are complete.
        prefix: i === terms.length - 1,
        // Short words stay exact: a fuzzy "nda" would match half the library.
        maxDistance: term.length >= 4 ? Math.min(MAX_FUZZY, Math.round(term.length * 0.2)) : 0,
      }));
      // A word being typed ("c", "con") is a prefix of a large part of the body vocabulary: matching it
      // there scores nearly every snippet (120–200 ms a keystroke at 10,000 snippets, measured). While the
      // last word is shorter than four letters and not finished (no space after it), it is matched in
      // the short fields only — title, tags, category — where a fragment that short means something.
      const typing = /(?:^|[^\p{L}\p{N}])[\p{L}\p{N}]{1,3}$/u.test(query);
      let allowed: Uint8Array | undefined;
      if (keep !== undefined) {
        allowed = new Uint8Array(entries.length);
        for (let i = 0; i < entries.length; i++) allowed[i] = keep(i) ? 1 : 0;
      }
      const fields = typing ? SHORT_FIELDS : ALL_FIELDS;
      const found = inverted.search(words, fields, allowed);
      // MiniSearch's quality factor: every hit matched all the words, so all get the same factor.
      const queryTerms = [...new Set(terms)];
      const quality = queryTerms.length;
      const context: MatchContext = { queryTerms, derived: found.derived, fields, inverted };
      const { docs, scores, typoOnly } = found;
      // Exact and prefix matches first: a snippet found only through a typo in some word comes after
      // every snippet that has all the words as typed, whatever their scores (a typo in a title would
      // otherwise outrank the word itself in a body, the title's boost being 3).
      docs.sort((a, b) => typoOnly[a]! - typoOnly[b]! || scores[b]! - scores[a]!);
      return docs.map((doc) => new Hit(entries[doc]!, scores[doc]! * quality, doc, context));
    },
  };
}

/** What a hit needs to work out its match details: shared by all hits of one search. */
type MatchContext = {
  queryTerms: string[];
  derived: ReadonlyArray<{ term: string; id: number }>;
  fields: readonly number[];
  inverted: InvertedIndex;
};

/**
 * A search hit whose match details (indexed term → fields) are worked out only if read: thousands of
 * hits a keystroke, and the pane reads none of them. Private fields keep the hit a plain-looking
 * { snippet, score, match } (nothing else enumerable).
 */
class Hit implements SearchHit {
  readonly #doc: number;
  readonly #context: MatchContext;
  #details: SearchMatch | undefined;
  constructor(
    readonly snippet: Snippet,
    readonly score: number,
    doc: number,
    context: MatchContext,
  ) {
    this.#doc = doc;
    this.#context = context;
  }

  get match(): SearchMatch {
    if (this.#details === undefined) {
      const { queryTerms, derived, fields, inverted } = this.#context;
      const matched: Record<string, string[]> = {};
      for (const { term, id } of derived) {
        const found = inverted.fieldsOf(id, this.#doc, fields);
        if (found.length > 0) matched[term] = found.map((f) => FIELDS[f]!);
      }
      this.#details = { queryTerms, fields: matched };
    }
    return this.#details;
  }
}
