import { problem, type Problem } from "../errors/problem";
import type { Variable } from "../model/types";
import { bodyMarkdown } from "./blocks-markdown";
import { excerpt, type ReadContext } from "./context";
import { DuplicateIndex, NEAR, wordDiff, type WordChange } from "./duplicates";
import { ImportFailure } from "./failure";
import type { Block, Note, Paragraph } from "./model";
import { Numbering } from "./numbering";
import { plainText, readPackage } from "./package";
import { inlineText } from "./read-inline";
import { readBlocks, readComments, readNotes } from "./read-body";
import { analyse, defaultSplit, split, splitChoices, type SplitChoice, type SplitMode } from "./split";
import { Styles } from "./styles";
import { recogniseTypedNumbers } from "./typed-numbers";
import { mergeVariables, variableJson, type VariableRecord } from "./variables";
import { elementsOf, child } from "./xml";

// Import a Word document as snippets (issue 30): read the .docx (package.ts, read-body.ts), recognise
// typed clause numbers, cut it where the user chose or where its structure says (split.ts), write each
// piece's Markdown with its placeholders as variables (blocks-markdown.ts), and compare each with the
// library and the rest of the import (duplicates.ts). Nothing is written here: the result is the report,
// and applyImport (apply.ts) makes the library only when the user accepts it.

export type LibrarySnippetLike = { id: string; version?: number; title?: string; body: string };

export type ImportOptions = {
  /** The file's name, for titles, ids and messages. */
  fileName: string;
  split?: SplitMode;
  /** The category every snippet gets; default: the document's title, and the headings above the split level. */
  category?: string;
  /** Put before every id; default: the file name's words and a dot ("mutual-nda."). "" for none. */
  idPrefix?: string;
  /** The library the import is compared with (duplicates); ids already there are not reused. */
  library?: readonly LibrarySnippetLike[];
};

export type SnippetJson = {
  id: string;
  version: number;
  title: string;
  description: string;
  category: string;
  status: "draft";
  titleBlock?: true;
  variables: Array<Record<string, unknown>>;
  notes?: string;
  body: string;
};

export type Duplicate = {
  /** Where the other text is: in the library, or earlier in this import. */
  of: "library" | "import";
  id: string;
  version: number;
  title: string;
  similarity: number;
  identical: boolean;
  diff: WordChange[];
};

export type ImportedSnippet = {
  snippet: SnippetJson;
  /** Which paragraphs of the document it holds. */
  source: { file: string; first: number; last: number; position: number };
  /** Each variable's value as the document wrote it (the placeholder's text, a check box's state). */
  placeholders: Record<string, string | boolean>;
  /** The heading offset that puts its headings back at the document's levels (its top heading was Heading offset + 1). */
  headingOffset: number;
  pageBreakBefore: boolean;
  /** Not kept, or kept in another form: DOCX_NOT_KEPT and DOCX_CHANGED warnings at their places. */
  warnings: Problem[];
  duplicate?: Duplicate;
};

export type DocxImport = {
  source: string;
  title: string;
  split: SplitMode;
  choices: SplitChoice[];
  snippets: ImportedSnippet[];
  variables: Variable[];
  /** The document numbers its headings: build with "headingNumbering": "legal". */
  numberedHeadings: boolean;
  /** Warnings about the document as a whole (headers, footers, footnotes). */
  warnings: Problem[];
};

export type ImportResult = { ok: true; value: DocxImport; problems: Problem[] } | { ok: false; problems: Problem[] };

export function importDocx(bytes: Uint8Array, options: ImportOptions): ImportResult {
  try {
    const value = read(bytes, options);
    return { ok: true, value, problems: [...value.warnings, ...value.snippets.flatMap((s) => s.warnings)] };
  } catch (error) {
    if (!(error instanceof ImportFailure)) throw error;
    const where = error.where ?? "";
    const m = /^(.*):(\d+):(\d+)$/.exec(where);
    return {
      ok: false,
      problems: [
        problem({
          code: error.code,
          message: error.message,
          path: m ? m[1]! : where,
          source: options.fileName,
          ...(m ? { line: Number(m[2]), column: Number(m[3]) } : {}),
          place: { library: options.fileName, ...(where ? { path: m ? m[1]! : where } : {}) },
        }),
      ],
    };
  }
}

export const placeName = (place: number): string => (place === 0 ? "headers and footers" : `paragraph ${place}`);

function read(bytes: Uint8Array, options: ImportOptions): DocxImport {
  const pkg = readPackage(bytes);
  const styles = new Styles(pkg.styles);
  const ctx: ReadContext = {
    pkg,
    styles,
    numbering: new Numbering(pkg.numbering, styles),
    notes: [],
    place: 0,
    paragraphs: 0,
    fields: [],
    comments: new Map(),
    inToc: false,
    tableDepth: 0,
  };
  ctx.comments = readComments(ctx, pkg.comments);
  const body = child(pkg.document, "w:body");
  const blocks = readBlocks(ctx, body ? elementsOf(body) : []);
  const bodyParagraphs = ctx.place;
  const footnotes = new Map([...readNotes(ctx, pkg.footnotes, "f"), ...readNotes(ctx, pkg.endnotes, "e")]);
  for (const { part, xml } of pkg.headerFooters) {
    const text = plainText(xml);
    if (text !== "")
      ctx.notes.push({ code: "DOCX_NOT_KEPT", kind: "header-footer", place: 0, message: `The ${part.includes("footer") ? "footer" : "header"} (“${excerpt(text)}”) is not kept: give the assembly a header or footer snippet instead.` });
  }
  recogniseTypedNumbers(blocks);
  const hasText = blocks.some((b) => b.kind === "table" || (b.kind === "paragraph" && b.inlines.some((i) => inlineText(i).trim() !== "" || i.kind !== "text")));
  if (!hasText) throw new ImportFailure("DOCX_EMPTY", "The document has no text to import (text boxes, headers and footers are not imported).");

  const structure = analyse(blocks);
  const mode = options.split ?? defaultSplit(structure);
  const pieces = split(blocks, mode, structure);
  const titleParagraph = blocks.find((b): b is Paragraph => b.kind === "paragraph" && b.heading === 0);
  const fileTitle = options.fileName.replace(/^.*[\\/]/, "").replace(/\.docx$/i, "");
  // The document's name: its properties' title, its Title paragraph, or its first line when that is short.
  const firstLine = blocks.find((b): b is Paragraph => b.kind === "paragraph" && b.inlines.some((i) => inlineText(i).trim() !== ""));
  const firstText = firstLine ? firstLine.inlines.map(inlineText).join("").replace(/\s+/g, " ").trim() : "";
  const title =
    (pkg.title ?? "") ||
    (titleParagraph ? titleParagraph.inlines.map(inlineText).join("").trim() : "") ||
    (firstText.length <= 60 && !/[.;:]\s|[.;:]$/.test(firstText) ? firstText : "") ||
    fileTitle;
  const numberedHeadings = blocks.some((b) => b.kind === "paragraph" && b.heading !== undefined && b.heading > 0 && (b.list !== undefined || b.typedHeadingNumber !== undefined));
  if (numberedHeadings) ctx.notes.push(...headingNumberNotes(blocks));
  const prefix = options.idPrefix ?? `${slug(fileTitle, 40)}.`;
  const taken = new Set((options.library ?? []).map((s) => s.id));
  const records = new Map<string, VariableRecord>();
  const blanks = { n: 0 };
  let afterHeading = false;
  const built = pieces.map((piece, position) => {
    const headings = piece.blocks.filter((b): b is Paragraph => b.kind === "paragraph" && b.heading !== undefined && b.heading > 0);
    const topHeading = piece.headingLevel ?? Math.min(...headings.map((h) => h.heading!), 99);
    const result = bodyMarkdown(piece.blocks, {
      topHeading: topHeading === 99 ? 1 : topHeading,
      footnotes,
      blanks,
      legal: numberedHeadings && (afterHeading || headings.length > 0),
    });
    if (headings.length > 0) afterHeading = true;
    mergeVariables(records, result.occurrences);
    const pieceTitle = (piece.title || leadTitle(piece.blocks) || (position === 0 ? title : `Part ${position + 1}`)).slice(0, 200);
    const id = uniqueId(`${prefix}${slug(pieceTitle, 100 - prefix.length - 4)}`, taken);
    const names = [...new Set(result.occurrences.map((o) => o.guess.name))];
    return { piece, position, result, pieceTitle, id, names, topHeading: topHeading === 99 ? 1 : topHeading };
  });
  const variables = [...records.values()].map((r) => r.variable);
  const byName = new Map(variables.map((v) => [v.name, v]));
  const placeNotes = [...ctx.notes];
  const snippets: ImportedSnippet[] = built.map(({ piece, position, result, pieceTitle, id, names, topHeading }) => {
    const snippet: SnippetJson = {
      id,
      version: 1,
      title: pieceTitle,
      description: `Imported from ${fileTitle}.docx, paragraph${piece.firstPlace === piece.lastPlace ? ` ${piece.firstPlace}` : `s ${piece.firstPlace}–${piece.lastPlace}`}.`,
      category: options.category ?? [title, ...piece.parents.filter((p) => p !== title)].map((c) => c.replace(/\//g, "-").trim()).filter((c) => c !== "").join("/"),
      status: "draft",
      ...(result.titleBlock ? { titleBlock: true as const } : {}),
      variables: names.map((n) => variableJson(byName.get(n)!)),
      ...(result.notes.length > 0 ? { notes: [...new Set(result.notes)].join("\n\n") } : {}),
      body: result.body,
    };
    const mine = (n: Note) => n.place >= piece.firstPlace && n.place <= piece.lastPlace && piece.firstPlace > 0;
    const notes = [...placeNotes.filter(mine), ...result.changes];
    for (const n of placeNotes.filter(mine)) placeNotes.splice(placeNotes.indexOf(n), 1);
    return {
      snippet,
      source: { file: options.fileName, first: piece.firstPlace, last: piece.lastPlace, position: position + 1 },
      placeholders: Object.fromEntries(names.map((n) => [n, records.get(n)!.placeholder])),
      headingOffset: Math.max(0, Math.min(8, topHeading - 1)),
      pageBreakBefore: piece.pageBreakBefore,
      warnings: notes.sort((a, b) => a.place - b.place).map((n) => noteProblem(n, options.fileName, id)),
    };
  });
  // A snippet ending in a table before one starting with a table: the same paragraph keeps them apart.
  for (let k = 0; k + 1 < snippets.length; k++) {
    const body = snippets[k]!.snippet.body;
    if (/\|\s*$/.test(body.split("\n").pop() ?? "") && snippets[k + 1]!.snippet.body.startsWith("|") && !snippets[k + 1]!.pageBreakBefore)
      snippets[k]!.snippet.body = `${body}\n\n\u00a0`;
  }
  findDuplicates(snippets, options.library ?? []);
  return {
    source: options.fileName,
    title,
    split: mode,
    choices: splitChoices(blocks, structure),
    snippets,
    variables,
    numberedHeadings,
    warnings: placeNotes.map((n) => noteProblem(n, options.fileName, undefined, n.place > bodyParagraphs)),
  };
}

/** A piece that starts before any split point is named by its first heading, or its first short line. */
function leadTitle(blocks: readonly Block[]): string {
  for (const b of blocks) {
    if (b.kind !== "paragraph") continue;
    const text = b.inlines.map(inlineText).join("").replace(/\s+/g, " ").trim();
    if (text === "") continue;
    if (b.heading !== undefined || (text.length <= 80 && !/[.;:]\s|[.;:]$/.test(text))) return text;
    return "";
  }
  return "";
}

/**
 * Numbered headings are built with the library's clause numbering ("headingNumbering": "legal": 1, 1.1,
 * 1.1.1 on every heading). Where Word shows another label ("1.", "(a)", "Article 1", or none), each
 * heading level says so once.
 */
function headingNumberNotes(blocks: readonly Block[]): Note[] {
  const counts: number[] = [];
  const reported = new Set<number>();
  const notes: Note[] = [];
  for (const b of blocks) {
    if (b.kind !== "paragraph" || b.heading === undefined || b.heading < 1) continue;
    const level = b.heading;
    counts.length = level;
    counts[level - 1] = (counts[level - 1] ?? 0) + 1;
    const library = Array.from({ length: level }, (_, k) => counts[k] ?? 1).join(".");
    const word = b.list?.label ?? b.typedHeadingNumber ?? "";
    if (word === library || reported.has(level)) continue;
    reported.add(level);
    notes.push({
      code: "DOCX_CHANGED",
      kind: "numbering",
      place: b.place,
      message: word === ""
        ? `Word does not number Heading ${level} “”; the library's clause numbering numbers every heading, here “${library}”.`
        : `Word numbers Heading ${level} “${word}”; the library's clause numbering writes “${library}” (build with "headingNumbering": "legal").`,
    });
  }
  return notes;
}

function noteProblem(n: Note, file: string, snippet: string | undefined, inFootnote = false): Problem {
  const path = inFootnote ? "footnotes" : placeName(n.place);
  return problem({ code: n.code, message: n.message, path, source: file, place: { library: file, ...(snippet ? { snippet } : {}), path } });
}

/** Lower-case words joined by "-": a snippet id's allowed characters. */
export function slug(text: string, max = 60): string {
  const out = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, Math.max(8, max))
    .replace(/-+$/, "");
  return out === "" ? "snippet" : out;
}

function uniqueId(base: string, taken: Set<string>): string {
  const id = /^[a-z0-9]/.test(base) ? base : `s-${base}`;
  let out = id.slice(0, 100);
  for (let n = 2; taken.has(out); n++) out = `${id.slice(0, 95)}-${n}`;
  taken.add(out);
  return out;
}

/** Text for comparing: the body without Markdown's marks (the words a reader sees, tags included). */
export function comparableText(body: string): string {
  return body.replace(/!\[[^\]]*\]\(data:[^)]*\)/g, " ").replace(/\]\([^)]*\)/g, "]").replace(/\\(.)/g, "$1");
}

function findDuplicates(snippets: ImportedSnippet[], library: readonly LibrarySnippetLike[]): void {
  // The version a library would use is not known here (status, review dates): compare with the newest of each id.
  const newest = new Map<string, LibrarySnippetLike>();
  for (const s of library) if ((s.version ?? 1) >= (newest.get(s.id)?.version ?? 0)) newest.set(s.id, s);
  const libraryKeys = [...newest.values()];
  const texts = snippets.map((s) => comparableText(s.snippet.body));
  const index = new DuplicateIndex(
    libraryKeys.map((s) => ({ key: `L:${s.id}`, text: comparableText(s.body) })),
    texts,
  );
  snippets.forEach((s, k) => {
    const text = texts[k]!;
    const match = index.best(text);
    if (match && match.similarity >= NEAR) {
      const kind = match.key.startsWith("L:") ? "library" : "import";
      const id = match.key.slice(2);
      const other = kind === "library" ? newest.get(id)! : snippets.find((x) => x.snippet.id === id)!.snippet;
      s.duplicate = {
        of: kind,
        id,
        version: other.version ?? 1,
        title: other.title ?? id,
        similarity: match.similarity,
        identical: match.identical,
        diff: match.identical ? [] : wordDiff(comparableText(other.body), text),
      };
      s.warnings.push(
        problem({
          code: "DOCX_DUPLICATE",
          message: match.identical
            ? `“${s.snippet.title}” has the same words as ${kind === "library" ? "the library's" : "this document's"} “${other.title ?? id}” (${id}).`
            : `“${s.snippet.title}” is ${Math.round(match.similarity * 100)}% the same words as ${kind === "library" ? "the library's" : "this document's"} “${other.title ?? id}” (${id}).`,
          path: placeName(s.source.first),
          source: s.source.file,
          place: { library: s.source.file, snippet: s.snippet.id, path: placeName(s.source.first) },
        }),
      );
    }
    index.add(`I:${s.snippet.id}`, text);
  });
}

export type { Block, SplitMode, SplitChoice };
