// Bookmark names in an inserted fragment: apart from the packing (fragment.ts, which brings fflate) so
// that the build can name its reference targets as written without taking the packer into the light door.

/**
 * A built bookmark name → its name in the document: "<name>_<nonce in base 36>", or, when `keep` (the
 * names of the section an Update in place replaces) has "<name>_<another suffix>", that name, so the
 * references elsewhere in the document still find it. Names not in `names` (a bookmark already in the
 * document, an outside target's) are left as they are.
 */
export function bookmarkRenamer(
  names: ReadonlySet<string>,
  nonce: number,
  keep: readonly string[] = [],
): (name: string) => string {
  const suffix = `_${(nonce >>> 0).toString(36)}`;
  const kept = new Map<string, string>();
  for (const k of keep) {
    const cut = k.lastIndexOf("_");
    if (cut <= 0 || !/^_[0-9a-z]+$/.test(k.slice(cut))) continue;
    const head = k.slice(0, cut);
    for (const name of names)
      if (!kept.has(name) && name.slice(0, 40 - (k.length - cut)) === head) kept.set(name, k);
  }
  return (name) =>
    kept.get(name) ?? (names.has(name) ? `${name.slice(0, 40 - suffix.length)}${suffix}` : name);
}
