// Turns a snippet body (Markdown + template tags) into plain words worth indexing. Template tags,
// Markdown punctuation and embedded images are noise for search; the words people type are not.

const DATA_URI = /data:[a-z]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+/gi;
const TEMPLATE_TAG = /\\?\{\{[^}]*\}\}/g;
const MARKDOWN_PUNCTUATION = /[#*_~`>|[\]()!-]+/g;

export function plainText(body: string): string {
  return body.replace(DATA_URI, " ").replace(TEMPLATE_TAG, " ").replace(MARKDOWN_PUNCTUATION, " ");
}

/** Lower case without accents, so "Resume" finds "Résumé". */
export function foldTerm(term: string): string {
  return term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
