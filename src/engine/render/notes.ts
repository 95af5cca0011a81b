import {
  ContinuationSeparator,
  LineRuleType,
  Paragraph,
  Run,
  Separator,
  XmlAttributeComponent,
  XmlComponent,
  type BaseXmlComponent,
  type Document,
} from "docx";

// The footnote and endnote separators, written as Word writes them.
//
// docx 9.15 writes each separator note (id -1, w:type="separator") and continuation separator (id 0)
// like a content note: a run styled FootnoteReference holding <w:footnoteRef/> before the separator
// run. Word opens such files only after its "unreadable content" repair (anthropics/skills#570, #1576).
// Word's own shape, which we write instead, for footnotes and endnotes alike:
//   <w:footnote w:type="separator" w:id="-1">
//     <w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>
//          <w:r><w:separator/></w:r></w:p>
//   </w:footnote>
//   <w:footnote w:type="continuationSeparator" w:id="0"> … <w:r><w:continuationSeparator/></w:r> … </w:footnote>
// The change is made on docx's object model before packing, so standalone documents, fragments (made
// from the packed document) and the browser bundle all get it.

type NoteTag = "w:footnote" | "w:endnote";
type SeparatorType = "separator" | "continuationSeparator";

class NoteAttributes extends XmlAttributeComponent<{ type: SeparatorType; id: number }> {
  protected override readonly xmlKeys = { type: "w:type", id: "w:id" };
}

/** <w:r> holding only the separator mark: no run properties, no note reference. */
class MarkRun extends Run {
  constructor(mark: BaseXmlComponent) {
    super({});
    this.root.push(mark);
  }
}

class SeparatorNote extends XmlComponent {
  constructor(tag: NoteTag, type: SeparatorType, id: number) {
    super(tag);
    this.root.push(new NoteAttributes({ type, id }));
    this.root.push(
      new Paragraph({
        spacing: { after: 0, line: 240, lineRule: LineRuleType.AUTO },
        children: [new MarkRun(type === "separator" ? new Separator() : new ContinuationSeparator())],
      }),
    );
  }
}

/** Reads docx's protected child list of a component (a subclass may, for an instance typed as itself). */
class Children extends XmlComponent {
  static of(component: XmlComponent): Array<BaseXmlComponent | string> {
    return (component as unknown as Children).root;
  }
  static tagOf(component: BaseXmlComponent | string): string | undefined {
    return typeof component === "string" ? undefined : (component as unknown as Children).rootKey;
  }
}

function replaceSeparators(notes: XmlComponent, tag: NoteTag): void {
  const children = Children.of(notes);
  // docx's FootNotes/Endnotes constructor pushes: namespace attributes, the separator, the continuation
  // separator; content notes follow. If a docx upgrade changes that, leave the part alone: the Word
  // rules check in the tests (WORD_NOTE_SEPARATOR) then reports it on every document.
  if (Children.tagOf(children[1]!) !== tag || Children.tagOf(children[2]!) !== tag) return;
  children[1] = new SeparatorNote(tag, "separator", -1);
  children[2] = new SeparatorNote(tag, "continuationSeparator", 0);
}

/** Makes the document's footnote and endnote separators Word's shape. Call once, before packing. */
export function useWordNoteSeparators(doc: Document): Document {
  replaceSeparators(doc.FootNotes.View, "w:footnote");
  replaceSeparators(doc.Endnotes.View, "w:endnote");
  return doc;
}
