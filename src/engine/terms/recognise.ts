// The defined-terms recogniser: which words of a paragraph define a term, and which use one.
// Definitions follow the two forms drafting guides teach (docs/decisions.md "Defined terms"): a term in
// quotes or bold followed by "means", "shall mean", "has the meaning", "includes" (a definitions
// clause), and an inline parenthetical right after the words it names — (the "Supplier"), (each a
// "Party"). Straight and curly quotes both count.

export type TermSpan = { term: string; start: number; end: number };

export type Definition = TermSpan & {
  /** How the definition reads (its paragraph from the term on, spaces collapsed): compared across definitions. */
  wording: string;
  form: "means" | "parenthetical" | "table";
};

type Text = {
  text: string;
  bold: ReadonlyArray<readonly [number, number]>;
  rowLabel?: boolean;
  lines?: readonly number[];
};

const OPEN = '"“‘';
const CLOSE = '"”’';
const QUOTED = /(["“‘])([^"“”‘’\n]{1,80}?)(["”’])/g;
const VERB =
  /^[\s"”’*]*(?:\)\s*)?[:,]?\s*(?:(?:or|and)\s+["“‘][^"“”‘’\n]{1,80}["”’][\s*]*)?(?:means|mean|(?:shall|will|does|do) mean|(?:has|have|shall have|will have) the meanings?|includes|include|(?:shall|will) include|is defined|are defined)\b/;
// Words that may stand in a defining parenthetical besides the terms: (the "Parties"), (each a "Party"
// and together the "Parties"), (hereinafter referred to as the "Buyer"). Anything else — (see "Fees"),
// (as in "Schedule 2") — makes it a remark, not a definition.
const PARENTHETICAL_WORDS = new Set(
  "the a an each together collectively jointly individually severally and or hereinafter herein referred to as called such any its their this these being respectively".split(
    " ",
  ),
);

const COLLECTIVE = /\b(?:each|together|collectively|jointly|hereinafter|individually|severally)\b/i;

/** Is this a term's shape: starts with a capital letter, up to eight words, not a sentence? */
export function isTermShape(s: string): boolean {
  if (!/^\p{Lu}/u.test(s) || s.length > 80) return false;
  const words = s.split(/\s+/);
  if (words.length > 8) return false;
  // A defined term is a name, not a clause: no sentence punctuation inside.
  return !/[.;:!?,]$/.test(s) && !/[;!?]/.test(s);
}

const collapse = (s: string): string =>
  s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.;,]$/, "");

const unquote = (s: string): { inner: string; lead: number } => {
  const m = /^\s*(["“‘]?)(.*?)(["”’]?)\s*$/s.exec(s)!;
  return { inner: m[2]!, lead: s.indexOf(m[2]!) };
};

/** The definitions a paragraph makes. */
export function findDefinitions(p: Text): Definition[] {
  const out: Definition[] = [];
  const taken = (start: number): boolean => out.some((d) => d.start <= start && start < d.end);
  const wording = (start: number): string => collapse(p.text.slice(start));
  // 0. Labels of a table (a cover page's key terms, a signature block), read as labels: each names a
  // term the rest of the document may use. Every bold phrase in a row's first cell — "| **Purpose** |
  // evaluating a business relationship |", "| {IF has_sla}**SLA**<br>**Service Level Agreement** | … |"
  // — and, in any cell, a line that starts with a bold label and a colon: "**Rejection Period**: 10
  // days", "**PROVIDER: Acme Inc**". A label in capitals names the term in its capitalised form
  // (PROVIDER → Provider).
  for (const label of tableLabels(p)) {
    const { inner, lead } = unquote(p.text.slice(label.start, label.end));
    const term = inner.trim().replace(/[.:]$/, "");
    const named = /\p{Ll}/u.test(term) ? term : capitalised(term);
    if (isTermShape(term) && !taken(label.start + lead))
      out.push({
        term: named,
        start: label.start + lead,
        end: label.start + lead + term.length,
        wording: collapse(p.text),
        form: "table",
      });
  }
  // 1. "Term" means … / **Term** means …
  for (const m of p.text.matchAll(QUOTED)) {
    const term = m[2]!.trim();
    const start = m.index + 1;
    if (!isTermShape(term) || !CLOSE.includes(m[3]!) || !OPEN.includes(m[1]!)) continue;
    if (VERB.test(p.text.slice(m.index + m[0].length)))
      out.push({ term, start, end: start + m[2]!.length, wording: wording(m.index), form: "means" });
  }
  for (const [s, e] of p.bold) {
    const { inner, lead } = unquote(p.text.slice(s, e));
    const term = inner.trim();
    if (!isTermShape(term) || taken(s + lead)) continue;
    if (VERB.test(p.text.slice(e)))
      out.push({ term, start: s + lead, end: s + lead + inner.length, wording: wording(s), form: "means" });
  }
  // 2. … (the "Term") — every quoted or bold term in a parenthetical made only of defining words.
  const group = (base: number, inside: string, sentenceEnd: number): void => {
    const terms = definingGroup(p, base, inside);
    const sentence = collapse(p.text.slice(0, sentenceEnd));
    for (const t of terms ?? [])
      if (!taken(t.start)) out.push({ ...t, wording: sentence, form: "parenthetical" });
  };
  for (const m of p.text.matchAll(/\(([^()]{1,200})\)/g)) group(m.index + 1, m[1]!, m.index + m[0].length);
  // 3. The same words without brackets, as a clause of their own: '…, each a "Party" and together the
  // "Parties".' Only with a word that can only introduce names (each, together, hereinafter …), so a
  // clause like 'and the "Fees"' is never read as one.
  for (const m of p.text.matchAll(/[^,;.:()]{1,200}/g))
    if (
      COLLECTIVE.test(m[0]) &&
      !/\($/.test(p.text.slice(0, m.index)) &&
      p.text[m.index + m[0].length] !== ")"
    )
      group(m.index, m[0], m.index + m[0].length + 1);
  return out.sort((a, b) => a.start - b.start);
}

/** The label spans of a table cell (see findDefinitions, 0): bold phrases of a row label, "**Label**:" lines. */
function tableLabels(p: Text): TermSpan[] {
  const out: TermSpan[] = [];
  if (p.rowLabel) for (const [s, e] of p.bold) out.push({ term: "", start: s, end: e });
  for (const line of p.lines ?? []) {
    const bold = p.bold.find(([s]) => s >= line && p.text.slice(line, s).trim() === "");
    if (!bold || out.some((l) => l.start === bold[0])) continue;
    const [s, e] = bold;
    // The colon ends the bold ("**Term**: …") or stands inside it ("**PROVIDER: name**").
    const inside = p.text.slice(s, e).indexOf(":");
    if (inside > 0) out.push({ term: "", start: s, end: s + inside });
    else if (/^\s*:/.test(p.text.slice(e))) out.push({ term: "", start: s, end: e });
  }
  return out;
}

/** "DATA EXPORTER" → "Data Exporter": a label in capitals as the term the text uses. */
const capitalised = (s: string): string =>
  s
    .toLowerCase()
    .replace(/(^|[\s-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());

/** The quoted or bold terms of `inside` (at `base` in the paragraph) when every other word is a defining word. */
function definingGroup(p: Text, base: number, inside: string): TermSpan[] | undefined {
  const terms: TermSpan[] = [];
  let rest = inside;
  for (const q of inside.matchAll(QUOTED)) {
    const term = q[2]!.trim();
    if (!isTermShape(term)) continue;
    terms.push({ term, start: base + q.index + 1, end: base + q.index + 1 + q[2]!.length });
    rest = rest.replace(q[0], " ");
  }
  for (const [s, e] of p.bold) {
    if (s < base || e > base + inside.length) continue;
    const { inner, lead } = unquote(p.text.slice(s, e));
    if (!isTermShape(inner.trim()) || terms.some((t) => t.start <= s + lead && s + lead < t.end)) continue;
    terms.push({ term: inner.trim(), start: s + lead, end: s + lead + inner.length });
    rest = rest.replace(p.text.slice(s, e), " ");
  }
  if (terms.length === 0) return undefined;
  const words = rest.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.every((w) => PARENTHETICAL_WORDS.has(w)) ? terms : undefined;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern for the term and its plural: "s", "es", or "y" → "ies" after a consonant ("Party", "Parties"). */
function plurals(term: string): string {
  const y = /[^aeiouAEIOU]y$/.test(term) ? `|${escape(term.slice(0, -1))}ies` : "";
  return `(?:${escape(term)}(?:s|es)?${y})`;
}

/** Is `word` the term itself or one of its plurals? */
export const isFormOf = (word: string, term: string): boolean =>
  new RegExp(`^${plurals(term)}$`, "u").test(word);

/**
 * Where the paragraph uses each of `terms`: the exact capitalised term, or its plural ("s", "es", "y" → "ies").
 * A longer term wins over a shorter one inside it ("Confidential Information" is not a use of "Information").
 */
export function findUses(text: string, terms: readonly string[]): TermSpan[] {
  const out: TermSpan[] = [];
  const sorted = [...terms].sort((a, b) => b.length - a.length);
  const used = new Array<boolean>(text.length).fill(false);
  for (const term of sorted) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}_-])${plurals(term)}(?![\\p{L}\\p{N}_-])`, "gu");
    for (const m of text.matchAll(re)) {
      if (used.slice(m.index, m.index + m[0].length).some(Boolean)) continue;
      used.fill(true, m.index, m.index + m[0].length);
      out.push({ term, start: m.index, end: m.index + m[0].length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

// A Title Case phrase: capitalised words, joined by "of", "and", "for" inside ("Statement of Work").
const TITLE = String.raw`\p{Lu}[\p{Ll}]+(?:[ -](?:(?:of|and|for|to) )?\p{Lu}[\p{Ll}]+)*`;
const AFTER_THE = new RegExp(String.raw`(?<![\p{L}])the (${TITLE})(?![\p{L}])`, "gu");

/**
 * Capitalised phrases used the way a defined term is used — after "the" in mid-sentence, in quotes, or
 * in bold inside a sentence — that are not definitions. The check reports those no definition covers
 * (after "the" only when the phrase comes back: a name mentioned once — "the Bank of England" — is a
 * proper name, while a defined term is defined because it recurs).
 */
export type TermLikeUse = TermSpan & { by: "the" | "quotes" | "bold" };

export function findTermLikeUses(p: Text, definitions: readonly Definition[]): TermLikeUse[] {
  const out: TermLikeUse[] = [];
  const inDefinition = (at: number): boolean => definitions.some((d) => d.start <= at && at < d.end);
  for (const m of p.text.matchAll(AFTER_THE)) {
    const start = m.index + 4;
    out.push({ term: m[1]!, start, end: start + m[1]!.length, by: "the" });
  }
  for (const m of p.text.matchAll(QUOTED)) {
    const term = m[2]!.trim();
    if (!OPEN.includes(m[1]!) || !new RegExp(`^${TITLE}$`, "u").test(term)) continue;
    out.push({ term, start: m.index + 1, end: m.index + 1 + m[2]!.length, by: "quotes" });
  }
  for (const [s, e] of p.bold) {
    const { inner, lead } = unquote(p.text.slice(s, e));
    const term = inner.trim();
    // Bold at the start of a paragraph, or ending in a stop, is a run-in heading ("**Payment.** The …").
    if (s === 0 || /^[\s]*$/.test(p.text.slice(0, s)) || /[.:]\s*$/.test(p.text.slice(s, e))) continue;
    if (!new RegExp(`^${TITLE}$`, "u").test(term)) continue;
    out.push({ term, start: s + lead, end: s + lead + inner.length, by: "bold" });
  }
  return out.filter((u) => !inDefinition(u.start)).sort((a, b) => a.start - b.start);
}
