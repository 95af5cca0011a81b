import type { DocumentProperties } from "../model/types";

// docProps/core.xml and docProps/app.xml written by us (docx has no field for cp:category or the
// app's Company) and handed to docx's Packer as overrides, so the zip is built once.

const escapeXml = (text: string): string =>
  text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);

const el = (name: string, value: string | undefined): string =>
  value === undefined || value === "" ? "" : `<${name}>${escapeXml(value)}</${name}>`;

export function coreXml(props: DocumentProperties, when: Date): string {
  const stamp = when.toISOString().replace(/\.\d{3}Z$/, "Z");
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"' +
    ' xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    el("dc:title", props.title) +
    el("dc:subject", props.subject) +
    el("dc:creator", props.author ?? "Sectionsmith") +
    el("cp:keywords", props.keywords?.join(", ")) +
    el("dc:description", props.description) +
    el("cp:category", props.category) +
    el("cp:lastModifiedBy", props.author ?? "Sectionsmith") +
    "<cp:revision>1</cp:revision>" +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
    "</cp:coreProperties>"
  );
}

export function appXml(props: DocumentProperties): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"' +
    ' xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">' +
    "<Application>Sectionsmith</Application>" +
    el("Company", props.company) +
    "</Properties>"
  );
}
