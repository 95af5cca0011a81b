// Every tracked change carries an id, its author and its date (w:id, w:author, w:date: ECMA-376 Part 1
// §17.13.5). Ids are unique across the whole document — stories and annotation kinds alike: revision ids
// are counted past every bookmark and comment id the document already has.

import { el, type XmlElement } from "./xml";

export type RevisionCounts = { insertions: number; deletions: number; formatting: number };

export class Revisions {
  private next = 1;
  readonly counts: RevisionCounts = { insertions: 0, deletions: 0, formatting: 0 };

  constructor(
    readonly author: string,
    /** xsd:dateTime in UTC, without fractions of a second (Word writes 2027-01-04T09:30:00Z). */
    readonly date: string,
    private readonly taken: ReadonlySet<number>,
  ) {}

  private id(): string {
    while (this.taken.has(this.next)) this.next++;
    return String(this.next++);
  }

  /** <w:ins>/<w:del> around runs, or as a paragraph mark's or a row's revision; <w:pPrChange>. */
  mark(name: "w:ins" | "w:del" | "w:pPrChange", children: XmlElement[] = []): XmlElement {
    if (name === "w:ins") this.counts.insertions++;
    else if (name === "w:del") this.counts.deletions++;
    else this.counts.formatting++;
    return el(
      name,
      [
        ["w:id", this.id()],
        ["w:author", this.author],
        ["w:date", this.date],
      ],
      children,
    );
  }
}

/** The build's date as a tracked change's date: UTC, whole seconds. */
export function revisionDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}
