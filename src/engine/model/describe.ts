// Small helpers for messages: how to show a value a person wrote, and "did you mean …?".

/** A value as a person would recognise it in their file: "abc" (quoted), 3, true, a list, an object. */
export function show(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? value.slice(0, 57) + "…" : value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return typeof value;
}

/** Like show(), but says what kind of JSON value it is: "3" (text), 3 (a number). */
export function showKind(value: unknown): string {
  if (typeof value === "string") return `${show(value)} (text)`;
  if (typeof value === "number") return `${show(value)} (a number)`;
  return show(value);
}

/** "a", "b" or "c" */
export function orList(items: readonly string[]): string {
  const quoted = items.map((s) => JSON.stringify(s));
  return quoted.length <= 1
    ? (quoted[0] ?? "")
    : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

/**
 * The edit distance of `a` and `b` when it is at most `max`, else max + 1. Only the band of cells within
 * `max` of the diagonal is computed, and the work stops as soon as a whole row exceeds `max`: the cost
 * is at most a.length × (2·max + 1) cells, usually a few rows, never a full a.length × b.length table.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const over = max + 1;
  let prev = new Array<number>(b.length + 1);
  let row = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j <= max ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - max);
    const to = Math.min(b.length, i + max);
    row[from - 1] = from === 1 && i <= max ? i : over;
    let rowMin = row[from - 1]!;
    for (let j = from; j <= to; j++) {
      const d = Math.min(
        (j <= i - 1 + max ? prev[j]! : over) + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1),
      );
      row[j] = d > over ? over : d;
      if (d < rowMin) rowMin = d;
    }
    if (to < b.length) row[to + 1] = over;
    if (rowMin > max) return over;
    [prev, row] = [row, prev];
  }
  return Math.min(prev[b.length]!, over);
}

/** The most distance cells one suggestion may compute: "did you mean" must stay cheap at any scale. */
export const SUGGESTION_BUDGET = 200_000;
/** Words longer than this get no suggestion (a typo is not 500 characters long). */
const SUGGEST_MAX_LENGTH = 200;

/**
 * The candidate closest to `word`, case-insensitive, at most `maxDistance` edits away (by default 1 for
 * short words, 2 up to 8 letters, else 3); the first of equals wins. Candidates whose length differs by
 * more than that are skipped at once, and the search stops, keeping the best so far, after
 * SUGGESTION_BUDGET cells (the same unknown id against 10,000 long ids took seconds each before).
 */
export function closest(
  word: string,
  candidates: Iterable<string>,
  maxDistance = word.length <= 3 ? 1 : word.length <= 8 ? 2 : 3,
): string | undefined {
  if (word.length > SUGGEST_MAX_LENGTH) return undefined;
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bound = maxDistance;
  let budget = SUGGESTION_BUDGET;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - word.length) > bound) continue;
    const d = boundedDistance(lower, candidate.toLowerCase(), bound);
    if (d <= bound) {
      best = candidate;
      if (d === 0) break;
      bound = d - 1;
    }
    budget -= word.length * (2 * maxDistance + 1);
    if (budget <= 0) break;
  }
  return best;
}

/** " Did you mean "title"?" or "" */
export const didYouMean = (word: string, candidates: Iterable<string>): string => {
  const best = closest(word, candidates);
  return best === undefined ? "" : ` Did you mean "${best}"?`;
};
