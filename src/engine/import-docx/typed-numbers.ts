import type { Block, Inline, Paragraph } from "./model";
import { inlineText } from "./read-inline";

// Clause numbers typed at the start of a paragraph ("1.2 ", "(a) ", "(iv) ") instead of Word's automatic
// numbering: recognised, removed from the text and made numbering (a list item, or a numbered heading),
// so that they renumber like the rest. Only when the document types such numbers at least twice: a lone
// "1. " is more likely text. Levels come from the form: 1 / 1.1 / 1.1.1 by their dots, (a) one level
// below the last decimal number, (i) one below the last letter.

const DECIMAL = /^((?:\d{1,3}\.)+\d{0,3}|\d{1,3}\.)(?=[ \t\u00a0])/;
const PAREN = /^\(([a-z]{1,2}|[A-Z]{1,2}|[ivxlc]{1,6}|\d{1,3})\)(?=[ \t\u00a0])/;

type Typed = { label: string; length: number; family: "decimal" | "alpha" | "roman" | "upper" | "paren-decimal"; depth: number; value: number };

function romanValue(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i]!]!;
    const b = v[s[i + 1]!] ?? 0;
    total += a < b ? -a : a;
  }
  return total;
}

function parse(text: string, lastAlpha: number): Typed | undefined {
  const d = DECIMAL.exec(text);
  if (d) {
    const parts = d[1]!.split(".").filter((x) => x !== "");
    const space = /^[ \t\u00a0]+/.exec(text.slice(d[0].length))?.[0].length ?? 0;
    return { label: d[1]!, length: d[0].length + space, family: "decimal", depth: parts.length - 1, value: Number(parts[parts.length - 1]) };
  }
  const p = PAREN.exec(text);
  if (p) {
    const inner = p[1]!;
    const space = /^[ \t\u00a0]+/.exec(text.slice(p[0].length))?.[0].length ?? 0;
    const base = { label: p[0], length: p[0].length + space, depth: 0 };
    if (/^\d+$/.test(inner)) return { ...base, family: "paren-decimal", value: Number(inner) };
    const letterValue = inner.length === 1 ? inner.toLowerCase().charCodeAt(0) - 96 : 0;
    const isRoman = /^[ivxlc]+$/.test(inner) && !(letterValue > 0 && letterValue === lastAlpha + 1);
    if (isRoman) return { ...base, family: "roman", value: romanValue(inner) };
    if (/^[a-z]{1,2}$/.test(inner)) return { ...base, family: "alpha", value: (inner.length - 1) * 26 + letterValue };
    if (/^[A-Z]{1,2}$/.test(inner)) return { ...base, family: "upper", value: (inner.length - 1) * 26 + letterValue };
  }
  return undefined;
}

/** Removes the first `count` characters of text from the inlines. */
function stripStart(inlines: Inline[], count: number): Inline[] {
  let rest = count;
  const out: Inline[] = [];
  for (const i of inlines) {
    if (rest > 0 && i.kind === "text") {
      if (i.text.length <= rest) {
        rest -= i.text.length;
        continue;
      }
      out.push({ ...i, text: i.text.slice(rest) });
      rest = 0;
    } else out.push(i);
  }
  return out;
}

/** Recognises typed numbers in the top-level paragraphs (in place); returns how many it found. */
export function recogniseTypedNumbers(blocks: Block[]): number {
  const paragraphs = blocks.filter((b): b is Paragraph => b.kind === "paragraph" && b.list === undefined);
  let lastAlpha = 0;
  const found: Array<{ p: Paragraph; t: Typed }> = [];
  for (const p of paragraphs) {
    const t = parse(p.inlines.map(inlineText).join(""), lastAlpha);
    if (!t) continue;
    if (t.family === "alpha") lastAlpha = t.value;
    found.push({ p, t });
  }
  if (found.filter((f) => f.t.family === "decimal").length < 2 && found.length < 3) return 0;
  let decimalDepth = -1;
  let alphaDepth = -1;
  let romanDepth = -1;
  for (const { p, t } of found) {
    let level: number;
    switch (t.family) {
      case "decimal":
        level = t.depth;
        decimalDepth = level;
        alphaDepth = romanDepth = -1;
        break;
      case "alpha":
        level = decimalDepth + 1;
        alphaDepth = level;
        romanDepth = -1;
        break;
      case "roman":
        level = (alphaDepth >= 0 ? alphaDepth : decimalDepth) + 1;
        romanDepth = level;
        break;
      default:
        level = (romanDepth >= 0 ? romanDepth : alphaDepth >= 0 ? alphaDepth : decimalDepth) + 1;
    }
    p.inlines = stripStart(p.inlines, t.length);
    if (p.heading !== undefined) {
      p.typedHeadingNumber = t.label;
      continue;
    }
    p.list = {
      list: `typed:${t.family === "decimal" ? "d" : t.family}`,
      level: Math.max(0, Math.min(8, level)),
      ordered: true,
      value: Math.max(1, t.value),
      label: t.label,
      format: t.family,
      typed: true,
    };
    p.quote = false;
  }
  return found.length;
}
