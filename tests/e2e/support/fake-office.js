// A scripted Word host on top of the real office.js: the e2e tests answer
// https://appsforoffice.microsoft.com/lib/1/hosted/office.js (Playwright page.route) with the package's
// office.js followed by this file. The real Office namespace stays (its enums, Office.HostType, …); this
// replaces what only a host can give, playing the part of Word well enough for src/office to run
// unchanged: Office.onReady reports Word,
// requirement sets answer from a configured WordApi version, and Word.run hands out a request context whose
// document, body, selection, ranges, sections and content controls queue their calls and apply them at
// context.sync(), where configured failures fire (as OfficeExtension.Error-like objects).
//
// The logic follows tests/office/fake-word.ts (the adapter's unit-test fake), as plain browser JavaScript.
// The document is an ordered list of blocks: the original paragraphs, the cursor, and one block per inserted
// file. Everything is recorded on window.__fakeWord for the tests to read:
//   calls      every API call, in order: { target, method, args } (insertFileFromBase64 args are
//              [base64, location] or [base64, location, options]; property writes are "set tag" etc.)
//   blocks()   the document now: [{ text, base64?, tag?, title?, controls? }]; `controls` are the
//              block-level content controls INSIDE an inserted package ([{ tag, title, text }]): the
//              file is unzipped (JSZip, loaded before this script) and its document.xml read, so
//              Document.contentControls finds them as Word would (the inventory reads them)
//   syncs      how many context.sync() calls ran
//   bookmarks() the document's bookmarks: [{ name, text, listString, tag? }], read from the inserted
//              packages' XML (a replaced control's from its new file); the list number counted through
//              each package from numbering.xml. Range.getBookmarks and Document.getBookmarkRangeOrNullObject
//              (WordApi 1.4) answer from them
// and the tests can set the scene (at any time, through page.evaluate):
//   setSelectionHtml(html)               what Range.getHtml() on the selection returns ("<p></p>" until set)
//   setDocumentFile(base64)              the open document as a .docx, for Document.getFileAsync (fails until set)
//   addContentControl({ text, tag, title }) a paragraph wrapped in a content control, at the end of the
//                                        document (as if the pane had inserted it earlier); returns its name
//
// Configuration: the test prepends `window.__fakeOfficeConfig = {…}` to this script:
//   wordApi        highest WordApi version supported ("1.5" by default)
//   platform       Office.context.platform ("PC" by default)
//   bodyBackground Office.context.officeTheme.bodyBackgroundColor (unset: no officeTheme)
//   failures       [{ method, nth, code, message }]: the nth queued call (1-based, counted per method)
//                  to `method` fails at the sync that applies it
//   selectionHtml  the selection's HTML from the start (see setSelectionHtml)
//   contentControls [{ text, tag, title }] in the document from the start (see addContentControl)
//   customXmlParts [xml] the document's custom XML parts from the start (Document.customXmlParts, WordApi 1.4);
//                  window.__fakeWord.customXmlParts() reads them as they are now
//   trackingMode   Document.changeTrackingMode at the start ("Off" unless set): the user's Track Changes
//   cursorParagraph the paragraph the cursor is in, for Selection.paragraphs.getFirst():
//                  { list?: number, level?: number, type?: "Number" | "Bullet", style?: string } (plain text
//                  unless set). The paragraphs inside an inserted package's controls are read from the
//                  file (w:numPr; w:numFmt "bullet" is a Bullet list, others Number; list id = 1000 + w:numId)
//                  and take Paragraph.detachFromList / attachToList(listId, level) (WordApi 1.3)
/* global window, DOMParser, atob */
(() => {
  const config = Object.assign(
    { wordApi: "1.5", platform: "PC", failures: [], bodyBackground: undefined },
    window.__fakeOfficeConfig || {},
  );

  const state = {
    calls: [],
    syncs: 0,
    blocks: [{ text: "Intro" }, { text: "", cursor: true }, { text: "Outro" }],
    selectionHtml: typeof config.selectionHtml === "string" ? config.selectionHtml : "<p></p>",
    trackingMode: config.trackingMode || "Off",
    customXml: (config.customXmlParts || []).map((xml, i) => ({ id: `{config-${i}}`, xml: String(xml) })),
  };
  const seen = {}; // method → how many calls so far, for `nth` failures
  let pending = [];

  const decodeText = (base64) => `[file of ${base64.length} base64 characters]`;

  const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  /** The text of a part of document.xml: its paragraphs' w:t, one line per paragraph. */
  const textOf = (node) =>
    [...node.getElementsByTagNameNS(W, "p")]
      .map((p) => [...p.getElementsByTagNameNS(W, "t")].map((t) => t.textContent).join(""))
      .join("\n");
  /** A package's w:body, its list formats and its headings (bookmarks, words, list numbers); undefined if none. */
  async function openPackage(base64) {
    if (typeof window.JSZip !== "function") return undefined;
    const zip = await window.JSZip.loadAsync(base64, { base64: true });
    const part = zip.file("word/document.xml");
    if (!part) return undefined;
    const xml = new DOMParser().parseFromString(await part.async("string"), "application/xml");
    const body = xml.getElementsByTagNameNS(W, "body")[0];
    if (!body) return undefined;
    const attr = (parent, name) => {
      const el = parent && parent.getElementsByTagNameNS(W, name)[0];
      return el ? el.getAttributeNS(W, "val") || "" : "";
    };
    const formats = await numberFormats(zip, attr);
    return { body, attr, formats, headings: headingsOf(body, formats, attr) };
  }
  /** The block-level content controls of a .docx (w:body's w:sdt children): tag, alias and text each. */
  async function packageControls(base64) {
    const opened = await openPackage(base64);
    if (!opened) return [];
    const { body, attr, formats, headings } = opened;
    return [...body.children]
      .filter((el) => el.namespaceURI === W && el.localName === "sdt")
      .map((sdt) => {
        const props = sdt.getElementsByTagNameNS(W, "sdtPr")[0];
        const content = sdt.getElementsByTagNameNS(W, "sdtContent")[0];
        const paragraphs = content
          ? [...content.getElementsByTagNameNS(W, "p")].map((p) => {
              const text = [...p.getElementsByTagNameNS(W, "t")].map((t) => t.textContent).join("");
              const numPr = p.getElementsByTagNameNS(W, "numPr")[0];
              const numId = attr(numPr, "numId");
              if (!numPr || !numId || numId === "0") return { text };
              const level = Number(attr(numPr, "ilvl") || 0);
              const type = formats.get(`${numId}/${level}`) === "bullet" ? "Bullet" : "Number";
              return { text, list: 1000 + Number(numId), level, type };
            })
          : [];
        const own = headings.filter((h) => h.sdt === sdt).map(({ sdt: _, ...h }) => h);
        return { tag: attr(props, "tag"), title: attr(props, "alias"), text: content ? textOf(content) : "", paragraphs, headings: own };
      });
  }
  /**
   * The bookmarks of a package's body, in order: { name, text (its paragraph's), listString (the
   * paragraph's list number as Word shows it: the level's w:lvlText with the counts filled in, counted
   * through the package from each level's w:start or the instance's w:startOverride), sdt (the
   * block-level content control it is in) }.
   */
  function headingsOf(body, formats, attr) {
    const counts = new Map(); // numId → counts by level
    const found = [];
    for (const p of body.getElementsByTagNameNS(W, "p")) {
      const numPr = p.getElementsByTagNameNS(W, "numPr")[0];
      const numId = attr(numPr, "numId");
      let listString = "";
      if (numPr && numId && numId !== "0") {
        const level = Number(attr(numPr, "ilvl") || 0);
        const levels = counts.get(numId) || [];
        counts.set(numId, levels);
        const startOf = (l) => (formats.get(`${numId}/${l}/start`) ?? 1);
        for (let l = 0; l < level; l++) if (levels[l] === undefined) levels[l] = startOf(l);
        levels[level] = levels[level] === undefined ? startOf(level) : levels[level] + 1;
        levels.length = level + 1;
        const text = formats.get(`${numId}/${level}/text`) ?? `%${level + 1}`;
        listString = text.replace(/%(\d)/g, (_, n) => String(levels[Number(n) - 1] ?? ""));
      }
      const starts = p.getElementsByTagNameNS(W, "bookmarkStart");
      if (starts.length === 0) continue;
      const text = [...p.getElementsByTagNameNS(W, "t")].map((t) => t.textContent).join("");
      let sdt = p.parentNode;
      while (sdt && !(sdt.namespaceURI === W && sdt.localName === "sdt" && sdt.parentNode === body)) sdt = sdt.parentNode;
      for (const start of starts) found.push({ name: start.getAttributeNS(W, "name"), text, listString, sdt: sdt || undefined });
    }
    return found;
  }
  /** The bookmarks of a package's whole body (a piece that replaces a control's content has no control of its own). */
  async function packageHeadings(base64) {
    const opened = await openPackage(base64);
    if (!opened) return [];
    return opened.headings.map(({ sdt: _, ...h }) => h);
  }
  /** numId/ilvl → w:numFmt of a package's numbering.xml. */
  async function numberFormats(zip, attr) {
    const formats = new Map();
    const part = zip.file("word/numbering.xml");
    if (!part) return formats;
    const xml = new DOMParser().parseFromString(await part.async("string"), "application/xml");
    const abstracts = new Map();
    for (const a of xml.getElementsByTagNameNS(W, "abstractNum")) abstracts.set(a.getAttributeNS(W, "abstractNumId"), a);
    for (const num of xml.getElementsByTagNameNS(W, "num")) {
      const abstract = abstracts.get(attr(num, "abstractNumId"));
      if (!abstract) continue;
      const numId = num.getAttributeNS(W, "numId");
      for (const lvl of abstract.getElementsByTagNameNS(W, "lvl")) {
        const ilvl = lvl.getAttributeNS(W, "ilvl");
        formats.set(`${numId}/${ilvl}`, attr(lvl, "numFmt"));
        formats.set(`${numId}/${ilvl}/text`, attr(lvl, "lvlText"));
        const start = attr(lvl, "start");
        if (start) formats.set(`${numId}/${ilvl}/start`, Number(start));
      }
      for (const override of num.getElementsByTagNameNS(W, "lvlOverride")) {
        const start = attr(override, "startOverride");
        if (start) formats.set(`${numId}/${override.getAttributeNS(W, "ilvl")}/start`, Number(start));
      }
    }
    return formats;
  }

  /** A paragraph's list side (WordApi 1.3), over `data` = { text, list?, level?, type?, style? }. */
  class Paragraph {
    constructor(name, data) {
      this.name = name;
      this.data = data;
    }
    load(props) {
      record(this.name, "load", [props]);
      return this;
    }
    get isListItem() {
      return this.data.list !== undefined;
    }
    get styleBuiltIn() {
      return this.data.style || "Normal";
    }
    get list() {
      const d = this.data;
      return { isNullObject: d.list === undefined, id: d.list, levelTypes: Array(9).fill(d.type || "Number"), load() {} };
    }
    get listItem() {
      return { isNullObject: this.data.list === undefined, level: this.data.level || 0, load() {} };
    }
    get listOrNullObject() {
      return this.list;
    }
    get listItemOrNullObject() {
      return this.listItem;
    }
    detachFromList() {
      record(this.name, "detachFromList", [], () => {
        Object.assign(this.data, { list: undefined, level: undefined, type: undefined });
      });
    }
    attachToList(id, level) {
      record(this.name, "attachToList", [id, level], () => {
        if (this.data.list !== undefined) throw new Error("attachToList: the paragraph is already a list item");
        Object.assign(this.data, { list: id, level, type: "Number" });
      });
    }
  }

  /** After a file went into `block`: its own content controls, as controls Word would list. */
  async function readControls(block) {
    const found = await packageControls(block.base64);
    block.controls = found.map((c) => {
      const cc = new ContentControl(`cc#${++ccCount}`, () => (state.blocks.includes(block) ? [block] : []));
      cc.props.tag = c.tag;
      cc.props.title = c.title;
      cc.ownText = c.text;
      cc.paragraphsData = c.paragraphs;
      cc.headings = c.headings;
      return cc;
    });
    if (block.controls.length === 0) block.headings = await packageHeadings(block.base64);
  }

  /** The bookmarks in these blocks, in document order: [{ name, text, listString, tag? }]. */
  const headingsIn = (blocks) =>
    blocks.flatMap((b) => [
      ...(b.controls || []).flatMap((cc) => (cc.headings || []).map((h) => ({ ...h, tag: cc.tag }))),
      ...(b.headings || []).map((h) => ({ ...h, ...(b.cc ? { tag: b.cc.tag } : {}) })),
    ]);

  function record(target, method, args, effect) {
    const call = { target, method, args };
    state.calls.push(call);
    seen[method] = (seen[method] || 0) + 1;
    const failure = config.failures.find((f) => f.method === method && f.nth === seen[method]);
    pending.push({ call, effect: effect || (() => {}), failure });
  }

  async function sync() {
    state.syncs++;
    const queue = pending;
    pending = [];
    for (const { call, effect, failure } of queue) {
      if (failure) {
        const error = new Error(failure.message || "Word could not do that.");
        error.name = "RichApi.Error";
        error.code = failure.code || "GeneralException";
        error.debugInfo = { code: error.code, errorLocation: `${call.target}.${call.method}` };
        throw error; // the rest of the batch is dropped, as in office.js
      }
      await effect();
    }
  }

  function place(block, at, anchor) {
    const blocks = state.blocks;
    if (!anchor) {
      if (at === "Start") blocks.unshift(block);
      else if (at === "End") blocks.push(block);
      else if (at === "Replace") blocks.splice(0, blocks.length, block);
      else throw new Error(`body: bad location ${at}`);
      return;
    }
    const first = blocks.indexOf(anchor[0]);
    const last = blocks.indexOf(anchor[anchor.length - 1]);
    if (first < 0) throw new Error("anchor is not in the document");
    if (at === "After") blocks.splice(last + 1, 0, block);
    else if (at === "Before") blocks.splice(first, 0, block);
    else if (at === "Replace") blocks.splice(first, last - first + 1, block);
    else throw new Error(`range: bad location ${at}`);
  }

  function remove(gone) {
    state.blocks = state.blocks.filter((b) => !gone.includes(b));
  }

  const notLoaded = (what) => {
    const error = new Error(`The property '${what}' is not available. Load it and call context.sync().`);
    error.code = "PropertyNotLoaded";
    throw error;
  };

  class ContentControl {
    constructor(name, blocksOf) {
      this.name = name;
      this.blocksOf = blocksOf;
      this.props = { tag: "", title: "", appearance: "" };
    }
    get tag() {
      return this.props.tag;
    }
    set tag(value) {
      this.props.tag = value;
      record(this.name, "set tag", [value]);
    }
    get title() {
      return this.props.title;
    }
    set title(value) {
      this.props.title = value;
      record(this.name, "set title", [value]);
    }
    get appearance() {
      return this.props.appearance;
    }
    set appearance(value) {
      this.props.appearance = value;
      record(this.name, "set appearance", [value]);
    }
    get text() {
      if (this.ownText !== undefined) return this.ownText;
      return this.blocksOf()
        .map((b) => b.text)
        .join("\n");
    }
    getRange(location) {
      record(this.name, "getRange", [location]);
      return new Range(`${this.name}.${location}`, this.blocksOf);
    }
    get paragraphs() {
      const loaded = { items: [] };
      return {
        load: (props) =>
          record(`${this.name}.paragraphs`, "load", [props], () => {
            loaded.items = (this.paragraphsData || []).map((d) => new Paragraph(`paragraph(${d.text})`, d));
          }),
        get items() {
          return loaded.items;
        },
      };
    }
    delete(keepContent) {
      const blocks = this.blocksOf();
      record(this.name, "delete", [keepContent], () => {
        if (!keepContent) return remove(blocks);
        for (const b of blocks) if (b.cc === this) b.cc = undefined;
      });
    }
    insertFileFromBase64(base64, location) {
      if (this.ownText !== undefined) {
        // A control inside an inserted package: its own content is replaced, the package stays.
        record(this.name, "insertFileFromBase64", [base64, location], async () => {
          const found = await packageControls(base64);
          this.ownText = found.length > 0 ? found.map((c) => c.text).join("\n") : decodeText(base64);
          this.base64 = base64;
          this.headings = await packageHeadings(base64);
        });
        return;
      }
      record(this.name, "insertFileFromBase64", [base64, location], async () => {
        const [first, ...rest] = this.blocksOf();
        if (first) Object.assign(first, { text: decodeText(base64), base64, headings: await packageHeadings(base64) });
        remove(rest);
      });
    }
  }

  let ccCount = 0;

  class Range {
    constructor(name, blocksOf) {
      this.name = name;
      this.blocksOf = blocksOf;
    }
    insertFileFromBase64(base64, location) {
      const block = { text: decodeText(base64), base64 };
      record(this.name, "insertFileFromBase64", [base64, location], async () => {
        place(block, location, this.blocksOf());
        await readControls(block);
      });
      return new Range(`inserted#${state.calls.length}`, () => [block]);
    }
    insertContentControl() {
      const cc = new ContentControl(`cc#${++ccCount}`, this.blocksOf);
      record(this.name, "insertContentControl", [], () => {
        for (const block of this.blocksOf()) block.cc = cc;
      });
      return cc;
    }
    getRange(location) {
      record(this.name, "getRange", [location]);
      return new Range(`${this.name}.${location}`, this.blocksOf);
    }
    /** Range.contentControls: the controls inside the package blocks of this range. */
    get contentControls() {
      const blocksOf = this.blocksOf;
      return {
        getByTag: (tag) => {
          record(`${this.name}.contentControls`, "getByTag", [tag]);
          const found = { items: [] };
          return {
            load: (props) =>
              record(`${this.name}.contentControls(${tag})`, "load", [props], () => {
                found.items = blocksOf().flatMap((b) => (b.controls || []).filter((cc) => cc.tag === tag));
              }),
            get items() {
              return found.items;
            },
          };
        },
      };
    }
    /** Range.getBookmarks (WordApi 1.4): the names of the bookmarks in the range; the body's range holds every block. */
    getBookmarks(includeHidden, includeAdjacent) {
      const result = { loaded: false, names: [] };
      const blocks = this.name.startsWith("body") ? () => state.blocks : this.blocksOf;
      record(this.name, "getBookmarks", [includeHidden, includeAdjacent], () => {
        const names = headingsIn(blocks()).map((h) => h.name);
        Object.assign(result, { loaded: true, names: includeHidden ? names : names.filter((n) => !n.startsWith("_")) });
      });
      return {
        get value() {
          return result.loaded ? result.names : notLoaded("value");
        },
      };
    }
    expandTo(other) {
      record(this.name, "expandTo", [other.name]);
      return new Range(`${this.name}..${other.name}`, () => {
        const wanted = new Set([...this.blocksOf(), ...other.blocksOf()]);
        return state.blocks.filter((b) => wanted.has(b));
      });
    }
    delete() {
      record(this.name, "delete", [], () => remove(this.blocksOf()));
    }
    load(props) {
      record(this.name, "load", [props]);
      return this;
    }
  }

  class Selection extends Range {
    constructor() {
      super("selection", () => state.blocks.filter((b) => b.cursor));
      this.loaded = false;
      let bodyLoaded = false;
      this.parentBody = {
        load: (props) => record("selection.parentBody", "load", [props], () => (bodyLoaded = true)),
        get type() {
          return bodyLoaded ? "MainDoc" : notLoaded("type");
        },
      };
    }
    load(props) {
      record("selection", "load", [props], () => (this.loaded = true));
      return this;
    }
    get isEmpty() {
      return this.loaded ? true : notLoaded("isEmpty");
    }
    get text() {
      return this.loaded ? "" : notLoaded("text");
    }
    getHtml() {
      const result = { value: "" };
      record("selection", "getHtml", [], () => (result.value = state.selectionHtml));
      return result;
    }
    get paragraphs() {
      return { getFirst: () => new Paragraph("cursorParagraph", Object.assign({ text: "[cursor]" }, config.cursorParagraph || {})) };
    }
  }

  class ContentControls {
    constructor(filter) {
      this.filter = filter;
      this.loaded = false;
    }
    load(props) {
      record("contentControls", "load", [props], () => (this.loaded = true));
      return this;
    }
    get items() {
      if (!this.loaded) notLoaded("items");
      const found = new Set();
      for (const b of state.blocks) {
        if (b.cc && this.filter(b.cc)) found.add(b.cc);
        for (const cc of b.controls || []) if (this.filter(cc)) found.add(cc);
      }
      return [...found];
    }
    getByTag(tag) {
      record("contentControls", "getByTag", [tag]);
      return new ContentControls((cc) => cc.tag === tag);
    }
  }

  /** The namespace Word files a part under: its root element's default namespace. */
  const namespaceOf = (xml) => (/^\s*(?:<\?xml[^>]*\?>\s*)?<[\w:.-]+[^>]*\sxmlns="([^"]*)"/.exec(xml) || [])[1] || "";
  let partIds = 0;
  const customXmlPart = (part) => ({
    get id() {
      return part.id;
    },
    getXml() {
      const result = { loaded: false, xml: "" };
      record(`customXmlPart(${part.id})`, "getXml", [], () => Object.assign(result, { loaded: true, xml: part.xml }));
      return {
        get value() {
          return result.loaded ? result.xml : notLoaded("value");
        },
      };
    },
    setXml(xml) {
      record(`customXmlPart(${part.id})`, "setXml", [xml], () => (part.xml = xml));
    },
    delete() {
      record(`customXmlPart(${part.id})`, "delete", [], () => (state.customXml = state.customXml.filter((p) => p !== part)));
    },
  });
  /** Document.customXmlParts (WordApi 1.4): add, getByNamespace, and the parts' getXml / setXml / delete. */
  const customXmlParts = {
    add(xml) {
      const part = { id: `{part-${++partIds}}`, xml };
      record("customXmlParts", "add", [xml], () => state.customXml.push(part));
      return customXmlPart(part);
    },
    getByNamespace(namespace) {
      record("customXmlParts", "getByNamespace", [namespace]);
      let items;
      return {
        load(props) {
          record("customXmlParts", "load", [props], () => (items = state.customXml.filter((p) => namespaceOf(p.xml) === namespace)));
          return this;
        },
        get items() {
          return items ? items.map(customXmlPart) : notLoaded("items");
        },
      };
    },
  };

  class WordDocument {
    /** Document.changeTrackingMode (WordApi 1.4): readable once loaded; a write is a recorded call. */
    load(props) {
      record("document", "load", [props], () => (this.modeLoaded = String(props).includes("changeTrackingMode")));
      return this;
    }
    get changeTrackingMode() {
      return this.modeLoaded ? state.trackingMode : notLoaded("changeTrackingMode");
    }
    set changeTrackingMode(mode) {
      record("document", "set changeTrackingMode", [mode], () => (state.trackingMode = mode));
    }
    constructor() {
      this.body = new Range("body", () => []);
      // Body.insertFileFromBase64 anchors on the whole body (Start/End/Replace), not on blocks.
      this.body.insertFileFromBase64 = (base64, location) => {
        const block = { text: decodeText(base64), base64 };
        record("body", "insertFileFromBase64", [base64, location], async () => {
          place(block, location);
          await readControls(block);
        });
        return new Range(`inserted#${state.calls.length}`, () => [block]);
      };
      this.contentControls = new ContentControls(() => true);
      if (Number(config.wordApi) >= 1.4) this.customXmlParts = customXmlParts;
    }
    /**
     * Document.getBookmarkRangeOrNullObject (WordApi 1.4), as far as the pane reads it: the range's text
     * (the bookmark's paragraph), the content control it is in (tag), and its first paragraph's list item
     * (listString), each readable after the sync that follows a load.
     */
    getBookmarkRangeOrNullObject(name) {
      const found = { loaded: false, heading: undefined };
      record("document", "getBookmarkRangeOrNullObject", [name], () => {
        const wanted = String(name).toLowerCase();
        found.heading = headingsIn(state.blocks).find((h) => h.name.toLowerCase() === wanted);
        found.loaded = true;
      });
      const read = (get) => (found.loaded ? get(found.heading) : notLoaded("isNullObject"));
      // Getters are kept as getters (a spread would call them before the sync).
      const loadable = (props) => Object.defineProperties({ load: () => undefined }, Object.getOwnPropertyDescriptors(props));
      return loadable({
        get isNullObject() {
          return read((h) => h === undefined);
        },
        get text() {
          return read((h) => (h ? h.text : ""));
        },
        parentContentControlOrNullObject: loadable({
          get isNullObject() {
            return read((h) => !h || h.tag === undefined);
          },
          get tag() {
            return read((h) => (h && h.tag) || "");
          },
        }),
        paragraphs: {
          getFirst: () => ({
            listItemOrNullObject: loadable({
              get isNullObject() {
                return read((h) => !h || !h.listString);
              },
              get listString() {
                return read((h) => (h && h.listString) || "");
              },
            }),
          }),
        },
      });
    }
    getSelection() {
      record("document", "getSelection", []);
      return new Selection();
    }
    insertFileFromBase64(base64, location, options) {
      const block = { text: decodeText(base64), base64 };
      const sections = { items: [], loaded: false };
      const n = state.calls.length + 1;
      const body = new Range(`section#${n}.body`, () => [block]);
      body.paragraphs = { getLast: () => new Range(`section#${n}.lastParagraph`, () => [block]) };
      record("document", "insertFileFromBase64", [base64, location, options], async () => {
        place(block, location);
        sections.items = [{ body }];
        await readControls(block);
      });
      return {
        load: (props) => record("sections", "load", [props], () => (sections.loaded = true)),
        get items() {
          return sections.loaded ? sections.items : notLoaded("items");
        },
      };
    }
  }

  class RequestContext {
    constructor() {
      this.document = new WordDocument();
      this.application = {
        createDocument: (base64) => {
          record("application", "createDocument", [base64]);
          return { open: () => record("createdDocument", "open", []) };
        },
      };
    }
    sync() {
      return sync();
    }
  }

  /** A content control already in the document (not a recorded call: it is the scene, not the pane). */
  function addContentControl({ text = "", tag = "", title = "" } = {}) {
    const cc = new ContentControl(`cc#${++ccCount}`, () => state.blocks.filter((b) => b.cc === cc));
    cc.props.tag = tag;
    cc.props.title = title;
    state.blocks.push({ text, cc });
    return cc.name;
  }
  for (const control of config.contentControls || []) addContentControl(control);

  const supported = (version) => {
    const [wantMajor, wantMinor] = String(version).split(".").map(Number);
    const [haveMajor, haveMinor] = String(config.wordApi).split(".").map(Number);
    return wantMajor < haveMajor || (wantMajor === haveMajor && wantMinor <= haveMinor);
  };

  const info = { host: "Word", platform: config.platform };
  // The real namespace from office.js (a plain object, window.Office), or a bare one when it did not load.
  const Office = window.Office || (window.Office = {});
  Office.HostType = Office.HostType || { Word: "Word" };
  // office.js defines Office.context (an accessor for the host's context) while it initialises, after this
  // script has run: the Word host's context is put in its place once office.js is ready.
  const context = {
    platform: config.platform,
    requirements: {
      isSetSupported(name, version) {
        state.calls.push({ target: "requirements", method: "isSetSupported", args: [name, version] });
        return name === "WordApi" && supported(version);
      },
    },
    ...(config.bodyBackground ? { officeTheme: { bodyBackgroundColor: config.bodyBackground } } : {}),
    // Common API: the open document as a file (Document.getFileAsync, FileType.Compressed), in slices.
    document: {
      getFileAsync(type, options, callback) {
        state.calls.push({ target: "document", method: "getFileAsync", args: [type, options] });
        const base64 = state.documentFile;
        if (!base64) return callback({ status: "failed", value: undefined, error: { message: "No document file was set." } });
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const size = Math.max(1, (options && options.sliceSize) || 4194304);
        const sliceCount = Math.max(1, Math.ceil(bytes.length / size));
        callback({
          status: "succeeded",
          value: {
            size: bytes.length,
            sliceCount,
            getSliceAsync(index, done) {
              state.calls.push({ target: "file", method: "getSliceAsync", args: [index] });
              done({ status: "succeeded", value: { data: Array.from(bytes.subarray(index * size, (index + 1) * size)) } });
            },
            closeAsync(done) {
              state.calls.push({ target: "file", method: "closeAsync", args: [] });
              if (done) done({ status: "succeeded" });
            },
          },
        });
      },
    },
  };
  const installContext = () =>
    Object.defineProperty(Office, "context", { configurable: true, enumerable: true, get: () => context, set() {} });
  installContext();
  // In a plain browser office.js answers onReady with { host: null } once it has initialised; the Word host
  // waits for the same initialisation, then answers with Word.
  const realOnReady = typeof Office.onReady === "function" ? Office.onReady.bind(Office) : () => Promise.resolve();
  let ready;
  Office.onReady = function onReady(callback) {
    ready ??= Promise.resolve()
      .then(() => realOnReady())
      .catch(() => undefined)
      .then(() => {
        installContext();
        return info;
      });
    if (callback) ready.then(callback);
    return ready;
  };
  window.Word = {
    async run(batch) {
      pending = [];
      const result = await batch(new RequestContext());
      await sync();
      return result;
    },
  };
  window.__fakeWord = {
    calls: state.calls,
    get syncs() {
      return state.syncs;
    },
    setSelectionHtml(html) {
      state.selectionHtml = String(html);
    },
    /** The open document as a .docx (base64), for Document.getFileAsync. */
    setDocumentFile(base64) {
      state.documentFile = String(base64);
    },
    addContentControl,
    /** The document's bookmarks now, in order: [{ name, text, listString, tag? }] (what getBookmarks reads). */
    bookmarks: () => headingsIn(state.blocks).map((h) => ({ ...h })),
    /** The document's custom XML parts now: [{ id, xml }]. */
    customXmlParts: () => state.customXml.map((p) => ({ ...p })),
    blocks: () =>
      state.blocks.map((b) => ({
        text: b.cursor ? "[cursor]" : b.text,
        ...(b.base64 ? { base64: b.base64 } : {}),
        ...(b.cc ? { tag: b.cc.tag, title: b.cc.title } : {}),
        ...(b.controls && b.controls.length > 0
          ? {
              controls: b.controls.map((cc) => ({
                tag: cc.tag,
                title: cc.title,
                text: cc.text,
                ...(cc.base64 ? { base64: cc.base64 } : {}),
                paragraphs: (cc.paragraphsData || []).map((d) => ({ ...d })),
              })),
            }
          : {}),
      })),
  };
})();
