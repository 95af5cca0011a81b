// html-to-docx: the other common route — render HTML (here by string building, as a template engine
// would) and convert it. Timed: building the HTML from the data, and the conversion including its zip.
//
// Limits (stated in the report): HTML has no footnotes, so each footnote becomes a superscript marker and
// a note paragraph at the end of its section (two more body paragraphs per section); html-to-docx stores
// its zip uncompressed (its own choice, not configurable), so its files are larger.

import HTMLtoDOCX from "html-to-docx";
import { createFormatters, INTRO, TABLE_HEAD, type SectionContent, type Spans } from "../../fixtures/document";
import type { Contender } from "./types";

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const spans = (s: Spans): string => `${esc(s[0])} <strong>${esc(s[1])}</strong> ${esc(s[2])} <em>${esc(s[3])}</em> ${esc(s[4])}`;

export function benchHtml(sections: readonly SectionContent[]): string {
  const f = createFormatters();
  const out: string[] = ["<!doctype html><html><body>"];
  for (const s of sections) {
    const v = s.values;
    out.push(`<h1>${esc(s.title)}</h1>`);
    out.push(`<p>${INTRO[0]}${esc(v.client)}${INTRO[1]}${esc(f.date(v.start))}${INTRO[2]}${esc(f.money(v.fee))}${INTRO[3]}</p>`);
    out.push(`<p>${spans(s.paras[0]!)}<sup>1</sup></p>`);
    for (const p of s.paras.slice(1)) out.push(`<p>${spans(p)}</p>`);
    out.push(`<h2>${esc(s.sub1)}</h2>`);
    out.push(`<p>${v.mutual ? esc(s.mutualText) : `${esc(v.client)} ${esc(s.oneWayText)}`}</p>`);
    out.push("<ol>");
    for (const o of s.ordered) {
      const nested = o.children ? `<ul>${o.children.map((c) => `<li>${esc(c)}</li>`).join("")}</ul>` : "";
      out.push(`<li>${esc(o.text)}${nested}</li>`);
    }
    out.push("</ol>");
    out.push(`<ul>${s.bullets.map((b) => `<li>${esc(b)}</li>`).join("")}</ul>`);
    out.push(
      `<table><thead><tr>${TABLE_HEAD.map((h, i) => `<th style="text-align:${i === 0 ? "left" : "right"}">${h}</th>`).join("")}</tr></thead><tbody>` +
        v.rows
          .map((r) => `<tr><td>${esc(r.item)}</td><td style="text-align:right">${r.qty}</td><td style="text-align:right">${esc(f.money(r.price))}</td></tr>`)
          .join("") +
        "</tbody></table>",
    );
    out.push(`<h2>${esc(s.sub2)}</h2>`);
    out.push(`<p>${spans(s.closing[0]!)}</p>`);
    out.push(`<p>${spans(s.closing[1]!)}<sup>2</sup></p>`);
    out.push(`<p><sup>1</sup>${esc(s.footnotes[0])}</p><p><sup>2</sup>${esc(s.footnotes[1])}</p>`);
  }
  out.push("</body></html>");
  return out.join("");
}

export const htmlToDocxContender: Contender<readonly SectionContent[]> = {
  name: "html-to-docx",
  key: "html-to-docx",
  prepare: async (sections) => sections,
  async run(sections, mark) {
    const html = benchHtml(sections);
    mark("html");
    const out = (await HTMLtoDOCX(html, null, { title: "Benchmark document", font: "Calibri", fontSize: 22 })) as unknown;
    mark("convert");
    if (out instanceof Uint8Array) return out;
    throw new Error("html-to-docx returned something other than a Buffer");
  },
  adjust: (e, sections) => ({
    ...e,
    paragraphs: e.paragraphs + 2 * sections.length,
    footnoteReferences: 0,
    // The two markers, and the two notes each with its marker, are body text here.
    textChars: e.textChars + sections.reduce((n, s) => n + 4 + s.footnotes[0].length + s.footnotes[1].length, 0),
  }),
  caveat:
    "html-to-docx: HTML has no footnotes (markers plus note paragraphs at each section's end instead), and it stores its zip uncompressed.",
};
