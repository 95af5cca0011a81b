import type { Snippet } from "../model/types";
import { findDefinitions } from "./recognise";

const cache = new WeakMap<readonly Snippet[], Map<string, Set<string>>>();

/**
 * The terms each snippet of a library defines (term → snippet ids), read from the bodies as written:
 * template tags become a gap and `**bold**` is bold. Made once per catalogue.
 */
export function libraryDefinitions(snippets: readonly Snippet[]): Map<string, Set<string>> {
  const known = cache.get(snippets);
  if (known) return known;
  const out = new Map<string, Set<string>>();
  for (const snippet of snippets) {
    for (const paragraph of snippet.body.split(/\n\s*\n|\n(?=\s*(?:[-*+]|\d+[.)]|#)\s)/)) {
      if (/^\s*#/.test(paragraph)) continue;
      for (const d of findDefinitions(plain(paragraph))) {
        const ids = out.get(d.term) ?? new Set<string>();
        ids.add(snippet.id);
        out.set(d.term, ids);
      }
    }
  }
  cache.set(snippets, out);
  return out;
}

function plain(markdown: string): { text: string; bold: Array<[number, number]> } {
  const source = markdown.replace(/\{\{[^}]*\}\}/g, "…").replace(/\s+/g, " ");
  let text = "";
  const bold: Array<[number, number]> = [];
  let open: number | undefined;
  for (const part of source.split(/(\*\*|__)/)) {
    if (part === "**" || part === "__") {
      if (open === undefined) open = text.length;
      else {
        bold.push([open, text.length]);
        open = undefined;
      }
    } else text += part;
  }
  return { text, bold };
}
