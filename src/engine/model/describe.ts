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

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** The candidate closest to `word` (case-insensitive; 1 edit for short words, 2 up to 8 letters, else 3). */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = (word.length <= 3 ? 1 : word.length <= 8 ? 2 : 3) + 1;
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** " Did you mean "title"?" or "" */
export const didYouMean = (word: string, candidates: Iterable<string>): string => {
  const best = closest(word, candidates);
  return best === undefined ? "" : ` Did you mean "${best}"?`;
};
