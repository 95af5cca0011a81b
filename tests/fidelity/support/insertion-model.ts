// A MODEL of what Word does when a .docx is inserted into an open document at the cursor
// (Range/Paragraph.insertFileFromBase64, WordApi 1.1) — not Word itself. Word is not available on
// these machines; each rule below is Word's documented or publicly reported behaviour, with its source,
// so a test can ask "does our fragment survive what Word does to it?" and a reader can check the rule.
// When Word is found to behave otherwise, change the rule and its source here, not the tests.
//
// Rules (each a function below):
//  1. styles      — a style whose name the host already has keeps the HOST's definition; other styles
//                   are added (office-js#4417: inserts pile up new styles; Word's paste/insert rule
//                   "use destination styles"; the host's document defaults stay).
//     1b. importStyles: true (Document.insertFileFromBase64's InsertFileOptions, WordApi 1.5:
//                   "If provided, specifies whether the styles from the source document should be
//                   imported" — https://learn.microsoft.com/en-us/javascript/api/word/word.insertfileoptions
//                   #word-word-insertfileoptions-importstyles-member): the FILE's definition of a style
//                   name the host has replaces the host's, for the whole document (the host's own
//                   paragraphs of that style change too), as Word's Organizer overwrites a style entry
//                   of the same name; the style keeps the host's id. What Learn does not say, and the
//                   model assumes: "import" means overwrite on a name clash. Not modelled: office-js
//                   #3929 reports that only the styles the inserted content uses come along — every
//                   style in our fragments is one it uses or one they are based on; and the file's
//                   document defaults (w:docDefaults, where our body font is) stay the host's.
//  2. numbering   — the fragment's list definitions and instances are imported as new lists, with new
//                   w:abstractNumId and w:numId, never joined to the host's lists (office-js#3455).
//                   Not modelled: Word matching a pasted list to a host list with the same w:nsid
//                   (ECMA-376 17.9.15 note) — our nsids are our own, so a host has them only from our
//                   own earlier inserts.
//  3. final mark  — the fragment's final paragraph mark is not inserted: the last paragraph's content
//                   joins the host paragraph at the cursor and takes that paragraph's properties, so it
//                   loses its own style and list numbering (office-js#3222).
//  4. sections    — a range insert brings no section properties, headers or footers: the fragment's
//                   w:sectPr (body or paragraph) is dropped and the host's page setup stays
//                   (Word.Range.insertFileFromBase64 docs; Document.insertFileFromBase64 in WordApi 1.5
//                   is the call that can bring them).
//  5. notes, comments, links — footnotes and comments the content refers to come along with new ids;
//                   relationships the content uses (hyperlinks, pictures) are added to the host.
//  6. content controls — block-level w:sdt in the file arrive as content controls in the host with their
//                   tag and title (Word.ContentControl docs: controls in an inserted file are listed in
//                   Document.contentControls); the model keeps them as they are. The file's final
//                   paragraph (rule 3) is our trailing plain paragraph, outside every control.
//
// The cursor is the host body's last paragraph (an empty one, as when a drafter puts the cursor on a
// new line at the end). Extend with care: keep one function per rule, each with its source.

import { NS, OpcPackage, REL, CONTENT_TYPE, setWAttr, wAll, wAttr, wChildren, wVal } from "./opc-dom";

export type InsertOptions = {
  /** InsertFileOptions.importStyles (rule 1b): the fragment's style definitions win by name. */
  importStyles?: boolean;
};

export type InsertLog = {
  /** Fragment style ids whose name the host has: the host's definition is used. */
  stylesKept: string[];
  /** Fragment style ids whose name the host has, with importStyles: the fragment's definition replaced the host's. */
  stylesReplaced: string[];
  /** Fragment style ids added to the host (renamed ones as "old→new"). */
  stylesAdded: string[];
  /** Fragment w:numId → host w:numId. */
  numIds: Record<string, string>;
  /** Fragment w:abstractNumId → host w:abstractNumId. */
  abstractNumIds: Record<string, string>;
  /** Whether the fragment's last paragraph was merged into the cursor paragraph (rule 3). */
  finalParagraphMerged: boolean;
  /** What rule 4 dropped. */
  dropped: string[];
};

const DOC = "word/document.xml";

export async function insertFragment(
  host: Uint8Array,
  fragment: Uint8Array,
  options: InsertOptions = {},
): Promise<{ bytes: Uint8Array; log: InsertLog }> {
  const h = await OpcPackage.load(host);
  const f = await OpcPackage.load(fragment);
  const log: InsertLog = {
    stylesKept: [],
    stylesReplaced: [],
    stylesAdded: [],
    numIds: {},
    abstractNumIds: {},
    finalParagraphMerged: false,
    dropped: [],
  };
  const styleIds = await mergeStyles(h, f, log, options.importStyles === true);
  const numIds = await importNumbering(h, f, styleIds, log);

  const hostDoc = await h.mustXml(DOC);
  const hostBody = wChildren(hostDoc.documentElement, "body")[0]!;
  const fragBody = wChildren((await f.mustXml(DOC)).documentElement, "body")[0]!;
  const blocks = dropSections(wChildren(fragBody), log).map((b) => hostDoc.importNode(b, true) as Element);

  for (const block of blocks) {
    remapStyles(block, styleIds);
    for (const numId of wAll(block, "numId")) {
      const to = numIds.get(wAttr(numId, "val")!);
      if (to) setWAttr(numId, "val", to);
    }
  }
  await importNotes(h, f, blocks, styleIds);
  await importComments(h, f, blocks);
  await importRelationships(h, f, DOC, blocks);
  renumberBookmarks(hostDoc, blocks);

  const cursor = wChildren(hostBody, "p").at(-1);
  if (!cursor) throw new Error("the host needs a paragraph at the end for the cursor");
  const last = blocks.at(-1);
  if (last && last.localName === "p") {
    mergeFinalParagraph(last, cursor);
    blocks.pop();
    log.finalParagraphMerged = true;
  }
  for (const block of blocks) hostBody.insertBefore(block, cursor);
  return { bytes: await h.save(), log };
}

/**
 * Rule 1: host styles win by name; new ones are added (renamed if their id is taken by another name).
 * Rule 1b (importStyles): the fragment's definition replaces the host's of the same name, under the host's id.
 */
async function mergeStyles(
  h: OpcPackage,
  f: OpcPackage,
  log: InsertLog,
  importStyles: boolean,
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const hostStyles = await h.mustXml("word/styles.xml");
  const fragStyles = await f.xml("word/styles.xml");
  if (!fragStyles) return map;
  const hostList = wChildren(hostStyles.documentElement, "style");
  const nameOf = (s: Element) => (wVal(s, "name") ?? "").toLowerCase();
  const byName = new Map(hostList.map((s) => [nameOf(s), wAttr(s, "styleId")!]));
  const ids = new Set(hostList.map((s) => wAttr(s, "styleId")!));
  const added: Element[] = [];
  const replaced: Array<{ copy: Element; old: Element }> = [];
  for (const style of wChildren(fragStyles.documentElement, "style")) {
    const id = wAttr(style, "styleId")!;
    const hostId = byName.get(nameOf(style));
    if (hostId !== undefined) {
      map.set(id, hostId);
      if (!importStyles) {
        log.stylesKept.push(id);
        continue;
      }
      const old = hostList.find((s) => wAttr(s, "styleId") === hostId)!;
      const copy = hostStyles.importNode(style, true) as Element;
      setWAttr(copy, "styleId", hostId);
      // Whether it is the default of its type stays the host's (Normal stays the default paragraph style).
      copy.removeAttributeNS(NS.w, "default");
      if (old.getAttributeNS(NS.w, "default") !== null) setWAttr(copy, "default", old.getAttributeNS(NS.w, "default")!);
      replaced.push({ copy, old });
      log.stylesReplaced.push(id);
      continue;
    }
    let newId = id;
    for (let n = 1; ids.has(newId); n++) newId = `${id}${n}`;
    ids.add(newId);
    map.set(id, newId);
    const copy = hostStyles.importNode(style, true) as Element;
    setWAttr(copy, "styleId", newId);
    // A new style is never the host's default of its type.
    copy.removeAttributeNS(NS.w, "default");
    added.push(copy);
    log.stylesAdded.push(newId === id ? id : `${id}→${newId}`);
  }
  for (const { copy, old } of replaced) hostStyles.documentElement.replaceChild(copy, old);
  for (const copy of [...added, ...replaced.map((r) => r.copy)]) {
    for (const local of ["basedOn", "next", "link"]) {
      for (const ref of wChildren(copy, local)) {
        const to = map.get(wAttr(ref, "val")!);
        if (to) setWAttr(ref, "val", to);
      }
    }
  }
  for (const copy of added) hostStyles.documentElement.appendChild(copy);
  return map;
}

function remapStyles(el: Element, styleIds: ReadonlyMap<string, string>): void {
  for (const local of ["pStyle", "rStyle", "tblStyle"]) {
    for (const ref of wAll(el, local)) {
      const to = styleIds.get(wAttr(ref, "val")!);
      if (to) setWAttr(ref, "val", to);
    }
  }
}

const maxId = (els: Element[], attr: string): number =>
  els.reduce((m, e) => Math.max(m, Number(wAttr(e, attr) ?? -1)), -1);

/** Rule 2: every fragment list becomes a new host list (new abstractNumId and numId). */
async function importNumbering(
  h: OpcPackage,
  f: OpcPackage,
  styleIds: ReadonlyMap<string, string>,
  log: InsertLog,
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  const fragNumbering = await f.xml("word/numbering.xml");
  if (!fragNumbering) return map;
  let hostNumbering = await h.xml("word/numbering.xml");
  if (!hostNumbering) {
    hostNumbering = h.create("word/numbering.xml", `<w:numbering xmlns:w="${NS.w}"></w:numbering>`);
    await h.addRelationship(DOC, REL.numbering, "numbering.xml");
    await h.addOverride("word/numbering.xml", CONTENT_TYPE.numbering);
  }
  const root = hostNumbering.documentElement;
  const hostAbstracts = wChildren(root, "abstractNum");
  const hostNums = wChildren(root, "num");
  let nextAbstract = maxId(hostAbstracts, "abstractNumId") + 1;
  let nextNum = Math.max(0, maxId(hostNums, "numId")) + 1;
  const abstractMap = new Map<string, string>();
  // w:abstractNum elements come before every w:num (CT_Numbering's sequence).
  const firstNum = hostNums[0] ?? wChildren(root, "numIdMacAtCleanup")[0] ?? null;
  for (const abstract of wChildren(fragNumbering.documentElement, "abstractNum")) {
    const copy = hostNumbering.importNode(abstract, true) as Element;
    const id = String(nextAbstract++);
    abstractMap.set(wAttr(abstract, "abstractNumId")!, id);
    setWAttr(copy, "abstractNumId", id);
    remapStyles(copy, styleIds);
    root.insertBefore(copy, firstNum);
  }
  const cleanup = wChildren(root, "numIdMacAtCleanup")[0] ?? null;
  for (const num of wChildren(fragNumbering.documentElement, "num")) {
    const copy = hostNumbering.importNode(num, true) as Element;
    const id = String(nextNum++);
    map.set(wAttr(num, "numId")!, id);
    setWAttr(copy, "numId", id);
    const ref = wChildren(copy, "abstractNumId")[0]!;
    setWAttr(ref, "val", abstractMap.get(wAttr(ref, "val")!)!);
    root.insertBefore(copy, cleanup);
  }
  log.numIds = Object.fromEntries(map);
  log.abstractNumIds = Object.fromEntries(abstractMap);
  return map;
}

/** Rule 4: no section properties come along with a range insert (and so no headers or footers). */
function dropSections(blocks: Element[], log: InsertLog): Element[] {
  const kept = blocks.filter((b) => b.localName !== "sectPr");
  if (kept.length < blocks.length) log.dropped.push("body w:sectPr");
  for (const block of kept) {
    for (const sectPr of wAll(block, "sectPr")) {
      sectPr.parentNode!.removeChild(sectPr);
      log.dropped.push("paragraph w:sectPr");
    }
  }
  return kept;
}

/** Rule 3: the last paragraph's content joins the cursor paragraph, which keeps its own w:pPr. */
function mergeFinalParagraph(last: Element, cursor: Element): void {
  const isPPr = (n: Node) =>
    n.nodeType === 1 && (n as Element).namespaceURI === NS.w && (n as Element).localName === "pPr";
  const content = [...last.childNodes].filter((n) => !isPPr(n));
  const after = wChildren(cursor, "pPr")[0]?.nextSibling ?? cursor.firstChild;
  for (const node of content) cursor.insertBefore(node, after);
}

/** Rule 5: footnotes the content refers to, with new ids. */
async function importNotes(
  h: OpcPackage,
  f: OpcPackage,
  blocks: Element[],
  styleIds: ReadonlyMap<string, string>,
): Promise<void> {
  const refs = blocks.flatMap((b) => wAll(b, "footnoteReference"));
  if (refs.length === 0) return;
  const fragNotes = await f.mustXml("word/footnotes.xml");
  const hostNotes = await h.mustXml("word/footnotes.xml");
  const notes = new Map(wChildren(fragNotes.documentElement, "footnote").map((n) => [wAttr(n, "id")!, n]));
  let next = maxId(wChildren(hostNotes.documentElement, "footnote"), "id") + 1;
  const moved: Element[] = [];
  for (const ref of refs) {
    const note = notes.get(wAttr(ref, "id")!);
    if (!note) throw new Error(`footnote ${wAttr(ref, "id")} is referenced but missing`);
    const copy = hostNotes.importNode(note, true) as Element;
    const id = String(next++);
    setWAttr(copy, "id", id);
    setWAttr(ref, "id", id);
    remapStyles(copy, styleIds);
    hostNotes.documentElement.appendChild(copy);
    moved.push(copy);
  }
  await importRelationships(h, f, "word/footnotes.xml", moved);
}

/** Rule 5: comments the content refers to, with new ids (the host gets a comments part if it has none). */
async function importComments(h: OpcPackage, f: OpcPackage, blocks: Element[]): Promise<void> {
  const marks = blocks.flatMap((b) =>
    ["commentRangeStart", "commentRangeEnd", "commentReference"].flatMap((l) => wAll(b, l)),
  );
  if (marks.length === 0) return;
  const fragComments = await f.mustXml("word/comments.xml");
  let hostComments = await h.xml("word/comments.xml");
  if (!hostComments) {
    hostComments = h.create("word/comments.xml", `<w:comments xmlns:w="${NS.w}"></w:comments>`);
    await h.addRelationship(DOC, REL.comments, "comments.xml");
    await h.addOverride("word/comments.xml", CONTENT_TYPE.comments);
  }
  const comments = new Map(
    wChildren(fragComments.documentElement, "comment").map((c) => [wAttr(c, "id")!, c]),
  );
  let next = maxId(wChildren(hostComments.documentElement, "comment"), "id") + 1;
  const ids = new Map<string, string>();
  for (const mark of marks) {
    const old = wAttr(mark, "id")!;
    if (!ids.has(old)) {
      const comment = comments.get(old);
      if (!comment) throw new Error(`comment ${old} is referenced but missing`);
      const id = String(next++);
      ids.set(old, id);
      const copy = hostComments.importNode(comment, true) as Element;
      setWAttr(copy, "id", id);
      hostComments.documentElement.appendChild(copy);
    }
    setWAttr(mark, "id", ids.get(old)!);
  }
}

/** Rule 5: relationships the content uses (r:id, r:embed, r:link …), added to the host part's. */
async function importRelationships(
  h: OpcPackage,
  f: OpcPackage,
  part: string,
  els: Element[],
): Promise<void> {
  const rels = await f.relationships(part);
  const done = new Map<string, string>();
  let copies = 0;
  for (const el of els.flatMap((e) => [e, ...e.getElementsByTagName("*")])) {
    for (const a of [...el.attributes].filter((x) => x.namespaceURI === NS.r)) {
      let id = done.get(a.value);
      if (!id) {
        const rel = rels.get(a.value);
        if (!rel) throw new Error(`${part}: relationship ${a.value} is used but missing`);
        let target = rel.target;
        if (!rel.external) {
          const from = `${part.slice(0, part.lastIndexOf("/") + 1)}${rel.target}`;
          const ext = from.slice(from.lastIndexOf(".") + 1);
          target = rel.target.replace(/([^/]+)$/, `inserted-${++copies}-$1`);
          h.putBytes(`${part.slice(0, part.lastIndexOf("/") + 1)}${target}`, await f.bytes(from));
          const type = await f.contentTypeDefault(ext);
          if (type) await h.addDefault(ext, type);
        }
        id = await h.addRelationship(part, rel.type, target, rel.external);
        done.set(a.value, id);
      }
      a.value = id;
    }
  }
}

/** Bookmark ids must stay unique in the host: the inserted ones move past the host's. */
function renumberBookmarks(hostDoc: Document, blocks: Element[]): void {
  let next = maxId(wAll(hostDoc, "bookmarkStart"), "id") + 1;
  const ids = new Map<string, string>();
  for (const mark of blocks.flatMap((b) => [...wAll(b, "bookmarkStart"), ...wAll(b, "bookmarkEnd")])) {
    const old = wAttr(mark, "id")!;
    if (!ids.has(old)) ids.set(old, String(next++));
    setWAttr(mark, "id", ids.get(old)!);
  }
}
