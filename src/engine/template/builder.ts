import { noteEnd, noteStart } from "../markdown/sentinels";
import type { SourceText } from "./source-text";
import type { SourceLocation, SourceMap } from "./types";

/**
 * Where written text came from: a body (index into the builder's sources) and an offset in it.
 * `literal` text is a copy of the body (character k maps to offset + k); other text (a value, a
 * sentinel) maps as a whole to its tag's offset.
 */
export type Origin = { source: number; offset: number; literal: boolean };

const shift = (o: Origin, k: number): Origin => (o.literal && k !== 0 ? { ...o, offset: o.offset + k } : o);

// A line's block-level prefix: indentation, block quote markers, list markers, a heading's #s, a table's
// first pipe. A drafting-note start that falls at the start of a line goes after it, so "## Title" in a
// note stays a heading instead of becoming the paragraph "<note>## Title".
const BLOCK_PREFIX = /^(?:[ \t]*(?:>[ \t]?|[-*+][ \t]+|\d{1,9}[.)][ \t]+))*[ \t]*(?:#{1,6}[ \t]+|\|[ \t]*)?/;

/** What the bracket count reads character by character: brackets, angle brackets, backslashes, line feeds. */
const BRACKET_STATE = /[[\]<>\\\n]/;
const NOT_BLANK = /[^ \t\r]/;

/** Where the run of blanks (space, tab, CR, LF) that ends `text` starts. */
function trailingBlanksStart(text: string): number {
  let i = text.length;
  for (;;) {
    const c = text.charCodeAt(i - 1);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return i;
    i--;
  }
}

/**
 * Accumulates the expanded Markdown and its source map. Two adjustments keep the Markdown's structure
 * right: trailing blanks of every write are held back until more text comes, so a note's end sentinel
 * lands before the newline that ends its paragraph; and while a standalone {{> id}} is being expanded,
 * every line it produces gets the tag's indentation (as Handlebars does), so an include inside a list
 * item stays inside it.
 */
export class MarkdownBuilder {
  private readonly parts: string[] = [];
  private length = 0;
  private lastChar = "\n";
  private readonly segOut: number[] = [];
  private readonly segSource: number[] = [];
  private readonly segOffset: number[] = [];
  private readonly segLiteral: boolean[] = [];
  private pending: Array<{ text: string; origin: Origin }> = [];
  private pendingLength = 0;
  private pendingNotes: Array<{ index: number; origin: Origin }> = [];
  private readonly indents: Array<{ text: string; origin: Origin }> = [];
  private needIndent = false;
  /** `[` written since the last blank line and not closed (escaped brackets not counted): see inBrackets. */
  private openBrackets = 0;
  /** A `<` written since the last blank line and not closed by a `>` (escaped ones not counted): see inAngle. */
  private openAngle = false;
  /** Whether the last character emitted is a backslash that escapes the next one. */
  private escaping = false;
  /** Whether the line being written holds only blanks so far (a blank line ends a paragraph). */
  private lineBlank = true;

  constructor(private readonly sources: SourceText[]) {}

  /** Characters written so far, held-back blanks included. */
  size(): number {
    return this.length + this.pendingLength;
  }

  /** Does the output (held-back blanks included) end with a newline, or is it empty? */
  endsWithNewline(): boolean {
    const last = this.pending[this.pending.length - 1];
    return last ? last.text.endsWith("\n") : this.lastChar === "\n";
  }

  /**
   * Whether the output (held-back blanks included) ends with a space, a tab or a line feed: then the
   * next text starts a word, and inLinkAddress (escape.ts) is false whatever came before.
   */
  endsWithBlank(): boolean {
    const last = this.pending[this.pending.length - 1];
    const c = last ? last.text.charCodeAt(last.text.length - 1) : this.lastChar.charCodeAt(0);
    return c === 32 || c === 9 || c === 10;
  }

  /**
   * Whether a `[` written since the paragraph began is still open: text written now may be part of a
   * link or footnote label (template/holes.ts). Held-back blanks cannot open or close one.
   */
  inBrackets(): boolean {
    return this.openBrackets > 0;
  }

  /**
   * Whether a `<` written since the paragraph began is not closed by a later `>`: text written now may be
   * inside an HTML tag, where Markdown reads an attribute's characters by their own rules (holes.ts).
   */
  inAngle(): boolean {
    return this.openAngle;
  }

  /**
   * The last characters written (at most `max`, from at most 64 writes), held-back blanks included:
   * enough to tell whether a value lands inside a link address.
   */
  tail(max: number): string {
    let out = "";
    for (let i = this.pending.length - 1; i >= 0 && out.length < max; i--) out = this.pending[i]!.text + out;
    for (let i = this.parts.length - 1, n = 0; i >= 0 && out.length < max && n < 64; i--, n++) out = this.parts[i]! + out;
    return out.length > max ? out.slice(-max) : out;
  }

  write(text: string, origin: Origin): void {
    if (text === "") return;
    const cut = trailingBlanksStart(text);
    const body = cut === text.length ? text : text.slice(0, cut);
    if (body === "") {
      this.pending.push({ text, origin });
      this.pendingLength += text.length;
      return;
    }
    this.flushPending();
    let from = 0;
    if (this.pendingNotes.length > 0) {
      if (this.lastChar === "\n" && origin.literal) {
        from = (BLOCK_PREFIX.exec(body)?.[0] ?? "").length;
        this.raw(body.slice(0, from), origin);
      }
      this.flushNotes();
    }
    this.raw(body.slice(from), shift(origin, from));
    if (cut < text.length) {
      this.pending.push({ text: text.slice(cut), origin: shift(origin, cut) });
      this.pendingLength += text.length - cut;
    }
  }

  /** Opens a note range; the sentinel is placed when the note's first text arrives. */
  noteStart(index: number, origin: Origin): void {
    this.pendingNotes.push({ index, origin });
  }

  /** Closes a note range, before any blanks that end the enclosed text. */
  noteEnd(index: number, origin: Origin): void {
    // A note around nothing (its text was all conditional) leaves no range at all.
    const unopened = this.pendingNotes.findIndex((n) => n.index === index);
    if (unopened >= 0) {
      this.pendingNotes.splice(unopened, 1);
      return;
    }
    this.flushNotes();
    this.raw(noteEnd(index), { ...origin, literal: false });
  }

  /** Starts a standalone include indented by `text` (its own line's indentation). */
  pushIndent(text: string, origin: Origin): void {
    this.indents.push({ text, origin: { ...origin, literal: false } });
    this.needIndent = true;
  }

  popIndent(): void {
    this.indents.pop();
    this.needIndent = this.lastChar === "\n" && this.indents.length > 0;
  }

  finish(): { markdown: string; map: SourceMap } {
    this.flushNotes();
    this.flushPending();
    const markdown = this.parts.join("");
    return { markdown, map: this.sourceMap(markdown.length) };
  }

  private flushNotes(): void {
    for (const { index, origin } of this.pendingNotes)
      this.raw(noteStart(index), { ...origin, literal: false });
    this.pendingNotes = [];
  }

  private flushPending(): void {
    const pending = this.pending;
    this.pending = [];
    this.pendingLength = 0;
    for (const { text, origin } of pending) this.raw(text, origin);
  }

  /** Appends text, indenting each new line while an indented include is open. */
  private raw(text: string, origin: Origin): void {
    if (this.indents.length === 0) {
      this.emit(text, origin);
      return;
    }
    let start = 0;
    while (start < text.length) {
      if (this.needIndent && text[start] !== "\n" && text[start] !== "\r") {
        const inner = this.indents[this.indents.length - 1] as { origin: Origin };
        this.emit(this.indents.map((i) => i.text).join(""), inner.origin);
      }
      this.needIndent = false;
      const nl = text.indexOf("\n", start);
      const end = nl < 0 ? text.length : nl + 1;
      this.emit(text.slice(start, end), shift(origin, start));
      if (nl >= 0) this.needIndent = this.indents.length > 0;
      start = end;
    }
  }

  private emit(text: string, origin: Origin): void {
    if (text === "") return;
    const n = this.segOut.length - 1;
    // A literal continuing the previous literal segment needs no new segment.
    const continues =
      n >= 0 &&
      origin.literal &&
      this.segLiteral[n] === true &&
      this.segSource[n] === origin.source &&
      (this.segOffset[n] as number) + (this.length - (this.segOut[n] as number)) === origin.offset;
    if (!continues) {
      this.segOut.push(this.length);
      this.segSource.push(origin.source);
      this.segOffset.push(origin.offset);
      this.segLiteral.push(origin.literal);
    }
    this.parts.push(text);
    this.length += text.length;
    this.lastChar = text[text.length - 1] as string;
    this.trackBrackets(text);
  }

  private trackBrackets(text: string): void {
    // Most writes hold none of what changes the count: a cheap test first.
    if (!BRACKET_STATE.test(text)) {
      this.escaping = false;
      if (this.lineBlank && NOT_BLANK.test(text)) this.lineBlank = false;
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const escaped = this.escaping;
      this.escaping = c === 0x5c && !escaped;
      if (c === 0x0a) {
        if (this.lineBlank) {
          this.openBrackets = 0;
          this.openAngle = false;
        }
        this.lineBlank = true;
      } else if (c !== 0x20 && c !== 0x09 && c !== 0x0d) {
        this.lineBlank = false;
        if (c === 0x5b && !escaped) this.openBrackets++;
        else if (c === 0x5d && !escaped && this.openBrackets > 0) this.openBrackets--;
        else if (c === 0x3c && !escaped) this.openAngle = true;
        else if (c === 0x3e && !escaped) this.openAngle = false;
      }
    }
  }

  private sourceMap(total: number): SourceMap {
    const { segOut, segSource, segOffset, segLiteral, sources } = this;
    return {
      locate(offset: number): SourceLocation {
        const at = Math.max(0, Math.min(offset, Math.max(0, total - 1)));
        let lo = 0;
        let hi = segOut.length - 1;
        if (hi < 0) return { path: sources[0]?.path ?? "", line: 1, column: 1 };
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if ((segOut[mid] as number) <= at) lo = mid;
          else hi = mid - 1;
        }
        const src = sources[segSource[lo] as number] as SourceText;
        const base = segOffset[lo] as number;
        const off = segLiteral[lo] ? base + (at - (segOut[lo] as number)) : base;
        const position = src.position(Math.min(off, src.text.length));
        return { path: src.path, ...position, ...(src.place ? { place: { ...src.place, ...position } } : {}) };
      },
    };
  }
}

