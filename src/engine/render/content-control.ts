import { BuilderElement, FileChild, type XmlComponent } from "docx";

// A block-level content control around one section of a fragment (ECMA-376 Part 1 §17.5.2, w:sdt, CT_SdtBlock):
//   <w:sdt>
//     <w:sdtPr><w:alias w:val="<title>"/><w:tag w:val="sectionsmith:<id>@<version>"/><w:id w:val="…"/></w:sdtPr>
//     <w:sdtContent> the section's paragraphs and tables </w:sdtContent>
//   </w:sdt>
// docx 9.15 has no public block-level content control (its StructuredDocumentTag classes are internal
// to the table of contents), so this mirrors OOXML the way docx's own src/file/* classes do. It is a
// FileChild, so docx takes it as a body child and writes its children in place; the content control
// wraps whole paragraphs and tables, never runs. No w:richText: a rich-text control is the default
// when sdtPr names no type (§17.5.2), and Word writes none for one either.

export type SectionControlOptions = {
  /** w:tag: "sectionsmith:<id>@<version>", what the pane's inventory reads back. */
  tag: string;
  /** w:alias: the title Word shows on the control. */
  title: string;
  /** w:id: unique in the document (CT_DecimalNumber, a signed 32-bit number in Word). */
  id: number;
  children: readonly XmlComponent[];
};

const val = (name: string, value: string | number) =>
  new BuilderElement<{ val: string | number }>({ name, attributes: { val: { key: "w:val", value } } });

export class SectionControl extends FileChild {
  constructor({ tag, title, id, children }: SectionControlOptions) {
    super("w:sdt");
    this.root.push(
      new BuilderElement({
        name: "w:sdtPr",
        children: [val("w:alias", title), val("w:tag", tag), val("w:id", id)],
      }),
    );
    this.root.push(new BuilderElement({ name: "w:sdtContent", children }));
  }
}
