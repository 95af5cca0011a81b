// The language a snippet is written in, as far as its words tell: franc (wooorm/franc, the "min" build:
// the 82 languages with 8 million speakers or more) on its title, description and body, with template
// tags and Markdown marks left out. Used by the import report to say when an import would put a text in
// another language in use. Loaded with import() when a file is imported: its trigram data is ~100 KB.

import { franc } from "franc-min";
import type { RawSnippet } from "../store";

/** Fewer letters than this and franc's guess is noise: the language is "not known". */
const MIN_LETTERS = 40;

/** The snippet's words: tags ({{…}}), links' targets, Markdown marks and table rules out. */
export function wordsOf(snippet: RawSnippet): string {
  const parts = [snippet.title, snippet.description, snippet.body].filter(
    (p): p is string => typeof p === "string",
  );
  return parts
    .join("\n")
    .replace(/\{\{[^}]*\}\}/g, " ")
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[#*_~`>|[\]()\\-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** ISO 639-3 code ("eng", "deu") of the snippet's language, or undefined when its words do not tell. */
export function languageOf(snippet: RawSnippet): string | undefined {
  const words = wordsOf(snippet);
  if ((words.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return undefined;
  const code = franc(words, { minLength: MIN_LETTERS });
  return code === "und" ? undefined : code;
}
