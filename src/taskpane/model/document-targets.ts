// The headings already in the open document (WordHost.readHeadings: bookmarks earlier Inserts wrote) as
// the engine's outsideTargets: a {{ref}} built now to a clause inserted before is a REF field to that
// clause's bookmark, showing its number as Word shows it now (docs/templates.md, "Cross-references").
// A section is known by its content control's tag ("sectionsmith:<id>@<version>": its first heading);
// an {{anchor}} by its bookmark's name, which the engine makes from the anchor's name (cross-refs.ts).

import type { RefTarget } from "../../engine";
import type { DocumentHeading } from "../host";

const TAG = /^sectionsmith:(.+)@\d+$/;
/** The engine's bookmark name for a target before its per-build suffix (cross-refs.ts bookmarkFor). */
const stemOf = (name: string) => `_Ref_${name.replace(/[^A-Za-z0-9_]/g, "_")}`.slice(0, 32);
/** "_Ref_late_fees_k3x" → "_Ref_late_fees": the name without the suffix that made it the build's own. */
const withoutSuffix = (bookmark: string) => bookmark.replace(/_[0-9a-z]+$/, "");

/** The names in a snippet's text that {{ref}} points at. */
export function referencedNames(text: string): string[] {
  return [...text.matchAll(/\{\{\s*ref\s+"([^"]+)"/g)].map((m) => m[1]!);
}

/**
 * Targets by snippet id (the first heading of each tagged section; the first section of an id wins, as
 * in one build) and by each name in `wanted` whose bookmark is in the document (anchors). `except`:
 * the tag of a section being replaced, whose headings the build makes again.
 */
export function documentTargets(
  headings: readonly DocumentHeading[],
  wanted: readonly string[],
  except?: string,
): Record<string, RefTarget> {
  const targets: Record<string, RefTarget> = {};
  const kept = headings.filter((h) => h.tag === undefined || h.tag !== except);
  const seenTags = new Set<string>();
  for (const h of kept) {
    const id = h.tag === undefined ? undefined : TAG.exec(h.tag)?.[1];
    if (id === undefined || seenTags.has(h.tag!)) continue;
    seenTags.add(h.tag!);
    if (!Object.hasOwn(targets, id)) targets[id] = targetOf(h);
  }
  for (const name of wanted) {
    if (Object.hasOwn(targets, name)) continue;
    const stem = stemOf(name);
    const h = kept.find((k) => withoutSuffix(k.bookmark) === stem);
    if (h) targets[name] = targetOf(h);
  }
  return targets;
}

const targetOf = (h: DocumentHeading): RefTarget => ({
  bookmark: h.bookmark,
  text: h.text,
  ...(h.number ? { number: h.number } : {}),
});

/** The bookmark names of the section tagged `tag`: what an Update in place of it keeps (keepBookmarks). */
export function bookmarksOf(headings: readonly DocumentHeading[], tag: string): string[] {
  return headings.filter((h) => h.tag === tag).map((h) => h.bookmark);
}
