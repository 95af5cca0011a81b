import type { Inline, Marks } from "./model";
import { controlGuess, findPlaceholders, type PlaceholderGuess } from "./placeholders";

// One paragraph's inline content as Markdown: text escaped so it stays literal (in Markdown and in the
// template), formatting as **bold**, *italic*, ~~strike~~, <u>, <sup>, <sub>, <mark>, links, line breaks
// as <br>, footnote references, {{page}}-style fields, pictures — and every placeholder replaced by
// {{name}}. A delimiter Markdown would not read where it falls (a bold run beginning with punctuation
// right after a letter) is dropped and listed; the text itself is never changed.

export type Occurrence = { guess: PlaceholderGuess; original: string };
export type InlineResult = {
  markdown: string;
  /** Variables in order of appearance, with the text each stood for (the round trip's value). */
  occurrences: Occurrence[];
  /** Drafting notes found in brackets. */
  notes: string[];
  footnotes: string[];
  /** Marks dropped because Markdown could not place them (reported as DOCX_CHANGED). */
  dropped: string[];
  plain: string;
};

type MarkName = "link" | "bold" | "italic" | "strike" | "underline" | "sup" | "sub" | "highlight";
const ORDER: readonly MarkName[] = ["link", "bold", "italic", "strike", "underline", "sup", "sub", "highlight"];
const DELIMITED = new Set<MarkName>(["bold", "italic", "strike"]);
const OPEN: Record<Exclude<MarkName, "link">, string> = {
  bold: "**", italic: "*", strike: "~~", underline: "<u>", sup: "<sup>", sub: "<sub>", highlight: "<mark>",
};
const CLOSE: Record<Exclude<MarkName, "link">, string> = {
  bold: "**", italic: "*", strike: "~~", underline: "</u>", sup: "</sup>", sub: "</sub>", highlight: "</mark>",
};

/** A piece of output with the marks it carries; `md` is already Markdown (escaped text, or a tag). */
type Segment = { md: string; marks: Set<MarkName>; url?: string; spaceOnly: boolean };

type Atom =
  | { kind: "text"; text: string; marks: Marks; url?: string }
  | { kind: "object"; md: string; marks: Marks; url?: string; text: string; guess?: PlaceholderGuess; original?: string };

const OBJECT = "\uFFFC";

const MARKDOWN_SPECIAL = "`*_[]<>|~#&";

/**
 * Escapes text so it is literal in the Markdown and in the template. A piece of text may sit next to a tag
 * or another piece, so what would join with it is a character reference: "{" at the end ("{" + "{{x}}"
 * is "{{{"), "}" at the start ("}}}"), and a backslash at the end or before "{{" (the template reads "\\{{"
 * as a backslash and a tag). Found by the import fuzz test.
 */
export function escapeMarkdown(text: string): string {
  let out = "";
  const last = text.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = text[i]!;
    if (c === "\\") out += i === last || text.startsWith("{{", i + 1) ? "&#92;" : "\\\\";
    else if (c === "{" && text[i + 1] === "{") {
      out += "\\{{";
      i++;
    } else if (c === "{" && i === last) out += "&#123;";
    else if (c === "}" && i === 0) out += "&#125;";
    else if (c === "\t") out += " ";
    else if (MARKDOWN_SPECIAL.includes(c)) out += `\\${c}`;
    else out += c;
  }
  return out;
}

export function inlineMarkdown(
  inlines: readonly Inline[],
  options: { blanks: { n: number }; footnoteLabel(id: string): string | undefined; heading: boolean; signatureLine: boolean; placeholders: boolean },
): InlineResult {
  const atoms: Atom[] = [];
  const occurrences: Occurrence[] = [];
  flatten(inlines, undefined, atoms, options);
  const text = atoms.map((a) => (a.kind === "text" ? a.text : OBJECT)).join("");
  const found = options.placeholders ? findPlaceholders(text, options.blanks, options.signatureLine) : [];
  // Highlighted text that no other form claimed: a short highlighted phrase is a fill-in.
  if (options.placeholders) addHighlights(atoms, text, found, options.blanks);
  const notes: string[] = [];
  const segments: Segment[] = [];
  let at = 0;
  let next = 0;
  for (const atom of atoms) {
    const length = atom.kind === "text" ? atom.text.length : 1;
    const marks = markSet(atom.marks, atom.url);
    if (atom.kind === "object") {
      if (atom.guess) occurrences.push({ guess: atom.guess, original: atom.original ?? atom.text });
      segments.push({ md: atom.md, marks, ...(atom.url ? { url: atom.url } : {}), spaceOnly: false });
      at += length;
      continue;
    }
    let i = 0;
    while (i < length) {
      while (next < found.length && found[next]!.end <= at + i) next++;
      const f = found[next];
      if (f && f.start <= at + i) {
        // Inside a placeholder: its tag is written once, where it starts (always inside a text atom).
        if (f.start === at + i) {
          if (f.kind === "variable") {
            occurrences.push({ guess: f.guess, original: f.original });
            segments.push({ md: `{{${f.guess.name}}}`, marks: withoutHighlight(marks), ...(atom.url ? { url: atom.url } : {}), spaceOnly: false });
          } else notes.push(f.text);
        }
        i = Math.min(length, f.end - at);
        continue;
      }
      const stop = Math.min(length, f ? f.start - at : length);
      const piece = atom.text.slice(i, stop);
      segments.push({ md: escapeMarkdown(piece), marks, ...(atom.url ? { url: atom.url } : {}), spaceOnly: piece.trim() === "" });
      i = stop;
    }
    at += length;
  }
  const dropped: string[] = [];
  let markdown = emit(segments, options.heading, dropped);
  markdown = markdown.replace(/^(?:\s|<br>)+|(?:\s|<br>)+$/g, "");
  return {
    markdown,
    occurrences,
    notes,
    footnotes: [],
    dropped,
    plain: text.replace(/\uFFFC/g, ""),
  };
}

function withoutHighlight(marks: Set<MarkName>): Set<MarkName> {
  const out = new Set(marks);
  out.delete("highlight");
  return out;
}

function markSet(marks: Marks, url: string | undefined): Set<MarkName> {
  const out = new Set<MarkName>();
  if (url) out.add("link");
  for (const m of ORDER) if (m !== "link" && marks[m]) out.add(m);
  return out;
}

function flatten(
  inlines: readonly Inline[],
  url: string | undefined,
  out: Atom[],
  options: { blanks: { n: number }; footnoteLabel(id: string): string | undefined },
): void {
  const link = url ? { url } : {};
  for (const inline of inlines) {
    switch (inline.kind) {
      case "text":
        out.push({ kind: "text", text: inline.text.replace(/[\r\n]/g, " "), marks: inline.marks, ...link });
        break;
      case "link":
        flatten(inline.children, inline.url, out, options);
        break;
      case "break":
        out.push({ kind: "object", md: "<br>", marks: {}, text: "\n" });
        break;
      case "footnote": {
        const label = options.footnoteLabel(inline.id);
        if (label) out.push({ kind: "object", md: `[^${label}]`, marks: {}, text: "" });
        break;
      }
      case "field":
        out.push({ kind: "object", md: `{{${inline.field}}}`, marks: {}, text: "", ...link });
        break;
      case "image":
        out.push({ kind: "object", md: `![${escapeMarkdown(inline.alt)}](${inline.dataUri})`, marks: {}, text: "" });
        break;
      case "merge": {
        const guess = controlGuess({ kind: "text", tag: inline.name }, inline.name, options.blanks);
        out.push({ kind: "object", md: `{{${guess.name}}}`, marks: {}, text: inline.text, guess, original: inline.text, ...link });
        break;
      }
      case "control": {
        const text = inline.children.map(plainOf).join("");
        const guess = controlGuess(inline.control, text, options.blanks);
        const firstMarks = (inline.children.find((c) => c.kind === "text") as { marks?: Marks } | undefined)?.marks ?? {};
        const md =
          guess.type === "boolean"
            ? `{{#if ${guess.name}}}☒{{else}}☐{{/if}}`
            : `{{${guess.name}}}`;
        const original = guess.type === "boolean" ? (inline.control.checked ? "☒" : "☐") : text;
        out.push({ kind: "object", md, marks: { ...firstMarks, highlight: false }, text: original, guess, original, ...link });
        break;
      }
    }
  }
}

const plainOf = (i: Inline): string =>
  i.kind === "text" ? i.text : i.kind === "link" || i.kind === "control" ? i.children.map(plainOf).join("") : i.kind === "break" ? "\n" : "";

/** Short highlighted runs that no placeholder covers become variables named by their words. */
function addHighlights(atoms: Atom[], text: string, found: ReturnType<typeof findPlaceholders>, blanks: { n: number }): void {
  let at = 0;
  const ranges: Array<{ start: number; end: number }> = [];
  for (const atom of atoms) {
    const length = atom.kind === "text" ? atom.text.length : 1;
    if (atom.kind === "text" && atom.marks.highlight) {
      const last = ranges[ranges.length - 1];
      if (last && last.end === at) last.end = at + length;
      else ranges.push({ start: at, end: at + length });
    }
    at += length;
  }
  for (const r of ranges) {
    if (found.some((f) => f.start < r.end && f.end > r.start)) {
      // A highlight marking a placeholder: the highlight is its mark, not a second placeholder.
      for (const atom of atoms) if (atom.kind === "text") atom.marks = atom.marks.highlight ? { ...atom.marks, highlight: false } : atom.marks;
      continue;
    }
    const raw = text.slice(r.start, r.end);
    const trimmedStart = r.start + (raw.length - raw.trimStart().length);
    const trimmedEnd = r.end - (raw.length - raw.trimEnd().length);
    const words = raw.trim();
    if (words === "" || words.length > 60 || words.split(/\s+/).length > 8 || /[.;:]\s/.test(words)) continue;
    const guess = controlGuess({ kind: "text", tag: words }, words, blanks);
    found.push({ kind: "variable", start: trimmedStart, end: trimmedEnd, original: words, guess: { ...guess, label: words } });
  }
  found.sort((a, b) => a.start - b.start);
}

/** Writes segments with their marks, dropping delimiter marks Markdown would not read where they fall. */
function emit(segments: Segment[], heading: boolean, dropped: string[]): string {
  // In a heading, formatting that covers all of it is the heading's look, not the text's.
  if (heading) {
    const visible = segments.filter((s) => !s.spaceOnly);
    for (const m of ["bold", "italic", "underline"] as const)
      if (visible.length > 0 && visible.every((s) => s.marks.has(m))) for (const s of segments) s.marks.delete(m);
  }
  for (let pass = 0; pass < 4; pass++) {
    const { md, bad } = write(segments);
    if (bad.length === 0) return md;
    for (const { from, to, mark } of bad) {
      dropped.push(`${mark} on “${segments.slice(from, to).map((s) => s.md).join("").replace(/\\(.)/g, "$1").slice(0, 40)}”`);
      for (let k = from; k < to; k++) segments[k]!.marks.delete(mark);
    }
  }
  for (const s of segments) for (const m of DELIMITED) s.marks.delete(m);
  return write(segments).md;
}

const isSpace = (c: string | undefined): boolean => c === undefined || /\s/.test(c) || c === "\u00a0";
const isPunct = (c: string | undefined): boolean => c !== undefined && /[\p{P}\p{S}]/u.test(c);

function write(segments: Segment[]): { md: string; bad: Array<{ from: number; to: number; mark: MarkName }> } {
  let out = "";
  const open: MarkName[] = [];
  const openedAt = new Map<MarkName, { index: number; position: number }>();
  const bad: Array<{ from: number; to: number; mark: MarkName }> = [];
  let openUrl: string | undefined;
  const checks: Array<{ mark: MarkName; from: number; to: number; openPos: number; closePos: number }> = [];
  const close = (mark: MarkName, index: number): void => {
    // Spaces at the end of the span go after the closing mark.
    const trail = /[ \u00a0]+$/.exec(out)?.[0] ?? "";
    out = out.slice(0, out.length - trail.length);
    const started = openedAt.get(mark)!;
    if (mark === "link") out += `](${openUrl})`;
    else {
      if (DELIMITED.has(mark)) checks.push({ mark, from: started.index, to: index, openPos: started.position, closePos: out.length });
      out += CLOSE[mark];
    }
    out += trail;
    openedAt.delete(mark);
  };
  segments.forEach((seg, index) => {
    const wanted = seg.spaceOnly && open.length > 0 ? new Set([...open].filter((m) => m !== "link" || seg.url === openUrl)) : seg.marks;
    // Keep the longest run of open marks that are still wanted (and the same link), close the rest.
    let keep = 0;
    while (keep < open.length && wanted.has(open[keep]!) && (open[keep] !== "link" || seg.url === openUrl)) keep++;
    while (open.length > keep) close(open.pop()!, index);
    let md = seg.md;
    for (const m of ORDER) {
      if (!wanted.has(m) || open.includes(m)) continue;
      if (seg.spaceOnly) continue;
      // Spaces at the start of the span stay before the opening mark.
      const lead = /^[ \u00a0]+/.exec(md)?.[0] ?? "";
      out += lead;
      md = md.slice(lead.length);
      openedAt.set(m, { index, position: out.length });
      if (m === "link") {
        openUrl = seg.url;
        out += "[";
      } else out += OPEN[m];
      open.push(m);
    }
    out += md;
  });
  while (open.length > 0) close(open.pop()!, segments.length);
  // CommonMark's flanking rules (6.2) for * and ~ runs: an opener must be followed by a non-space, and by
  // a letter unless it follows a space or punctuation; a closer mirrors that.
  for (const c of checks) {
    const width = OPEN[c.mark as "bold"].length;
    const before = neighbour(out, c.openPos - 1, -1);
    const after = neighbour(out, c.openPos + width, 1);
    const lastIn = neighbour(out, c.closePos - 1, -1);
    const afterClose = neighbour(out, c.closePos + width, 1);
    const opens = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
    const closes = !isSpace(lastIn) && (!isPunct(lastIn) || isSpace(afterClose) || isPunct(afterClose));
    if (!opens || !closes || c.closePos <= c.openPos + width) bad.push({ from: c.from, to: c.to, mark: c.mark });
  }
  return { md: out, bad };
}

/** The character next to a delimiter, looking past the delimiters of other marks next to it ("***"). */
function neighbour(out: string, from: number, step: 1 | -1): string | undefined {
  let i = from;
  while (i >= 0 && i < out.length && (out[i] === "*" || out[i] === "~") && out[i - 1] !== "\\") i += step;
  return out[i];
}
