import {
  Document,
  Footer,
  Header,
  PageOrientation,
  TableOfContents,
  type ISectionOptions,
  type Paragraph,
  type Table,
} from "docx";
import type { Assembly } from "../model/types";
import type { OutputShape } from "../assemble/types";
import type { Block } from "./blocks";
import type { SectionControl } from "./content-control";
import type { DocumentState } from "./context";
import type { PageGeometry } from "./page";
import { useWordNoteSeparators } from "./notes";
import { useStateNumbering } from "./numbering-xml";
import { buildStyles, finishStyles } from "./styles";
import { tablesApart } from "./tables-apart";

export type DocumentParts = {
  assembly: Assembly;
  shape: OutputShape;
  geometry: PageGeometry;
  state: DocumentState;
  /** Body blocks; in a fragment each section is wrapped in its own content control. */
  body: Array<Block | SectionControl>;
  header?: Block[];
  footer?: Block[];
  /** "id@version" of every snippet used, in order. */
  snippets: readonly string[];
};

export const PROVENANCE_PROPERTY = "sectionsmith.snippets";

/** Everything rendered → one docx Document (a single Word section: one page setup for the whole file). */
export function createDocument(parts: DocumentParts): Document {
  const { assembly, shape, geometry, state } = parts;
  const props = assembly.properties ?? {};
  const section: ISectionOptions = {
    children: parts.body,
    ...(shape === "document"
      ? {
          // <w:sectPr>: page size, orientation and margins; headers/footers only in standalone documents.
          properties: {
            page: {
              size: {
                width: geometry.width,
                height: geometry.height,
                orientation: geometry.landscape ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT,
              },
              margin: geometry.margins,
            },
          },
          headers: parts.header ? { default: new Header({ children: noToc(parts.header) }) } : undefined,
          footers: parts.footer ? { default: new Footer({ children: noToc(parts.footer) }) } : undefined,
        }
      : {}),
  };
  const updateFields = assembly.options.updateFieldsOnOpen ?? (state.hasToc || state.refs.hasPageRefs);
  const doc = new Document({
    title: props.title,
    subject: props.subject,
    creator: props.author ?? "Sectionsmith",
    description: props.description,
    keywords: props.keywords?.join(", "),
    lastModifiedBy: props.author ?? "Sectionsmith",
    customProperties: [{ name: PROVENANCE_PROPERTY, value: parts.snippets.join(", ") }],
    styles: buildStyles(assembly.theme, assembly.locale),
    footnotes: state.footnotes,
    comments: state.comments.length > 0 ? { children: state.comments } : undefined,
    features: updateFields ? { updateFields: true } : undefined, // <w:updateFields w:val="true"/> in settings.xml
    sections: [section],
  });
  finishStyles(doc, { footnotes: Object.keys(state.footnotes).length > 0 });
  // numbering.xml: only the lists the content used, written as Word writes them (numbering-xml.ts).
  useStateNumbering(doc, state.numbering);
  // The note separators are rewritten to Word's shape (render/notes.ts).
  return useWordNoteSeparators(doc);
}

/** A table of contents belongs to the body; in a header or footer it is left out (and tables kept apart: tables-apart.ts). */
const noToc = (blocks: Block[]): Array<Paragraph | Table> =>
  tablesApart(blocks.filter((b): b is Paragraph | Table => !(b instanceof TableOfContents)));
