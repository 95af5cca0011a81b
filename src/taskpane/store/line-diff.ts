// A line diff of two bodies (longest common subsequence), for the version history. Bodies are short
// (tens to a few hundred lines), so the O(n·m) table is fine; past LIMIT lines it falls back to
// "everything removed, everything added" rather than allocate a huge table.

export type DiffLine = { op: "same" | "added" | "removed"; text: string };

const LIMIT = 2000;

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length * b.length > LIMIT * LIMIT)
    return [
      ...a.map((text) => ({ op: "removed" as const, text })),
      ...b.map((text) => ({ op: "added" as const, text })),
    ];
  // lcs[i][j]: length of the LCS of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: "same", text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) out.push({ op: "removed", text: a[i++]! });
    else out.push({ op: "added", text: b[j++]! });
  }
  while (i < a.length) out.push({ op: "removed", text: a[i++]! });
  while (j < b.length) out.push({ op: "added", text: b[j++]! });
  return out;
}
