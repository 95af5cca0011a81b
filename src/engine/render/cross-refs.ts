import type { ParagraphChild } from "docx";
import type { RefForm } from "../markdown/sentinels";
import type { ProblemCode } from "../errors/codes";
import { problem, type Problem } from "../errors/problem";
import type { SourceLocation } from "../template/types";

// Cross-references ({{ref "target"}}) and the headings they point at (docs/templates.md,
// "Cross-references"). A heading that is a target gets a hidden bookmark (_Ref…, as Word's own
// cross-reference dialog names them); a reference is a REF or PAGEREF field to it, as Word writes one:
// begin, the field code, separate, the result, end. The result is known only when every heading has
// been numbered (a reference may point forward), so it is written from the finished table when the
// document is serialised: the document reads right before any field update.

/** What a reference shows when its target is not in the assembly and references may be missing. */
export const NOT_INCLUDED = "[clause not included]";

/** A heading a reference can point at. */
export type RefTarget = {
  bookmark: string;
  /** Its clause number as Word shows it ("4.2"); undefined when headings are not numbered. */
  number?: string;
  text: string;
};

type Use = { form: RefForm; target: string; at: SourceLocation; tag: string };

/** Word's limit is 40 characters; a fragment's bookmark names get "_" + up to 7 characters (pack/fragment.ts). */
const NAME_ROOM = 32;

export class CrossReferences {
  private readonly targets = new Map<string, RefTarget>();
  private readonly explicit = new Set<string>();
  private readonly bookmarks = new Set<string>();
  private readonly uses: Use[] = [];
  private resolved = false;
  /** Bookmarks some reference points at: only these are written (resolve()). */
  private readonly used = new Set<string>();
  /** w:id of our bookmarks, apart from docx's own (which count from 1 for the table of contents). */
  private nextId = 1_000_000;

  /**
   * `outside`: headings already in the document, not built here (an earlier Insert, the other sections
   * of an Update in place), by snippet id or anchor. A reference to one is a REF field to its bookmark
   * as the document names it, with its number as the caller last saw it; a heading built here wins.
   */
  constructor(
    private readonly missing: "error" | "warn" = "error",
    private readonly outside: Readonly<Record<string, RefTarget>> = {},
    /**
     * Write every target's bookmark, referred to here or not: a fragment's headings can be the targets
     * of a later Insert's references (outsideTargets), so its bookmarks must be in the document.
     */
    private readonly everyBookmark = false,
  ) {}

  /** The targets built here and the outside ones, by name: what resolve() checks against. */
  private find(name: string): RefTarget | undefined {
    return this.targets.get(name) ?? (Object.hasOwn(this.outside, name) ? this.outside[name] : undefined);
  }

  /** The bookmark names given out so far. */
  bookmarkNames(): ReadonlySet<string> {
    return this.bookmarks;
  }

  /** The headings built here that references can point at, by name (ExportResult.targets). */
  builtTargets(): Record<string, RefTarget> {
    return Object.fromEntries(this.targets);
  }

  /** A new heading target: its bookmark name, unique in the document, a hidden one (leading "_"). */
  bookmarkFor(name: string): string {
    const base = `_Ref_${name.replace(/[^A-Za-z0-9_]/g, "_")}`.slice(0, NAME_ROOM);
    let bookmark = base;
    for (let n = 2; this.bookmarks.has(bookmark); n++) bookmark = `${base.slice(0, NAME_ROOM - 4)}_${n}`;
    this.bookmarks.add(bookmark);
    return bookmark;
  }

  /**
   * Names a heading by a snippet id (the first heading of its section) or an {{anchor}}. An explicit
   * anchor used twice is a problem; a snippet used twice keeps its first heading.
   */
  name(name: string, target: RefTarget, explicit: boolean, at: SourceLocation, problems: Problem[]): void {
    if (explicit && this.explicit.has(name)) {
      problems.push(
        problem({
          code: "REF_ANCHOR_DUPLICATE",
          message: `{{anchor "${name}"}} is on two headings; give each heading its own anchor name`,
          ...at,
        }),
      );
      return;
    }
    if (explicit) this.explicit.add(name);
    if (explicit || !this.targets.has(name)) this.targets.set(name, target);
  }

  /** Whether a reference shows a page: its result is known only once the document is laid out. */
  hasPageRefs = false;

  use(form: RefForm, target: string, at: SourceLocation): void {
    if (form === "page") this.hasPageRefs = true;
    const tag = form === "number" ? `{{ref "${target}"}}` : `{{ref "${target}" "${form}"}}`;
    this.uses.push({ form, target, at, tag });
  }

  target(name: string): RefTarget | undefined {
    return this.resolved ? this.find(name) : undefined;
  }

  /**
   * The bookmark around a target heading's words: in a document, written only when a reference points
   * at it, so a document without references has no bookmarks it does not need; in a fragment, always.
   */
  bookmarkAround(bookmark: string, children: readonly object[]): ParagraphChild[] {
    const id = String(this.nextId++);
    const when = (xml: object) => ({
      prepForXml: () => (this.everyBookmark || this.used.has(bookmark) ? xml : undefined),
    });
    return [
      when({ "w:bookmarkStart": { _attr: { "w:name": bookmark, "w:id": id } } }),
      ...children,
      when({ "w:bookmarkEnd": { _attr: { "w:id": id } } }),
    ] as ParagraphChild[];
  }

  /** Every heading is numbered: the problems of the references, and results can be written from now on. */
  resolve(): Problem[] {
    this.resolved = true;
    for (const u of this.uses) {
      const t = this.find(u.target);
      if (t) this.used.add(t.bookmark);
    }
    const out: Problem[] = [];
    const add = (code: ProblemCode, message: string, at: SourceLocation) =>
      out.push(problem({ code, message, ...at }));
    for (const u of this.uses) {
      const t = this.find(u.target);
      if (!t) {
        const known = [...this.targets.keys()]
          .slice(0, 8)
          .map((k) => `"${k}"`)
          .join(", ");
        add(
          this.missing === "warn" ? "REF_TARGET_NOT_INCLUDED" : "REF_TARGET_MISSING",
          `${u.tag} refers to "${u.target}", which is not a heading in this assembly: add the section, or anchor a heading with {{anchor "${u.target}"}}${known ? ` (targets here: ${known})` : ""}${this.missing === "warn" ? `; the document shows "${NOT_INCLUDED}"` : ""}`,
          u.at,
        );
      } else if (u.form === "number" && t.number === undefined) {
        add(
          "REF_NOT_NUMBERED",
          `${u.tag} shows a clause number, but this assembly's headings are not numbered: set "headingNumbering": "legal", or show the heading's text with {{ref "${u.target}" "text"}}`,
          u.at,
        );
      }
    }
    return out;
  }
}

type Run = (children: object[]) => ParagraphChild;

const fldChar = (type: "begin" | "separate" | "end") => ({
  prepForXml: () => ({ "w:fldChar": { _attr: { "w:fldCharType": type } } }),
});
const instr = (code: string) => ({
  prepForXml: () => ({ "w:instrText": [{ _attr: { "xml:space": "preserve" } }, ` ${code} `] }),
});
const lazyText = (text: () => string) => ({
  prepForXml: () => ({ "w:t": [{ _attr: { "xml:space": "preserve" } }, text()] }),
});

/**
 * The runs of one reference: REF <bookmark> \w \h (the paragraph number in full context, as Word's
 * cross-reference dialog writes "Paragraph number (full context)"), REF <bookmark> \h (the heading's
 * text) or PAGEREF <bookmark> \h (its page). The bookmark is the target's when the document is
 * written; a target not included is plain text, never Word's "Error! Reference source not found.".
 */
export function referenceRuns(
  refs: CrossReferences,
  form: RefForm,
  target: string,
  run: Run,
): ParagraphChild[] {
  const bookmark = () => refs.target(target)?.bookmark;
  const code = () => {
    const b = bookmark() ?? "";
    return form === "number" ? `REF ${b} \\w \\h` : form === "text" ? `REF ${b} \\h` : `PAGEREF ${b} \\h`;
  };
  const result = () => {
    const t = refs.target(target);
    if (!t) return NOT_INCLUDED;
    // A page is known only when Word or LibreOffice lays the document out; "1" until the field is updated.
    return form === "number" ? (t.number ?? t.text) : form === "text" ? t.text : "1";
  };
  const present = () => refs.target(target) !== undefined;
  // One set of runs whose parts decide when written: a missing target writes only its result's text.
  const when = (part: object) => ({
    prepForXml: (ctx: unknown) =>
      present() ? (part as { prepForXml(c: unknown): unknown }).prepForXml(ctx) : undefined,
  });
  const codeRun = { prepForXml: () => instr(code()).prepForXml() };
  return [
    run([when(fldChar("begin"))]),
    run([when(codeRun)]),
    run([when(fldChar("separate"))]),
    run([lazyText(result)]),
    run([when(fldChar("end"))]),
  ];
}
