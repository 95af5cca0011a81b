/** JSON with object keys sorted, so two snippets with the same content compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export const sameContent = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** What makes one text: everything but its version, status and updated time (the same text kept at another version is not a new text). */
const TEXT_KEYS_IGNORED = new Set(["version", "status", "updated"]);
const textOf = (s: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(s).filter(([key]) => !TEXT_KEYS_IGNORED.has(key)));

/** Two snippets with the same text: the same content apart from version, status and updated. */
export const sameText = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  canonicalJson(textOf(a)) === canonicalJson(textOf(b));
