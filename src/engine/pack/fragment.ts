import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from "fflate";
import { bookmarkRenamer } from "./bookmark-names";

// The insertable fragment: the same package without what an insert at the cursor must not bring.
// Word piles up styles over repeated inserts and ignores (or misapplies) section properties, so we
// drop the body's final <w:sectPr> and keep only the styles the content references, with the styles
// they are based on, linked to or followed by, and the defaults (w:default="1").
// The XML edited here is docx's own output, whose shape we know: <w:style> never nests and the
// body's <w:sectPr> is the last child of <w:body>.
// Read and written with fflate, the zip library docx itself packs with (no JSZip: it cost a cold
// Insert the loading of JSZip, pako and readable-stream, and pako's slower deflate; issue 15).

const STYLE_ELEMENT = /<w:style\b[^>]*>[\s\S]*?<\/w:style>/g;
const STYLE_REFERENCE = /<w:(?:pStyle|rStyle|tblStyle)\s+w:val="([^"]+)"/g;
const SCANNED = /^word\/(document|footnotes|endnotes|comments|numbering)\.xml$/;

// Parts are decoded and encoded as whole UTF-8 byte arrays (strFromU8, strToU8): never sliced, so a
// character outside the Basic Multilingual Plane (an emoji, a CJK extension character) stays whole.
// Found by the fuzz tests with JSZip, which encoded strings in 16 KB slices (tests/fuzz/regressions.test.ts).

export async function toFragment(
  bytes: Uint8Array,
  nonce = 0,
  keep: readonly string[] = [],
): Promise<Uint8Array> {
  const files = unzipSync(bytes);
  const text = (name: string): string => strFromU8(files[name]!);
  const documentXml = text("word/document.xml");
  const body = documentXml.replace(/<w:sectPr\b[\s\S]*?<\/w:sectPr>(?=<\/w:body>)/, "");

  const used = new Set<string>();
  for (const name of Object.keys(files)) {
    if (!SCANNED.test(name)) continue;
    const xml = name === "word/document.xml" ? documentXml : text(name);
    for (const m of xml.matchAll(STYLE_REFERENCE)) used.add(m[1]!);
  }
  // The same parts in the same order, two of them changed; DEFLATE at level 6, as JSZip wrote them.
  const out: Zippable = {};
  for (const [name, data] of Object.entries(files)) {
    out[name] =
      name === "word/document.xml"
        ? strToU8(uniqueBookmarks(body, nonce, keep))
        : name === "word/styles.xml"
          ? strToU8(pruneStyles(text(name), used))
          : data;
  }
  return zipSync(out, { level: 6 });
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
export function uniqueBookmarks(xml: string, nonce: number, keep: readonly string[] = []): string {
  const names = new Set<string>();
  for (const m of xml.matchAll(/<w:bookmarkStart\b[^>]*\bw:name="([^"]+)"/g)) names.add(m[1]!);
  if (names.size === 0) return xml;
  const renamed = bookmarkRenamer(names, nonce, keep);
  return xml
    .replace(
      /(<w:bookmarkStart\b[^>]*\bw:name=")([^"]+)"/g,
      (_, head: string, name: string) => `${head}${renamed(name)}"`,
    )
    .replace(
      /(<w:hyperlink\b[^>]*\bw:anchor=")([^"]+)"/g,
      (_, head: string, name: string) => `${head}${renamed(name)}"`,
    )
    .replace(
      /(<w:instrText\b[^>]*>)([^<]*)(<\/w:instrText>)/g,
      (_, open: string, text: string, close: string) => {
        const code = text.replace(
          /\b(PAGEREF|REF)(\s+)(\S+)/g,
          (all, field: string, space: string, name: string) =>
            names.has(name) ? `${field}${space}${renamed(name)}` : all,
        );
        return `${open}${code}${close}`;
      },
    );
}

