// The paragraph mark that ends a story — the body, a table cell, a note, a comment, a header or footer,
// a text box — is never a tracked insertion or deletion. A deleted (inserted) mark joins its paragraph to
// the next one when the change is accepted (rejected); the last paragraph has no next one, so the mark
// states an edit that cannot be carried out: Word keeps the mark, and other consumers refuse the package.
// A story may end inside a block content control: its last paragraph is then the story's.

import { NS } from "../ooxml/namespaces";
import type { XmlElement } from "../ooxml/xml-lite";
import { kids, wKids } from "./context";
import type { WordRule } from "./rule";

const CONTAINERS = new Set(["body", "tc", "footnote", "endnote", "comment", "hdr", "ftr", "txbxContent"]);
const MARK_CHANGES = ["ins", "del", "moveFrom", "moveTo"];

/** The paragraph that ends a container, through trailing block content controls (none if a table ends it). */
function lastParagraph(container: XmlElement): XmlElement | undefined {
  const blocks = kids(container).filter(
    (c) => c.ns === NS.w && (c.local === "p" || c.local === "tbl" || c.local === "sdt"),
  );
  const last = blocks.at(-1);
  if (!last || last.local === "tbl") return undefined;
  if (last.local === "p") return last;
  const content = wKids(last, "sdtContent")[0];
  return content ? lastParagraph(content) : undefined;
}

export const lastMarkRevision: WordRule = {
  code: "WORD_LAST_MARK_REVISION",
  reason:
    "the paragraph mark that ends a story (body, table cell, note, header, footer, text box) is not inserted or deleted: no paragraph follows for it to join",
  source:
    "stella/folio#730 (a container's final paragraph mark deleted: the package refused), JSv4/Docxodus#789 (the final paragraph mark of a cell, note or content control is kept)",
  check(ctx, report) {
    for (const part of ctx.stories) {
      const root = ctx.pkg.xml.get(part);
      if (!root) continue;
      const visit = (el: XmlElement) => {
        for (const c of kids(el)) {
          if (c.ns === NS.w && CONTAINERS.has(c.local)) {
            const p = lastParagraph(c);
            const rPr = p && wKids(wKids(p, "pPr")[0] ?? p, "rPr")[0];
            const change = rPr && kids(rPr).find((k) => k.ns === NS.w && MARK_CHANGES.includes(k.local));
            if (change)
              report(part, `the last paragraph of a w:${c.local} has its mark in w:${change.local}`);
          }
          visit(c);
        }
      };
      visit(root);
    }
  },
};
