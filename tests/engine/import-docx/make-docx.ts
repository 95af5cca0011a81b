// Small .docx packages written by hand for the import tests: the XML of each part as given, zipped with
// fflate, so a test states exactly the WordprocessingML it reads (content controls, fields, tracked
// changes — what the docx package cannot write) and hostile packages can be made on purpose.

import { strToU8, zipSync, type Zippable } from "fflate";

export const W_NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';

export type DocxParts = {
  /** The inside of <w:body>. */
  body: string;
  styles?: string;
  numbering?: string;
  footnotes?: string;
  comments?: string;
  /** Extra relationships of document.xml: [id, type (last segment), target, external?]. */
  rels?: Array<[string, string, string, boolean?]>;
  /** Any other parts, as they are. */
  extra?: Record<string, Uint8Array | string>;
};

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

export function makeDocx(parts: DocxParts): Uint8Array {
  const rels: Array<[string, string, string, boolean?]> = [...(parts.rels ?? [])];
  if (parts.styles) rels.push(["rStyles", "styles", "styles.xml"]);
  if (parts.numbering) rels.push(["rNumbering", "numbering", "numbering.xml"]);
  if (parts.footnotes) rels.push(["rFootnotes", "footnotes", "footnotes.xml"]);
  if (parts.comments) rels.push(["rComments", "comments", "comments.xml"]);
  const files: Zippable = {
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    "word/document.xml": strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W_NS}><w:body>${parts.body}</w:body></w:document>`),
    "word/_rels/document.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels
        .map(([id, type, target, external]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"${external ? ' TargetMode="External"' : ""}/>`)
        .join("")}</Relationships>`,
    ),
  };
  const part = (name: string, root: string, inner: string | undefined) => {
    if (inner !== undefined) files[`word/${name}`] = strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:${root} ${W_NS}>${inner}</w:${root}>`);
  };
  part("styles.xml", "styles", parts.styles);
  part("numbering.xml", "numbering", parts.numbering);
  part("footnotes.xml", "footnotes", parts.footnotes);
  part("comments.xml", "comments", parts.comments);
  for (const [name, data] of Object.entries(parts.extra ?? {})) files[name] = typeof data === "string" ? strToU8(data) : data;
  return zipSync(files);
}

/** A paragraph: `p("text")`, with a style, numbering or raw runs. */
export function p(content: string, props = ""): string {
  const runs = content.startsWith("<") ? content : r(content);
  return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ""}${runs}</w:p>`;
}

/** A run of text, with run properties (e.g. "<w:b/>"). */
export function r(text: string, props = ""): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${escaped}</w:t></w:r>`;
}

export const style = (id: string) => `<w:pStyle w:val="${id}"/>`;
export const num = (numId: number, ilvl = 0) => `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`;

/** Heading 1–3 and Quote, as Word defines them (outline levels). */
export const STYLES = [1, 2, 3]
  .map((n) => `<w:style w:type="paragraph" w:styleId="Heading${n}"><w:name w:val="heading ${n}"/><w:pPr><w:outlineLvl w:val="${n - 1}"/></w:pPr></w:style>`)
  .join("") +
  '<w:style w:type="paragraph" w:styleId="Quote"><w:name w:val="Quote"/></w:style>' +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>';

/** numId 1: decimal "1." / "a." / "i."; numId 2: bullets; numId 3: legal "1." / "1.1" / "(a)". */
export const NUMBERING =
  '<w:abstractNum w:abstractNumId="0">' +
  ['decimal:%1.', 'lowerLetter:%2.', 'lowerRoman:%3.']
    .map((d, i) => `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${d.split(":")[0]}"/><w:lvlText w:val="${d.split(":")[1]}"/></w:lvl>`)
    .join("") +
  '</w:abstractNum><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/></w:lvl></w:abstractNum>' +
  '<w:abstractNum w:abstractNumId="2">' +
  ['decimal:%1.', 'decimal:%1.%2', 'lowerLetter:(%3)']
    .map((d, i) => `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${d.split(":")[0]}"/><w:lvlText w:val="${d.split(":")[1]}"/></w:lvl>`)
    .join("") +
  '</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>';
