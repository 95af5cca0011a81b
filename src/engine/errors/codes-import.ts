import type { CodeInfo } from "./codes";

// Importing a Word document as snippets (src/engine/import-docx; docs/cli.md › import-docx and
// docs/task-pane.md › Import from a Word document). Refusals are errors and stop the whole import;
// what the library format cannot hold, or holds in another form, is a warning at its place in the report.
export const IMPORT_CODES = {
  DOCX_NOT_DOCX: {
    severity: "error",
    title: "The file is not a Word document (.docx)",
    fix: "Open it in Word and save it as a Word Document (.docx); a Word 97–2003 .doc or a password-protected file must be saved again without a password.",
    example: "sectionsmith import-docx notes.txt",
  },
  DOCX_ZIP_DAMAGED: {
    severity: "error",
    title: "The .docx package is damaged or cut short",
    fix: "Open the document in Word (it may offer to repair it) and save it again, or take a fresh copy.",
    example: "a .docx whose download stopped halfway",
  },
  DOCX_ZIP_UNSUPPORTED: {
    severity: "error",
    title: "The .docx package uses zip features Word documents do not (encryption, Zip64, other compression)",
    fix: "Open the document in Word and save it again as .docx.",
    example: "a .docx re-zipped with AES encryption",
  },
  DOCX_PART_MISSING: {
    severity: "error",
    title: "The package has no Word document body (word/document.xml)",
    fix: "Check that it is a Word document and not an Excel or PowerPoint file renamed to .docx.",
    example: "book.xlsx renamed to book.docx",
  },
  DOCX_XML_INVALID: {
    severity: "error",
    title: "A part of the .docx is not well-formed XML",
    fix: "Open the document in Word (which repairs what it can) and save it again; the message gives the part, line and column.",
    example: "word/document.xml with an unclosed <w:p>",
  },
  DOCX_XML_DOCTYPE: {
    severity: "error",
    title: "A part of the .docx declares a DOCTYPE, which Word refuses",
    fix: "The file was not saved by Word or was tampered with: open the original in Word and save it again.",
    example: '<!DOCTYPE w:document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
  },
  DOCX_EMPTY: {
    severity: "error",
    title: "The document has no text to import",
    fix: "Check that the right document was chosen; text in text boxes, headers and footers is not imported.",
    example: "a document that is one picture",
  },
  DOCX_NOT_KEPT: {
    severity: "warning",
    title: "Something in the document cannot be kept in a snippet and was left out",
    fix: "The report says what and where; add it to the snippet by hand if it matters (a picture as a PNG, a text box's text as a paragraph).",
    example: "a text box, a chart, an equation, a header, a field other than page numbers",
  },
  DOCX_CHANGED: {
    severity: "warning",
    title: "Something in the document is kept in another form than Word's",
    fix: "Check the snippet in the report: tracked changes are accepted, comments become drafting notes, merged cells are split, and numbering Word shows differently is written as the library format numbers it.",
    example: "a tracked deletion, a comment, a merged table cell, the clause label “Article 1”",
  },
  DOCX_DUPLICATE: {
    severity: "warning",
    title: "An imported clause has the same or nearly the same words as another",
    fix: "Choose in the report: skip it, keep it as a new version of the other snippet, or keep it as a snippet of its own.",
    example: "“Confidentiality” in the document and “confidentiality” in the library differ in 3 of 120 words",
  },
} as const satisfies Record<string, CodeInfo>;
