import { MAX_IMAGE_BYTES } from "../limits";
import { toBase64 } from "../pack/output";
import { excerpt, note, type FieldFrame, type ReadContext } from "./context";
import type { ControlInfo, Inline, Marks } from "./model";
import { plainText } from "./package";
import { attr, child, childrenNamed, descendants, elementsOf, textOf, toggle, val, type XmlElement } from "./xml";
import { readEntry } from "./zip";

// The content of one paragraph: runs with their formatting, links, breaks, footnote references, fields
// and content controls, as Inline values. A page break inside a paragraph is returned as a marker the
// paragraph reader splits at. Tracked changes are read as accepted (insertions kept, deletions left out)
// and listed; what has no Markdown form (text boxes, equations, charts) is listed with its text.

export type RawInline = Inline | { kind: "pagebreak" } | { kind: "toc" };

const SAFE_LINK = /^(https?:|mailto:)/i;
const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif" };
/** Wingdings and Symbol characters that are check boxes or ticks, as Unicode. */
const SYMBOLS: Record<string, string> = { F0A8: "☐", F06F: "☐", F0FE: "☑", F078: "☒", F0FD: "☒", F0FC: "✓", F0FB: "✗", F0B7: "•" };

export type InlineScope = { pStyle?: string; comments: Set<string> };

export function readInlines(ctx: ReadContext, nodes: readonly XmlElement[], scope: InlineScope): RawInline[] {
  const out: RawInline[] = [];
  for (const node of nodes) readNode(ctx, node, scope, out);
  return out;
}

/** Adds an inline where it belongs: the open field's result, or the paragraph. */
function emit(ctx: ReadContext, out: RawInline[], inline: RawInline): void {
  if (ctx.inToc) return;
  const field = ctx.fields[ctx.fields.length - 1];
  if (field?.phase === "result" && inline.kind !== "pagebreak" && inline.kind !== "toc") {
    if (field.action === "keep" || field.action === "link") field.result.push(inline as Inline);
    return;
  }
  if (field?.phase === "instr") return;
  out.push(inline);
}

function readNode(ctx: ReadContext, node: XmlElement, scope: InlineScope, out: RawInline[]): void {
  switch (node.name) {
    case "w:r":
      readRun(ctx, node, scope, out);
      return;
    case "w:hyperlink": {
      const inner: RawInline[] = [];
      for (const c of elementsOf(node)) readNode(ctx, c, scope, inner);
      const rel = ctx.pkg.rels.get(attr(node, "r:id") ?? "");
      const url = rel?.external ? rel.target + (attr(node, "w:anchor") ? `#${attr(node, "w:anchor")}` : "") : undefined;
      const children = inner.filter((i): i is Inline => i.kind !== "pagebreak" && i.kind !== "toc");
      if (url !== undefined && SAFE_LINK.test(url)) emit(ctx, out, { kind: "link", url, children });
      else {
        for (const i of children) emit(ctx, out, i);
        note(ctx, "DOCX_CHANGED", "link", url === undefined
          ? `A link to a place in the document (bookmark "${attr(node, "w:anchor") ?? "?"}") is kept as plain text: snippets link only to web addresses.`
          : `A link to "${excerpt(url)}" is kept as plain text: snippets link only to http, https and mailto addresses.`);
      }
      return;
    }
    case "w:ins":
    case "w:moveTo": {
      const before = out.length;
      for (const c of elementsOf(node)) readNode(ctx, c, scope, out);
      const text = out.slice(before).map(inlineText).join("");
      if (text.trim() !== "")
        note(ctx, "DOCX_CHANGED", "tracked-change", `A tracked insertion is accepted: "${excerpt(text)}".`);
      return;
    }
    case "w:del":
    case "w:moveFrom": {
      const text = descendants(node, "w:delText").map(textOf).join("") || descendants(node, "w:t").map(textOf).join("");
      if (text.trim() !== "")
        note(ctx, "DOCX_CHANGED", "tracked-change", `A tracked deletion is accepted (the text is left out): "${excerpt(text)}".`);
      return;
    }
    case "w:sdt":
      readInlineControl(ctx, node, scope, out);
      return;
    case "w:smartTag":
    case "w:customXml":
    case "w:dir":
    case "w:bdo":
      for (const c of elementsOf(node)) if (c.name !== "w:smartTagPr" && c.name !== "w:customXmlPr") readNode(ctx, c, scope, out);
      return;
    case "w:fldSimple": {
      beginField(ctx, attr(node, "w:instr") ?? "", out);
      const frame = ctx.fields[ctx.fields.length - 1]!;
      frame.phase = "result";
      decideField(ctx, frame, out);
      for (const c of elementsOf(node)) readNode(ctx, c, scope, out);
      endField(ctx, out);
      return;
    }
    case "m:oMath":
    case "m:oMathPara": {
      const text = descendants(node, "m:t").map(textOf).join("");
      note(ctx, "DOCX_NOT_KEPT", "equation", `An equation is not kept${text ? `: "${excerpt(text)}"` : ""}; write it as text or a picture.`);
      return;
    }
    default:
      return; // bookmarks, proofing marks, comment ranges, permissions: nothing to keep
  }
}

function readRun(ctx: ReadContext, run: XmlElement, scope: InlineScope, out: RawInline[]): void {
  const rPr = child(run, "w:rPr");
  const look = ctx.styles.marks(scope.pStyle, rPr);
  const marks: Marks = {};
  for (const k of ["bold", "italic", "underline", "strike", "sup", "sub", "highlight"] as const) if (look[k]) marks[k] = true;
  const text = (t: string): void => {
    if (t === "") return;
    if (look.hidden) {
      note(ctx, "DOCX_NOT_KEPT", "hidden-text", `Hidden text is left out: "${excerpt(t)}".`);
      return;
    }
    // All caps is a look, like a font: the text stays as written (what Word stores and copies), listed.
    if (look.caps)
      note(ctx, "DOCX_CHANGED", "formatting", `All-caps formatting is not kept: “${excerpt(t, 40)}” keeps the letters as written; type them in capitals where it matters.`);
    emit(ctx, out, { kind: "text", text: t, marks });
  };
  for (const c of elementsOf(run)) {
    switch (c.name) {
      case "w:t":
        text(textOf(c));
        break;
      case "w:tab":
      case "w:ptab":
        text(" ");
        break;
      case "w:noBreakHyphen":
        text("-");
        break;
      case "w:br":
      case "w:cr": {
        const type = attr(c, "w:type");
        if (type === "page") emit(ctx, out, { kind: "pagebreak" });
        else if (type !== "column") emit(ctx, out, { kind: "break" });
        break;
      }
      case "w:sym": {
        const code = (attr(c, "w:char") ?? "").toUpperCase().replace(/^F0/, "F0");
        const symbol = SYMBOLS[code.length === 4 ? code : `F0${code.slice(-2)}`];
        if (symbol) text(symbol);
        else note(ctx, "DOCX_NOT_KEPT", "symbol", `A symbol (${attr(c, "w:font") ?? "symbol font"} character ${attr(c, "w:char") ?? "?"}) is left out.`);
        break;
      }
      case "w:footnoteReference":
        emit(ctx, out, { kind: "footnote", id: `f${attr(c, "w:id") ?? ""}` });
        break;
      case "w:endnoteReference":
        emit(ctx, out, { kind: "footnote", id: `e${attr(c, "w:id") ?? ""}` });
        note(ctx, "DOCX_CHANGED", "endnote", "An endnote becomes a footnote: snippets have footnotes only.");
        break;
      case "w:commentReference":
        scope.comments.add(attr(c, "w:id") ?? "");
        break;
      case "w:fldChar":
        fieldChar(ctx, c, out);
        break;
      case "w:instrText": {
        const top = ctx.fields[ctx.fields.length - 1];
        if (top?.phase === "instr") top.instr += textOf(c);
        break;
      }
      case "w:drawing":
        readDrawing(ctx, c, out);
        break;
      case "mc:AlternateContent": {
        const choice = child(c, "mc:Choice");
        const drawing = choice ? descendants(choice, "w:drawing")[0] : undefined;
        if (drawing) readDrawing(ctx, drawing, out);
        else readLegacyObject(ctx, child(c, "mc:Fallback") ?? c);
        break;
      }
      case "w:pict":
      case "w:object":
        readLegacyObject(ctx, c);
        break;
      default:
        break; // w:rPr, w:lastRenderedPageBreak, w:softHyphen, w:footnoteRef (inside a footnote), …
    }
  }
}

function readDrawing(ctx: ReadContext, drawing: XmlElement, out: RawInline[]): void {
  const boxes = descendants(drawing, "w:txbxContent");
  if (boxes.length > 0) {
    const text = boxes.map(plainText).join(" / ");
    note(ctx, "DOCX_NOT_KEPT", "text-box", `A text box is not kept${text ? `; it reads "${excerpt(text, 80)}"` : ""}. Copy its text into the snippet if it belongs there.`);
    return;
  }
  const blip = descendants(drawing, "a:blip")[0];
  const rel = blip ? ctx.pkg.rels.get(attr(blip, "r:embed") ?? "") : undefined;
  const docPr = descendants(drawing, "wp:docPr")[0];
  const alt = (attr(docPr, "descr") ?? attr(docPr, "title") ?? "").trim();
  if (!rel || rel.external) {
    note(ctx, "DOCX_NOT_KEPT", "drawing", `A drawing, chart or shape${alt ? ` ("${excerpt(alt)}")` : ""} is not kept.`);
    return;
  }
  const extension = rel.target.slice(rel.target.lastIndexOf(".") + 1).toLowerCase();
  const mime = IMAGE_TYPES[extension];
  const entry = ctx.pkg.zip.entries.get(rel.target.toLowerCase());
  if (!mime || !entry || entry.size > MAX_IMAGE_BYTES) {
    note(ctx, "DOCX_NOT_KEPT", "image", `A picture (${extension.toUpperCase()}${entry && entry.size > MAX_IMAGE_BYTES ? ", over 5 MB" : ""}) is not kept: snippets hold PNG, JPEG and GIF pictures up to 5 MB.`);
    return;
  }
  const bytes = readEntry(ctx.pkg.zip, rel.target, MAX_IMAGE_BYTES);
  if (bytes) emit(ctx, out, { kind: "image", dataUri: `data:${mime};base64,${toBase64(bytes)}`, alt });
}

function readLegacyObject(ctx: ReadContext, el: XmlElement): void {
  const boxes = descendants(el, "w:txbxContent");
  const text = boxes.map(plainText).join(" / ");
  note(ctx, "DOCX_NOT_KEPT", boxes.length > 0 ? "text-box" : "drawing",
    boxes.length > 0
      ? `A text box is not kept${text ? `; it reads "${excerpt(text, 80)}"` : ""}. Copy its text into the snippet if it belongs there.`
      : "An embedded object or older-style drawing is not kept.");
}

// Fields (ECMA-376 17.16): PAGE and NUMPAGES become {{page}} and {{pages}}, a table of contents {{toc}},
// a mail-merge field or a legacy form field a variable, HYPERLINK a link; any other field keeps the text
// Word last showed for it, and is listed.

function fieldChar(ctx: ReadContext, c: XmlElement, out: RawInline[]): void {
  const type = attr(c, "w:fldCharType");
  if (type === "begin") {
    beginField(ctx, "", out);
    const ff = child(c, "w:ffData");
    if (ff) {
      const frame = ctx.fields[ctx.fields.length - 1]!;
      const name = val(ff, "w:name");
      const box = child(ff, "w:checkBox");
      const list = child(ff, "w:ddList");
      frame.form = box
        ? { kind: "checkbox", checked: toggle(box, "w:checked") ?? toggle(box, "w:default") ?? false }
        : list
          ? { kind: "dropdown", items: childrenNamed(list, "w:listEntry").map((e) => attr(e, "w:val") ?? "") }
          : { kind: "text" };
      if (name !== undefined) frame.form.name = name;
    }
  } else if (type === "separate") {
    const top = ctx.fields[ctx.fields.length - 1];
    if (top && top.phase === "instr") {
      top.phase = "result";
      decideField(ctx, top, out);
    }
  } else if (type === "end") endField(ctx, out);
}

function beginField(ctx: ReadContext, instr: string, _out: RawInline[]): void {
  ctx.fields.push({ instr, phase: "instr", result: [] });
}

function decideField(ctx: ReadContext, frame: FieldFrame, out: RawInline[]): void {
  const words = frame.instr.trim().split(/\s+/);
  const kind = (words[0] ?? "").toUpperCase();
  const quoted = /"([^"]*)"/.exec(frame.instr)?.[1];
  if (kind === "PAGE") frame.replacement = { kind: "field", field: "page" };
  else if (kind === "NUMPAGES" || kind === "SECTIONPAGES") frame.replacement = { kind: "field", field: "pages" };
  else if (kind === "DATE" || kind === "TIME") {
    frame.replacement = { kind: "field", field: "today" };
    note(ctx, "DOCX_CHANGED", "field", `A ${kind} field becomes {{today}}, the date the document is built.`);
  } else if (kind === "MERGEFIELD") {
    const name = (words[1] ?? "field").replace(/^"|"$/g, "");
    frame.replacement = { kind: "merge", name, text: `«${name}»` };
  } else if (kind === "FORMTEXT" || kind === "FORMCHECKBOX" || kind === "FORMDROPDOWN") {
    const form = frame.form ?? { kind: kind === "FORMCHECKBOX" ? "checkbox" : kind === "FORMDROPDOWN" ? "dropdown" : "text" };
    const control: ControlInfo =
      form.kind === "checkbox"
        ? { kind: "checkbox", checked: form.checked ?? false }
        : form.kind === "dropdown"
          ? { kind: "choice", items: form.items ?? [] }
          : { kind: "text" };
    if (form.name) control.tag = form.name;
    frame.action = "keep";
    frame.replacement = { kind: "control", control, children: [] };
    return;
  } else if (kind === "TOC") {
    frame.action = "drop";
    emit(ctx, out, { kind: "toc" });
    ctx.inToc = true;
    return;
  } else if (kind === "HYPERLINK" && quoted !== undefined && !/\\l/.test(frame.instr) && SAFE_LINK.test(quoted)) {
    frame.action = "link";
    frame.url = quoted;
    return;
  } else {
    frame.action = "keep";
    if (kind !== "")
      note(ctx, "DOCX_CHANGED", "field", `A ${kind} field is kept as the text Word last showed for it; it will not update.`);
    return;
  }
  frame.action = "replace";
}

function endField(ctx: ReadContext, out: RawInline[]): void {
  const frame = ctx.fields.pop();
  if (!frame) return;
  if (frame.phase === "instr") decideField(ctx, frame, out);
  if (frame.action === "drop") {
    ctx.inToc = ctx.fields.some((f) => f.action === "drop");
    return;
  }
  if (frame.replacement?.kind === "control") {
    emit(ctx, out, { ...frame.replacement, children: frame.result });
  } else if (frame.action === "replace" && frame.replacement) emit(ctx, out, frame.replacement);
  else if (frame.action === "link" && frame.url) emit(ctx, out, { kind: "link", url: frame.url, children: frame.result });
  else for (const i of frame.result) emit(ctx, out, i);
}

/** At a paragraph's end, an open field's result so far stays in that paragraph. */
export function flushOpenFields(ctx: ReadContext, out: RawInline[]): void {
  for (const frame of ctx.fields) {
    if (frame.action === "keep" || frame.action === "link") {
      if (frame.replacement?.kind === "control") continue;
      out.push(...frame.result);
      frame.result = [];
    }
  }
}

// Content controls (w:sdt, ECMA-376 17.5.2): inline ones are fill-ins, and become variables.

export function controlInfo(sdtPr: XmlElement | undefined): ControlInfo | "toc" | undefined {
  if (!sdtPr) return { kind: "text" };
  const tag = val(sdtPr, "w:tag");
  const alias = val(sdtPr, "w:alias");
  const named = { ...(tag ? { tag } : {}), ...(alias ? { alias } : {}) };
  const gallery = val(child(sdtPr, "w:docPartObj"), "w:docPartGallery");
  if (gallery !== undefined) return /table of contents/i.test(gallery) ? "toc" : undefined;
  const date = child(sdtPr, "w:date");
  if (date) {
    const format = val(date, "w:dateFormat");
    return { kind: "date", ...named, ...(format ? { dateFormat: format } : {}) };
  }
  const list = child(sdtPr, "w:dropDownList") ?? child(sdtPr, "w:comboBox");
  if (list)
    return {
      kind: "choice",
      ...named,
      items: childrenNamed(list, "w:listItem").map((i) => attr(i, "w:displayText") ?? attr(i, "w:value") ?? "").filter((s) => s !== ""),
    };
  const box = child(sdtPr, "w14:checkbox");
  if (box) {
    const checked = child(box, "w14:checked")?.attrs["w14:val"];
    return { kind: "checkbox", ...named, checked: checked === "1" || checked === "true" };
  }
  if (["w:group", "w:citation", "w:bibliography", "w:equation", "w:picture"].some((n) => child(sdtPr, n))) return undefined;
  const text = child(sdtPr, "w:text");
  const multi = attr(text, "w:multiLine");
  return { kind: "text", ...named, ...(multi === "1" || multi === "true" ? { multiline: true } : {}) };
}

function readInlineControl(ctx: ReadContext, sdt: XmlElement, scope: InlineScope, out: RawInline[]): void {
  const info = controlInfo(child(sdt, "w:sdtPr"));
  const content = elementsOf(child(sdt, "w:sdtContent") ?? { name: "", attrs: {}, children: [] });
  if (info === "toc") {
    emit(ctx, out, { kind: "toc" });
    return;
  }
  if (info === undefined) {
    for (const c of content) readNode(ctx, c, scope, out);
    return;
  }
  const inner: RawInline[] = [];
  for (const c of content) readNode(ctx, c, scope, inner);
  emit(ctx, out, { kind: "control", control: info, children: inner.filter(isInline) });
}

const isInline = (i: RawInline): i is Inline => i.kind !== "pagebreak" && i.kind !== "toc";

export function inlineText(i: RawInline): string {
  switch (i.kind) {
    case "text":
      return i.text;
    case "link":
    case "control":
      return i.children.map(inlineText).join("");
    case "merge":
      return i.text;
    case "break":
      return "\n";
    default:
      return "";
  }
}
