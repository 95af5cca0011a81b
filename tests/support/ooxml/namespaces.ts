// Namespace URIs the checker needs, and short prefixes to make validator messages readable.

export const NS = {
  w: "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  mc: "http://schemas.openxmlformats.org/markup-compatibility/2006",
  rel: "http://schemas.openxmlformats.org/package/2006/relationships",
  ct: "http://schemas.openxmlformats.org/package/2006/content-types",
  cp: "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
  ep: "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties",
  custom: "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties",
  vt: "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  wp: "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
  pic: "http://schemas.openxmlformats.org/drawingml/2006/picture",
  c: "http://schemas.openxmlformats.org/drawingml/2006/chart",
  cdr: "http://schemas.openxmlformats.org/drawingml/2006/chartDrawing",
  dgm: "http://schemas.openxmlformats.org/drawingml/2006/diagram",
  lc: "http://schemas.openxmlformats.org/drawingml/2006/lockedCanvas",
  m: "http://schemas.openxmlformats.org/officeDocument/2006/math",
  s: "http://schemas.openxmlformats.org/officeDocument/2006/sharedTypes",
  sl: "http://schemas.openxmlformats.org/schemaLibrary/2006/main",
  xml: "http://www.w3.org/XML/1998/namespace",
  dc: "http://purl.org/dc/elements/1.1/",
  dcterms: "http://purl.org/dc/terms/",
  xsi: "http://www.w3.org/2001/XMLSchema-instance",
} as const;

/**
 * What an ECMA-376-only consumer understands: the namespaces our schemas define. Used to choose an
 * mc:Choice (its Requires must all be understood); everything Microsoft adds (w14, w15, wp14, wps…) is not.
 */
export const UNDERSTOOD_NAMESPACES: ReadonlySet<string> = new Set([
  NS.w,
  NS.r,
  NS.a,
  NS.wp,
  NS.pic,
  NS.c,
  NS.cdr,
  NS.dgm,
  NS.lc,
  NS.m,
  NS.s,
  NS.sl,
  NS.xml,
]);

/** Root element ({ns}local) → what the part is; only these parts are schema-validated. */
export const VALIDATED_ROOTS: ReadonlyMap<string, string> = new Map([
  ...[
    "document",
    "hdr",
    "ftr",
    "footnotes",
    "endnotes",
    "comments",
    "settings",
    "fonts",
    "numbering",
    "styles",
    "webSettings",
    "glossaryDocument",
  ].map((n) => [`{${NS.w}}${n}`, `w:${n}`] as [string, string]),
  [`{${NS.cp}}coreProperties`, "core properties"],
  [`{${NS.ep}}Properties`, "extended (app) properties"],
  [`{${NS.custom}}Properties`, "custom properties"],
  [`{${NS.ct}}Types`, "content types"],
  [`{${NS.rel}}Relationships`, "relationships"],
  [`{${NS.a}}theme`, "theme"],
]);

// Microsoft extension namespaces docx and Word write (for messages only; none of them is understood).
const EXTENSIONS: Record<string, string> = {
  w14: "http://schemas.microsoft.com/office/word/2010/wordml",
  w15: "http://schemas.microsoft.com/office/word/2012/wordml",
  wp14: "http://schemas.microsoft.com/office/word/2010/wordprocessingDrawing",
  wps: "http://schemas.microsoft.com/office/word/2010/wordprocessingShape",
  wpg: "http://schemas.microsoft.com/office/word/2010/wordprocessingGroup",
  w16se: "http://schemas.microsoft.com/office/word/2015/wordml/symex",
  w16cid: "http://schemas.microsoft.com/office/word/2016/wordml/cid",
};

const SHORT = new Map<string, string>(
  [...Object.entries(NS), ...Object.entries(EXTENSIONS)].map(([prefix, uri]) => [uri, prefix]),
);

/** "{http://…/wordprocessingml/2006/main}p" → "w:p" in validator messages. */
export function shortenNames(message: string): string {
  return message.replace(/\{([^}]+)\}/g, (whole, uri: string) => {
    const prefix = SHORT.get(uri);
    return prefix ? `${prefix}:` : whole;
  });
}
