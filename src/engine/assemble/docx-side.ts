import * as docx from "docx";
import type { Assembly, Snippet } from "../model/types";
import { toFragment } from "../pack/fragment";
import { appXml, coreXml } from "../pack/properties";
import type { Block } from "../render/blocks";
import { SectionControl } from "../render/content-control";
import { isTable, tablesApart } from "../render/tables-apart";
import type { DocumentState } from "../render/context";
import { createDocument } from "../render/document";
import type { DocxKit } from "../render/docx-kit";
import type { PageGeometry } from "../render/page";
import type { OutputShape } from "./types";

// What a build needs of docx and a check does not (docx-kit.ts): docx's classes for the renderer, and
// packing the rendered blocks into a .docx. Only exportDocument (export.ts) imports this module, so
// validateFile and `sectionsmith validate` never load docx, JSZip or the document parts' modules.

export type PackParts = {
  assembly: Assembly;
  shape: OutputShape;
  geometry: PageGeometry;
  state: DocumentState;
  /** Each body section's blocks, with its snippet and its index in the assembly. */
  sections: ReadonlyArray<{ snippet: Snippet; blocks: Block[]; index: number }>;
  header: Block[] | undefined;
  footer: Block[] | undefined;
  snippets: readonly string[];
  today: Date;
  nonce: number;
  /** Document bookmark names a fragment's bookmarks take back (BuildOptions.keepBookmarks). */
  keepBookmarks?: readonly string[];
  /** A fragment's sections each in their own content control. */
  controls: boolean;
};

export type DocxSide = { kit: DocxKit; pack?: (parts: PackParts) => Promise<Uint8Array> };

export const DOCX_SIDE: DocxSide = { kit: docx, pack };

async function pack(parts: PackParts): Promise<Uint8Array> {
  const { assembly, shape, state, today, nonce } = parts;
  const fragment = shape === "fragment";
  const body: Array<Block | SectionControl> = [];
  let endsWithTable = false;
  for (const { snippet, blocks, index } of parts.sections) {
    // Tables apart (render/tables-apart.ts): within a section, and across a section boundary, where a
    // fragment's paragraph goes between the two sections' content controls.
    if (endsWithTable && blocks.length > 0 && isTable(blocks[0])) body.push(new docx.Paragraph({}));
    if (blocks.length > 0) endsWithTable = isTable(blocks[blocks.length - 1]);
    if (parts.controls) body.push(sectionControl(snippet, tablesApart(blocks), (nonce + index) | 0));
    else for (const block of tablesApart(blocks)) body.push(block);
  }
  // Word does not insert a file's final paragraph mark (office-js#3222): the last paragraph would take
  // the properties of the paragraph at the cursor and lose its own style and list number. A plain
  // empty paragraph at the end is the one that gives its mark up instead.
  if (fragment) body.push(new docx.Paragraph({}));
  // A body ends with a paragraph, as Word writes every document (Word adds one after a final table when
  // it opens the file): a redline can then end the body with a mark both versions have. The same after
  // a block content control (the table of contents): Word allows the body's last mark inside one, but a
  // redline that inserts or deletes the control whole could then not take its paragraphs with it.
  else if (endsWithBlock(body.at(-1))) body.push(new docx.Paragraph({}));
  const { geometry, header, footer, snippets } = parts;
  const doc = createDocument({ assembly, shape, geometry, state, body, header, footer, snippets });
  const props = assembly.properties ?? {};
  const packed = await docx.Packer.pack(doc, "uint8array", false, [
    { path: "docProps/core.xml", data: coreXml(props, today) },
    { path: "docProps/app.xml", data: appXml(props) },
  ]);
  return fragment ? toFragment(packed, nonce, parts.keepBookmarks) : packed;
}

/** A table or a block content control (the table of contents, a section's control) ends the body. */
function endsWithBlock(last: Block | SectionControl | undefined): boolean {
  return last instanceof docx.Table || last instanceof docx.TableOfContents || last instanceof SectionControl;
}

/**
 * A fragment's section in its own block-level content control, tagged as the pane's inventory reads it:
 * "sectionsmith:<id>@<version>", titled with the snippet's title. An empty section still gets a
 * paragraph: a control with no content would vanish in Word.
 */
function sectionControl(snippet: Snippet, blocks: Block[], id: number): SectionControl {
  return new SectionControl({
    tag: `sectionsmith:${snippet.id}@${snippet.version}`,
    title: snippet.title,
    id,
    children: blocks.length > 0 ? blocks : [new docx.Paragraph({})],
  });
}
