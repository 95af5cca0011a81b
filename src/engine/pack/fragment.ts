import JSZip from "jszip";

// The insertable fragment: the same package without what an insert at the cursor must not bring.
// Word piles up styles over repeated inserts and ignores (or misapplies) section properties, so we
// drop the body's final <w:sectPr> and keep only the styles the content references, with the styles
// they are based on, linked to or followed by, and the defaults (w:default="1").
// The XML edited here is docx's own output, whose shape we know: <w:style> never nests and the
// body's <w:sectPr> is the last child of <w:body>.

const STYLE_ELEMENT = /<w:style\b[^>]*>[\s\S]*?<\/w:style>/g;
const STYLE_REFERENCE = /<w:(?:pStyle|rStyle|tblStyle)\s+w:val="([^"]+)"/g;

// Parts go back into the zip as UTF-8 bytes, never as strings: JSZip encodes a string in 16 KB slices,
// and a slice that ends between the two halves of a surrogate pair (an emoji, a CJK extension character)
// turns both halves into U+FFFD. Found by the fuzz tests (tests/fuzz/regressions.test.ts).
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export async function toFragment(bytes: Uint8Array, nonce = 0): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const documentXml = await zip.file("word/document.xml")!.async("string");
  const body = documentXml.replace(/<w:sectPr\b[\s\S]*?<\/w:sectPr>(?=<\/w:body>)/, "");
  zip.file("word/document.xml", utf8(uniqueBookmarks(body, nonce)));

  const used = new Set<string>();
  for (const name of Object.keys(zip.files)) {
    if (!/^word\/(document|footnotes|endnotes|comments|numbering)\.xml$/.test(name)) continue;
    const xml = name === "word/document.xml" ? documentXml : await zip.file(name)!.async("string");
    for (const m of xml.matchAll(STYLE_REFERENCE)) used.add(m[1]!);
  }
  const stylesXml = await zip.file("word/styles.xml")!.async("string");
  zip.file("word/styles.xml", utf8(pruneStyles(stylesXml, used)));
  return zip.generateAsync({ type: "uint8array", compression: "DEFLATE", compressionOptions: { level: 6 } });
}

export function pruneStyles(stylesXml: string, used: ReadonlySet<string>): string {
  const styles = [...stylesXml.matchAll(STYLE_ELEMENT)].map((m) => ({
    xml: m[0],
    id: /w:styleId="([^"]+)"/.exec(m[0])?.[1] ?? "",
    isDefault: /^<w:style\b[^>]*w:default="(1|true)"/.test(m[0]),
    refs: [...m[0].matchAll(/<w:(?:basedOn|link|next)\s+w:val="([^"]+)"/g)].map((r) => r[1]!),
  }));
  const byId = new Map(styles.map((s) => [s.id, s]));
  const keep = new Set<string>();
  const visit = (id: string): void => {
    if (keep.has(id) || !byId.has(id)) return;
    keep.add(id);
    for (const ref of byId.get(id)!.refs) visit(ref);
  };
  for (const s of styles) if (s.isDefault) visit(s.id);
  for (const id of used) visit(id);
  return stylesXml.replace(STYLE_ELEMENT, (xml) => {
    const id = /w:styleId="([^"]+)"/.exec(xml)?.[1] ?? "";
    return keep.has(id) ? xml : "";
  });
}

/**
 * Bookmark names made this build's own: docx names the table of contents' heading bookmarks _Toc1,
 * _Toc2 … in every build, and a second insert of them into the same document would duplicate them
 * (Word then keeps one and the second table of contents points at the first insert's headings).
 * "_Toc1" becomes "_Toc1_<nonce in base 36>": still a hidden bookmark (a leading "_"), at most
 * 40 characters (Word's limit), renamed where it is defined (w:bookmarkStart w:name), linked
 * (w:hyperlink w:anchor) and referred to by a field (PAGEREF / REF).
 */
export function uniqueBookmarks(xml: string, nonce: number): string {
  const suffix = `_${(nonce >>> 0).toString(36)}`;
  const names = new Set<string>();
  for (const m of xml.matchAll(/<w:bookmarkStart\b[^>]*\bw:name="([^"]+)"/g)) names.add(m[1]!);
  if (names.size === 0) return xml;
  const renamed = (name: string) => (names.has(name) ? `${name.slice(0, 40 - suffix.length)}${suffix}` : name);
  return xml
    .replace(/(<w:bookmarkStart\b[^>]*\bw:name=")([^"]+)"/g, (_, head: string, name: string) => `${head}${renamed(name)}"`)
    .replace(/(<w:hyperlink\b[^>]*\bw:anchor=")([^"]+)"/g, (_, head: string, name: string) => `${head}${renamed(name)}"`)
    .replace(/(<w:instrText\b[^>]*>)([^<]*)(<\/w:instrText>)/g, (_, open: string, text: string, close: string) => {
      const code = text.replace(/\b(PAGEREF|REF)(\s+)(\S+)/g, (all, field: string, space: string, name: string) =>
        names.has(name) ? `${field}${space}${renamed(name)}` : all,
      );
      return `${open}${code}${close}`;
    });
}
