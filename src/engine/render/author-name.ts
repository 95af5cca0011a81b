// An author's name as Word keeps it: comments' and tracked changes' w:author alike.

/** Word keeps at most 255 UTF-16 code units of an author's name; Microsoft's validator refuses more. */
export const AUTHOR_MAX = 255;

/** The name cut to AUTHOR_MAX code units, never between the two halves of a surrogate pair. */
export function clipName(name: string): string {
  if (name.length <= AUTHOR_MAX) return name;
  const last = name.charCodeAt(AUTHOR_MAX - 1);
  return name.slice(0, last >= 0xd800 && last <= 0xdbff ? AUTHOR_MAX - 1 : AUTHOR_MAX);
}
