// The Word rules check: a known-good package passes, and for every rule a hand-made bad package fails
// with exactly that rule's code (other checks may also object; the Word rules name only this one).

import { beforeAll, describe, expect, it } from "@jest/globals";
import { checkDocxAll, type DocxCheckResult } from "../support/ooxml-check";
import { mustReplace, packRawDocx, rewriteParts } from "../support/docx-zip";
import { sampleDocument, sampleDocx } from "../support/sample-docx";
import { WORD_RULES, wordRule } from "../support/word-rules";
import { uriProblem } from "../support/word-rules/uri";
import { expectWithMessage } from "../support/expect-message";

type Edits = Parameters<typeof rewriteParts>[1];
type Variant = { code: string; make: (good: Uint8Array) => Promise<Uint8Array> };

const edit = (edits: Edits) => (good: Uint8Array) => rewriteParts(good, edits);
const DOC = "word/document.xml";
const IMAGE_PARAGRAPH = /<w:p><w:r><w:drawing>[\s\S]*?<\/w:drawing><\/w:r><\/w:p>/;
const CELL_PARAGRAPH = '<w:p><w:r><w:t xml:space="preserve">Table cell text</w:t></w:r></w:p>';
const TABLE = /<w:tbl>[\s\S]*?<\/w:tbl>/;
const inControl = (xml: string) => `<w:sdt><w:sdtPr/><w:sdtContent>${xml}</w:sdtContent></w:sdt>`;
const RUN_SDT = "<w:sdt><w:sdtPr/><w:sdtContent><w:r><w:t>field</w:t></w:r></w:sdtContent></w:sdt>";
/** Tracked changes as Word writes them: a word replaced, a field inserted whole, a field deleted whole. */
const BY = 'w:author="Ann Smith" w:date="2027-01-04T09:30:00Z"';
const run = (inner: string) => `<w:r>${inner}</w:r>`;
const field = (code: string, result: string) =>
  run('<w:fldChar w:fldCharType="begin"/>') +
  code +
  run('<w:fldChar w:fldCharType="separate"/>') +
  result +
  run('<w:fldChar w:fldCharType="end"/>');
const TRACKED_PARAGRAPH =
  `<w:p><w:pPr><w:rPr><w:ins w:id="905" ${BY}/></w:rPr><w:pPrChange w:id="906" ${BY}><w:pPr/></w:pPrChange></w:pPr>` +
  run('<w:t xml:space="preserve">Table </w:t>') +
  `<w:del w:id="901" ${BY}>${run("<w:delText>cell</w:delText>")}</w:del>` +
  `<w:ins w:id="902" ${BY}>${run("<w:t>row</w:t>")}</w:ins>` +
  `<w:ins w:id="903" ${BY}>${field(run('<w:instrText xml:space="preserve"> PAGE </w:instrText>'), run("<w:t>1</w:t>"))}</w:ins>` +
  `<w:del w:id="904" ${BY}>${field(run('<w:delInstrText xml:space="preserve"> NUMPAGES </w:delInstrText>'), run("<w:delText>2</w:delText>"))}</w:del>` +
  "</w:p>";
const tracked = (change: (p: string) => string = (p) => p) =>
  edit({ [DOC]: (xml) => mustReplace(xml, CELL_PARAGRAPH, change(TRACKED_PARAGRAPH) + CELL_PARAGRAPH) });
/** A field whose code is tracked in part: its begin untracked, the rest as `wrap` makes it. */
const partlyTracked = (wrap: (runs: string) => string) =>
  tracked((p) =>
    p.replace(
      "</w:p>",
      run('<w:fldChar w:fldCharType="begin"/>') +
        wrap(
          run('<w:instrText xml:space="preserve"> DATE </w:instrText>') +
            run('<w:fldChar w:fldCharType="separate"/>'),
        ) +
        run("<w:t>today</w:t>") +
        run('<w:fldChar w:fldCharType="end"/>') +
        "</w:p>",
    ),
  );
const hyperlinkTo = (target: string) =>
  edit({
    "word/_rels/document.xml.rels": (xml) =>
      mustReplace(xml, 'Target="https://example.com/"', `Target="${target}"`),
  });

/** The sample's table with every row tracked as `mark`, ids counting from `from` (unique in the document). */
const rowsTracked = (table: string, mark: "ins" | "del", from: number) => {
  let id = from;
  return table.replace(/<w:tr>/g, () => `<w:tr><w:trPr><w:${mark} w:id="${id++}" ${BY}/></w:trPr>`);
};

/** Each variant is named after what it breaks; its code is the one Word rule it must fail. */
const variants: Record<string, Variant> = {
  docxSeparators: { code: "WORD_NOTE_SEPARATOR", make: () => packRawDocx(sampleDocument()) },
  separatorWithStyle: {
    code: "WORD_NOTE_SEPARATOR",
    make: edit({
      "word/footnotes.xml": (xml) =>
        mustReplace(
          xml,
          "<w:r><w:separator/>",
          '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:separator/>',
        ),
    }),
  },
  separatorTwoRuns: {
    code: "WORD_NOTE_SEPARATOR",
    make: edit({
      "word/endnotes.xml": (xml) =>
        mustReplace(
          xml,
          "<w:r><w:continuationSeparator/></w:r>",
          "<w:r><w:continuationSeparator/></w:r><w:r><w:t>x</w:t></w:r>",
        ),
    }),
  },
  settingsNameMissingEndnotes: {
    code: "WORD_NOTES_PART_MISSING",
    make: edit({
      "word/settings.xml": (xml) =>
        mustReplace(
          xml,
          "<w:compat>",
          '<w:endnotePr><w:endnote w:id="-1"/><w:endnote w:id="0"/></w:endnotePr><w:compat>',
        ),
      "word/endnotes.xml": () => null,
      "word/_rels/document.xml.rels": (xml) => mustReplace(xml, /<Relationship [^>]*\/endnotes"[^>]*\/>/, ""),
      "[Content_Types].xml": (xml) =>
        mustReplace(xml, /<Override [^>]*PartName="\/word\/endnotes.xml"\/>/, ""),
    }),
  },
  settingsNameMissingFootnote: {
    code: "WORD_NOTES_PART_MISSING",
    make: edit({
      "word/settings.xml": (xml) =>
        mustReplace(
          xml,
          "<w:compat>",
          '<w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="5"/></w:footnotePr><w:compat>',
        ),
    }),
  },
  footnoteReferencedTwice: {
    code: "WORD_NOTE_ID",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          '<w:footnoteReference w:id="1"/></w:r>',
          '<w:footnoteReference w:id="1"/></w:r><w:r><w:footnoteReference w:id="1"/></w:r>',
        ),
    }),
  },
  footnoteReferenceToSeparator: {
    code: "WORD_NOTE_ID",
    make: edit({
      [DOC]: (xml) => mustReplace(xml, '<w:footnoteReference w:id="1"/>', '<w:footnoteReference w:id="0"/>'),
    }),
  },
  bookmarkUnclosed: {
    code: "WORD_BOOKMARK_ID",
    make: edit({ [DOC]: (xml) => mustReplace(xml, '<w:bookmarkEnd w:id="1"/>', "") }),
  },
  bookmarkIdTwice: {
    code: "WORD_BOOKMARK_ID",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          '<w:bookmarkEnd w:id="1"/>',
          '<w:bookmarkEnd w:id="1"/><w:bookmarkStart w:name="other" w:id="1"/><w:bookmarkEnd w:id="1"/>',
        ),
    }),
  },
  bookmarkNameTooLong: {
    code: "WORD_BOOKMARK_NAME",
    make: edit({ [DOC]: (xml) => mustReplace(xml, 'w:name="target"', `w:name="${"n".repeat(41)}"`) }),
  },
  bookmarkNameTwice: {
    code: "WORD_BOOKMARK_NAME",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          '<w:bookmarkEnd w:id="1"/>',
          '<w:bookmarkEnd w:id="1"/><w:bookmarkStart w:name="target" w:id="2"/><w:bookmarkEnd w:id="2"/>',
        ),
    }),
  },
  bookmarkNameTwiceInAnotherCase: {
    code: "WORD_BOOKMARK_NAME",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          '<w:bookmarkEnd w:id="1"/>',
          '<w:bookmarkEnd w:id="1"/><w:bookmarkStart w:name="TARGET" w:id="2"/><w:bookmarkEnd w:id="2"/>',
        ),
    }),
  },
  bookmarkNameStartsWithDigit: {
    code: "WORD_BOOKMARK_NAME_FORM",
    make: edit({ [DOC]: (xml) => mustReplace(xml, 'w:name="target"', 'w:name="4target"') }),
  },
  bookmarkNameWithSpace: {
    code: "WORD_BOOKMARK_NAME_FORM",
    make: edit({ [DOC]: (xml) => mustReplace(xml, 'w:name="target"', 'w:name="payment terms"') }),
  },
  refToNoBookmark: {
    code: "WORD_REF_TARGET",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          `<w:p>${field(run('<w:instrText xml:space="preserve"> REF _Ref_gone \\w \\h </w:instrText>'), run("<w:t>4.2</w:t>"))}</w:p>` +
            CELL_PARAGRAPH,
        ),
    }),
  },
  pagerefToNoBookmark: {
    code: "WORD_REF_TARGET",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          `<w:p>${field(run('<w:instrText xml:space="preserve"> PAGEREF _Ref_gone \\h </w:instrText>'), run("<w:t>3</w:t>"))}</w:p>` +
            CELL_PARAGRAPH,
        ),
    }),
  },
  fieldNeverEnded: {
    code: "WORD_FIELD_STRUCTURE",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          `<w:p>${run('<w:fldChar w:fldCharType="begin"/>')}${run('<w:instrText xml:space="preserve"> REF target \\h </w:instrText>')}${run('<w:fldChar w:fldCharType="separate"/>')}${run("<w:t>x</w:t>")}</w:p>` +
            CELL_PARAGRAPH,
        ),
    }),
  },
  fieldEndWithoutBegin: {
    code: "WORD_FIELD_STRUCTURE",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          `<w:p>${run('<w:fldChar w:fldCharType="end"/>')}</w:p>` + CELL_PARAGRAPH,
        ),
    }),
  },
  commentReferenceDangling: {
    code: "WORD_COMMENT_ID",
    make: edit({
      [DOC]: (xml) => mustReplace(xml, '<w:commentReference w:id="1"/>', '<w:commentReference w:id="5"/>'),
    }),
  },
  commentAnchoredTwice: {
    code: "WORD_COMMENT_ID",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          '<w:commentReference w:id="1"/></w:r>',
          '<w:commentReference w:id="1"/></w:r><w:r><w:commentReference w:id="1"/></w:r>',
        ),
    }),
  },
  commentRangeUnclosed: {
    code: "WORD_COMMENT_ID",
    make: edit({ [DOC]: (xml) => mustReplace(xml, '<w:commentRangeEnd w:id="1"/>', "") }),
  },
  commentAuthorTooLong: {
    code: "WORD_AUTHOR_LENGTH",
    make: edit({
      "word/comments.xml": (xml) =>
        mustReplace(xml, /w:author="[^"]*"/, `w:author="${"\u{1F600}".repeat(128)}"`),
    }),
  },
  commentInitialsTooLong: {
    code: "WORD_AUTHOR_LENGTH",
    make: edit({
      "word/comments.xml": (xml) => mustReplace(xml, /w:author=/, 'w:initials="ABCDEFGHIJ" w:author='),
    }),
  },
  drawingIdTwice: {
    code: "WORD_DRAWING_ID",
    make: edit({ [DOC]: (xml) => mustReplace(xml, IMAGE_PARAGRAPH, "$&$&") }),
  },
  numIdDangling: {
    code: "WORD_NUMBERING_REF",
    make: edit({ [DOC]: (xml) => mustReplace(xml, /<w:numId w:val="2"\/>/g, '<w:numId w:val="99"/>') }),
  },
  numToMissingAbstract: {
    code: "WORD_NUMBERING_REF",
    make: edit({
      "word/numbering.xml": (xml) =>
        mustReplace(
          xml,
          '<w:num w:numId="2"><w:abstractNumId w:val="2"/>',
          '<w:num w:numId="2"><w:abstractNumId w:val="777"/>',
        ),
    }),
  },
  numDefinedTwice: {
    code: "WORD_NUMBERING_REF",
    make: edit({
      "word/numbering.xml": (xml) =>
        mustReplace(xml, /(<w:num w:numId=")1("><w:abstractNumId w:val=")1/, "$12$22"),
    }),
  },
  abstractNumEightLevels: {
    code: "WORD_ABSTRACTNUM_LEVELS",
    make: edit({ "word/numbering.xml": (xml) => mustReplace(xml, /<w:lvl w:ilvl="8"[\s\S]*?<\/w:lvl>/, "") }),
  },
  newlineInText: {
    code: "WORD_TEXT_NEWLINE",
    make: edit({ [DOC]: (xml) => mustReplace(xml, "Sample heading", "Sample\nheading") }),
  },
  newlineReferenceInText: {
    code: "WORD_TEXT_NEWLINE",
    make: edit({
      "word/header1.xml": (xml) => mustReplace(xml, "Sample header text", "Sample&#13;&#10;header"),
    }),
  },
  sdtBesideRunInCell: {
    code: "WORD_SDT_IN_CELL",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(xml, CELL_PARAGRAPH, CELL_PARAGRAPH.replace("</w:r></w:p>", `</w:r>${RUN_SDT}</w:p>`)),
    }),
  },
  contentControlIdTwice: {
    code: "WORD_SDT_ID",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          `<w:sdt><w:sdtPr><w:id w:val="-7"/></w:sdtPr><w:sdtContent>${CELL_PARAGRAPH}</w:sdtContent></w:sdt>` +
            `<w:sdt><w:sdtPr><w:id w:val="-7"/></w:sdtPr><w:sdtContent>${CELL_PARAGRAPH}</w:sdtContent></w:sdt>`,
        ),
    }),
  },
  languageWithUnderscore: {
    code: "WORD_LANG_TAG",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          CELL_PARAGRAPH.replace("<w:r>", '<w:r><w:rPr><w:lang w:val="de_DE"/></w:rPr>'),
        ),
    }),
  },
  languageHexadecimal: {
    code: "WORD_LANG_TAG",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          CELL_PARAGRAPH.replace("<w:r>", '<w:r><w:rPr><w:lang w:eastAsia="0411"/></w:rPr>'),
        ),
    }),
  },
  languageWithoutRegion: {
    code: "WORD_LANG_TAG",
    make: edit({
      "word/styles.xml": (xml) =>
        mustReplace(
          xml,
          "<w:rPrDefault/>",
          '<w:rPrDefault><w:rPr><w:lang w:val="de"/></w:rPr></w:rPrDefault>',
        ),
    }),
  },
  tableWithoutGrid: {
    code: "WORD_TABLE_GRID",
    make: edit({ [DOC]: (xml) => mustReplace(xml, /<w:tblGrid>[\s\S]*?<\/w:tblGrid>/, "") }),
  },
  gridWiderThanRows: {
    code: "WORD_TABLE_GRID",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(xml, '<w:gridCol w:w="9026"/>', '<w:gridCol w:w="4513"/><w:gridCol w:w="4513"/>'),
    }),
  },
  rowWiderThanGrid: {
    code: "WORD_TABLE_GRID",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(xml, "<w:tr><w:tc><w:p>", '<w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr><w:p>'),
    }),
  },
  tablesAdjacent: {
    code: "WORD_TABLES_ADJACENT",
    make: edit({ [DOC]: (xml) => mustReplace(xml, TABLE, "$&$&") }),
  },
  tablesAdjacentOneTracked: {
    code: "WORD_TABLES_ADJACENT",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(xml, TABLE, ((t) => rowsTracked(t, "del", 950) + t)(TABLE.exec(xml ?? "")![0])),
    }),
  },
  tablesAdjacentAcrossControls: {
    code: "WORD_TABLES_ADJACENT",
    make: edit({ [DOC]: (xml) => mustReplace(xml, TABLE, inControl("$&").repeat(2)) }),
  },
  tablesWithOnlyABookmarkBetween: {
    code: "WORD_TABLES_ADJACENT",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          TABLE,
          '$&<w:bookmarkStart w:id="90" w:name="between"/><w:bookmarkEnd w:id="90"/>$&',
        ),
    }),
  },
  headerWithoutItsContentType: {
    code: "WORD_CONTENT_TYPE",
    make: edit({
      "[Content_Types].xml": (xml) =>
        mustReplace(xml, /<Override [^>]*PartName="\/word\/header1.xml"\/>/, ""),
    }),
  },
  partWithoutContentType: {
    code: "WORD_CONTENT_TYPE",
    make: edit({ "customXml/item1.dat": () => "data" }),
  },
  overrideForMissingPart: {
    code: "WORD_CONTENT_TYPE",
    make: edit({
      "[Content_Types].xml": (xml) =>
        mustReplace(
          xml,
          "</Types>",
          '<Override ContentType="application/xml" PartName="/word/nothing.xml"/></Types>',
        ),
    }),
  },
  headerReferenceToStyles: {
    code: "WORD_RELATIONSHIP",
    make: edit({
      [DOC]: (xml) => mustReplace(xml, /(<w:headerReference w:type="default" r:id=")rId7/, "$1rId1"),
    }),
  },
  relationshipIdTwice: {
    code: "WORD_RELATIONSHIP",
    make: edit({
      "word/_rels/document.xml.rels": (xml) =>
        mustReplace(
          xml,
          "</Relationships>",
          '<Relationship Id="rId7" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/></Relationships>',
        ),
    }),
  },
  hyperlinkWithSpace: { code: "WORD_HYPERLINK_URI", make: hyperlinkTo("https://example.com/a b") },
  hyperlinkBadEscape: { code: "WORD_HYPERLINK_URI", make: hyperlinkTo("https://example.com/%zz") },
  hyperlinkBracketsInPath: { code: "WORD_HYPERLINK_URI", make: hyperlinkTo("https://example.com/a[1]") },
  emptyFooter: { code: "WORD_PART_EMPTY", make: edit({ "word/footer1.xml": () => "" }) },
  revisionIdTwice: { code: "WORD_REVISION_ID", make: tracked((p) => p.replace('w:id="902"', 'w:id="901"')) },
  revisionIdAcrossStories: {
    code: "WORD_REVISION_ID",
    make: async (good) =>
      rewriteParts(await tracked()(good), {
        "word/header1.xml": (xml) =>
          mustReplace(
            xml,
            "Sample header text",
            `Sample header text</w:t></w:r><w:ins w:id="903" ${BY}><w:r><w:t>!`,
          ).replace("!</w:t></w:r>", "!</w:t></w:r></w:ins>"),
      }),
  },
  revisionAuthorBlank: {
    code: "WORD_REVISION_AUTHOR",
    make: tracked((p) =>
      p.replace(`w:id="902" ${BY}`, 'w:id="902" w:author=" " w:date="2027-01-04T09:30:00Z"'),
    ),
  },
  revisionWithoutDate: {
    code: "WORD_REVISION_AUTHOR",
    make: tracked((p) => p.replace(`w:id="906" ${BY}`, 'w:id="906" w:author="Ann Smith"')),
  },
  textInDeletion: {
    code: "WORD_DELETED_TEXT",
    make: tracked((p) => p.replace("<w:delText>cell</w:delText>", "<w:t>cell</w:t>")),
  },
  fieldCodeInDeletionAsInstrText: {
    code: "WORD_DELETED_TEXT",
    make: tracked((p) => p.replace(/delInstrText/g, "instrText")),
  },
  deletedTextOutsideDeletion: {
    code: "WORD_DELETED_TEXT",
    make: tracked((p) => p.replace("<w:t>row</w:t>", "<w:delText>row</w:delText>")),
  },
  fieldCodeInsertedInPart: {
    code: "WORD_FIELD_CODE_REVISION",
    make: partlyTracked((runs) => `<w:ins w:id="907" ${BY}>${runs}</w:ins>`),
  },
  cellLastMarkDeleted: {
    code: "WORD_LAST_MARK_REVISION",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          CELL_PARAGRAPH,
          CELL_PARAGRAPH.replace("<w:p>", `<w:p><w:pPr><w:rPr><w:del w:id="908" ${BY}/></w:rPr></w:pPr>`),
        ),
    }),
  },
  bodyEndsInControlWithInsertedMark: {
    code: "WORD_LAST_MARK_REVISION",
    make: edit({
      [DOC]: (xml) =>
        mustReplace(
          xml,
          /<w:sectPr(?![\s\S]*<w:sectPr)/,
          `${inControl(`<w:p><w:pPr><w:rPr><w:ins w:id="909" ${BY}/></w:rPr></w:pPr></w:p>`)}<w:sectPr`,
        ),
    }),
  },
  fieldCodeDeletedInPart: {
    code: "WORD_FIELD_CODE_REVISION",
    make: partlyTracked(
      (runs) => `<w:del w:id="907" ${BY}>${runs.replace(/instrText/g, "delInstrText")}</w:del>`,
    ),
  },
};

/** Changes that look close to a rule but are what Word writes: they must pass. */
const fine: Record<string, (good: Uint8Array) => Promise<Uint8Array>> = {
  blockSdtInCell: edit({
    [DOC]: (xml) =>
      mustReplace(
        xml,
        CELL_PARAGRAPH,
        `<w:sdt><w:sdtPr/><w:sdtContent>${CELL_PARAGRAPH}</w:sdtContent></w:sdt>`,
      ),
  }),
  runSdtAloneInCell: edit({ [DOC]: (xml) => mustReplace(xml, CELL_PARAGRAPH, `<w:p>${RUN_SDT}</w:p>`) }),
  ipv6Hyperlink: hyperlinkTo("https://[2001:db8::1]:8443/a%20b?q=1#top"),
  unicodeHyperlink: hyperlinkTo("https://example.com/straße"),
  bookmarkNameOf40: edit({
    [DOC]: (xml) => mustReplace(xml, 'w:name="target"', `w:name="${"n".repeat(40)}"`),
  }),
  // Word's cross-reference dialog: a hidden _Ref bookmark, REF … \w \h for the number, PAGEREF … \h.
  refAndPagerefToHiddenBookmark: edit({
    [DOC]: (xml) =>
      mustReplace(
        mustReplace(xml, 'w:name="target"', 'w:name="_Ref_payment_terms"'),
        CELL_PARAGRAPH,
        `<w:p>${field(run('<w:instrText xml:space="preserve"> REF _Ref_payment_terms \\w \\h </w:instrText>'), run("<w:t>4.2</w:t>"))}` +
          `${field(run('<w:instrText xml:space="preserve"> PAGEREF _REF_PAYMENT_TERMS \\h </w:instrText>'), run("<w:t>3</w:t>"))}</w:p>` +
          CELL_PARAGRAPH,
      ),
  }),
  trackedChanges: tracked(),
  fieldResultTracked: tracked((p) =>
    p.replace(
      "</w:p>",
      field(
        run('<w:instrText xml:space="preserve"> DATE </w:instrText>'),
        `<w:del w:id="907" ${BY}>${run("<w:delText>3 January</w:delText>")}</w:del><w:ins w:id="908" ${BY}>${run("<w:t>4 January</w:t>")}</w:ins>`,
      ) + "</w:p>",
    ),
  ),
  tableReplacedWholeAsTracked: edit({
    [DOC]: (xml) =>
      mustReplace(
        xml,
        TABLE,
        ((t) => rowsTracked(t, "del", 950) + rowsTracked(t, "ins", 970))(TABLE.exec(xml ?? "")![0]),
      ),
  }),
  tablesWithAParagraphBetween: edit({ [DOC]: (xml) => mustReplace(xml, TABLE, "$&<w:p/>$&") }),
  tablesInControlsWithAParagraphBetween: edit({
    [DOC]: (xml) => mustReplace(xml, TABLE, inControl("$&") + inControl("<w:p/>$&")),
  }),
  noFinalSectPr: edit({ [DOC]: (xml) => mustReplace(xml, /<w:sectPr>[\s\S]*<\/w:sectPr>/, "") }),
};

const codesOf = (r: DocxCheckResult) => [...new Set(r.wordRules.map((f) => f.code))];

describe("Word rules check", () => {
  let good: Uint8Array;
  const bad = new Map<string, DocxCheckResult>();
  const passing = new Map<string, DocxCheckResult>();
  let goodResult: DocxCheckResult;

  beforeAll(async () => {
    good = await sampleDocx();
    const names = Object.keys(variants);
    const fineNames = Object.keys(fine);
    const bytes = await Promise.all([
      ...names.map((n) => variants[n]!.make(good)),
      ...fineNames.map((n) => fine[n]!(good)),
    ]);
    const results = await checkDocxAll([good, ...bytes]);
    goodResult = results[0]!;
    names.forEach((n, i) => bad.set(n, results[1 + i]!));
    fineNames.forEach((n, i) => passing.set(n, results[1 + names.length + i]!));
  }, 120_000);

  it("passes the known-good document (and the whole check passes it)", () => {
    expect(goodResult.wordRules).toEqual([]);
    expect(goodResult.errors).toEqual([]);
  });

  it.each(Object.keys(variants))("%s fails with its rule's code only", (name) => {
    const { code } = variants[name]!;
    const result = bad.get(name)!;
    expectWithMessage(codesOf(result), JSON.stringify(result.wordRules)).toEqual([code]);
    expect(result.ok).toBe(false);
    const finding = result.wordRules[0]!;
    expect(result.errors).toContain(
      `${finding.part}: ${code}: ${wordRule(code)!.reason} (${finding.detail})`,
    );
  });

  it.each(Object.keys(fine))("%s is what Word writes and passes", (name) => {
    expect(passing.get(name)!.wordRules).toEqual([]);
  });

  it("has a bad file for every rule, and every rule has a reason and a public source", () => {
    const tested = new Set(Object.values(variants).map((v) => v.code));
    for (const rule of WORD_RULES) {
      expectWithMessage(tested.has(rule.code), rule.code).toBe(true);
      expect(rule.code).toMatch(/^WORD_[A-Z_]+$/);
      expect(rule.reason.length).toBeGreaterThan(20);
      expect(rule.source).toMatch(/[\w.-]+\/[\w.-]+#\d+|https:\/\/|ECMA-376/);
    }
    expect(new Set(WORD_RULES.map((r) => r.code)).size).toBe(WORD_RULES.length);
  });

  it("names where a bad separator is and what is in it", () => {
    const found = bad.get("docxSeparators")!.wordRules;
    expect(found.map((f) => `${f.part} ${f.detail}`).sort()).toEqual([
      "word/endnotes.xml endnote -1 (separator) carries a w:endnoteRef",
      "word/endnotes.xml endnote 0 (continuationSeparator) carries a w:endnoteRef",
      "word/footnotes.xml footnote -1 (separator) carries a w:footnoteRef",
      "word/footnotes.xml footnote 0 (continuationSeparator) carries a w:footnoteRef",
    ]);
  });

  it("an allowed finding leaves the errors and the structured list", async () => {
    const bytes = await variants.newlineInText!.make(good);
    const [plain] = await checkDocxAll([bytes]);
    const [allowed] = await checkDocxAll([bytes], { allow: [/WORD_TEXT_NEWLINE/] });
    if (!plain || !allowed) throw new Error("no result");
    expect(plain.wordRules).toHaveLength(1);
    expect(allowed.wordRules).toEqual([]);
    expect(allowed.ok).toBe(true);
    expect(allowed.notes.some((n) => n.startsWith("allowed: word/document.xml: WORD_TEXT_NEWLINE"))).toBe(
      true,
    );
  });
});

describe("uriProblem (RFC 3986)", () => {
  it.each([
    "https://example.com/",
    "https://example.com/a%20b?x=1&y=2#frag",
    "mailto:someone@example.com",
    "http://[::1]/",
    "https://user@[v1.fe80::a+en1]:8080/",
    "relative/path?q",
    "https://例え.jp/パス",
  ])("accepts %s", (uri) => {
    expect(uriProblem(uri)).toBeUndefined();
  });

  it.each([
    ["https://example.com/a b", /character " "/],
    ["https://example.com/%zz", /"%zz" is not a percent-escape/],
    ["https://example.com/%4", /"%4" is not a percent-escape/],
    ["https://example.com/a[1]", /outside the host/],
    ["https://ex[ample.com/", /do not enclose an IP literal/],
    ["https://example.com/#a#b", /more than one '#'/],
    ["1ttp://example.com/", /not a URI scheme/],
    ["https://example.com/<x>", /character "<"/],
    ['https://example.com/"q"', /character "\\""/],
  ])("rejects %s", (uri, message) => {
    expect(uriProblem(uri)).toMatch(message);
  });
});
