import { placeAt, type Problem } from "../errors/problem";
import { findSnippet } from "../model/select";
import type { Assembly } from "../model/types";
import type { Catalogue } from "./libraries";

/**
 * What can still be said about an assembly when a library has errors: the sections, header and footer
 * that name a snippet (or version) no library has, even counting the snippets of the broken libraries
 * as far as they can be read. Nothing else: values and templates need usable snippets.
 */
export function unknownSnippets(assembly: Assembly, catalogue: Catalogue): Problem[] {
  const all = [...catalogue.snippets, ...catalogue.unusable];
  const out: Problem[] = [];
  const missing = (p: Problem): boolean => p.code === "SNIPPET_NOT_FOUND" || p.code === "VERSION_NOT_FOUND";
  assembly.sections.forEach((section, i) => {
    const ref = {
      id: section.snippet,
      ...(section.version === undefined ? {} : { version: section.version }),
    };
    const at = `sections[${i}]`;
    out.push(...placeAt(findSnippet(all, ref, at).problems.filter(missing), at, { section: i }));
  });
  for (const which of ["header", "footer"] as const) {
    const source = assembly[which];
    if (source && "snippet" in source)
      out.push(...findSnippet(all, { id: source.snippet }, which).problems.filter(missing));
  }
  return out;
}
