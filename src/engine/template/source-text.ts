import type { ProblemPlace } from "../errors/problem";

/**
 * A template body with a line index, to turn Handlebars' locations (1-based line, 0-based column) into
 * offsets and offsets into the 1-based line/column that problems and the source map report.
 */
export class SourceText {
  readonly lineStarts: number[];

  constructor(
    readonly text: string,
    readonly path: string,
    /** The snippet and library the text belongs to, for problems' places. */
    readonly place?: ProblemPlace,
  ) {
    this.lineStarts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.lineStarts.push(i + 1);
  }

  /** Offset of a Handlebars position (line 1-based, column 0-based). */
  offsetOf(line: number, column: number): number {
    const start = this.lineStarts[Math.max(0, Math.min(line - 1, this.lineStarts.length - 1))] ?? 0;
    return Math.min(this.text.length, start + column);
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    const lines = this.lineStarts;
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lines[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (lines[lo] as number) + 1 };
  }

  /** Is the text from `start` to `end` alone on its line(s), with only blanks around it? */
  aloneOnLine(start: number, end: number): boolean {
    const lineStart = this.text.lastIndexOf("\n", start - 1) + 1;
    let lineEnd = this.text.indexOf("\n", end);
    if (lineEnd < 0) lineEnd = this.text.length;
    const blank = (s: string): boolean => /^[ \t\r]*$/.test(s);
    return blank(this.text.slice(lineStart, start)) && blank(this.text.slice(end, lineEnd));
  }
}

