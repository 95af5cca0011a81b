// Text and inline structure: newlines inside w:t, content controls beside runs in table cells.

import type { XmlElement } from "../ooxml/xml-lite";
import { isW, kids, textOf } from "./context";
import type { WordRule } from "./rule";

export const textNewline: WordRule = {
  code: "WORD_TEXT_NEWLINE",
  reason: "w:t must not contain a line feed or carriage return; Word writes a line break as <w:br/>",
  source: "anthropics/skills#1569, anthropics/skills#1060",
  check(ctx, report) {
    for (const part of ctx.stories) {
      for (const local of ["t", "delText"]) {
        for (const t of ctx.w(part, local)) {
          const text = textOf(t);
          const at = text.search(/[\r\n]/);
          if (at === -1) continue;
          const around = JSON.stringify(text.slice(Math.max(0, at - 20), at + 20));
          report(
            part,
            `w:${local} holds a ${text[at] === "\n" ? "line feed" : "carriage return"}: ${around}`,
          );
        }
      }
    }
  },
};

export const sdtInCell: WordRule = {
  code: "WORD_SDT_IN_CELL",
  reason: "in a table cell, a paragraph must not hold a w:sdt and plain w:r runs side by side",
  source: "superdoc/docx-editor#518",
  check(ctx, report) {
    for (const part of ctx.stories) {
      const seen = new Set<XmlElement>();
      for (const tc of ctx.w(part, "tc")) {
        for (const p of descendantsNamed(tc, "p")) {
          if (seen.has(p)) continue;
          seen.add(p);
          const children = kids(p);
          if (children.some((c) => isW(c, "sdt")) && children.some((c) => isW(c, "r"))) {
            report(
              part,
              `a paragraph in a table cell holds w:sdt and w:r as siblings: "${textOf(p).slice(0, 40)}"`,
            );
          }
        }
      }
    }
  },
};

function descendantsNamed(root: XmlElement, local: string) {
  const out: XmlElement[] = [];
  const visit = (el: XmlElement): void => {
    for (const c of kids(el)) {
      if (isW(c, local)) out.push(c);
      visit(c);
    }
  };
  visit(root);
  return out;
}
