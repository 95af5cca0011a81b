// A hand-written fake of the small part of the Word API that src/office calls. It models the document as an
// ordered list of blocks (one per inserted file, plus the original paragraphs and the selection), queues every
// call like office.js does and applies it at context.sync(), where injected failures fire. Every call is
// recorded so tests can check which API got which arguments. office-addin-mock cannot fail a sync midway or
// track content controls, which is exactly what the rollback tests need.
import type { OfficeBindings } from "../../src/office/office-host";
import { fakeCustomXmlParts, type StoredPart } from "./fake-custom-xml";

export type Call = { target: string; method: string; args: unknown[] };
type Failure = { match: (call: Call) => boolean; code: string; message: string };
/** A paragraph of the simulated document, as far as lists go (list: its list's id; none = not a list item). */
export type ParagraphData = {
  text: string;
  list?: number;
  level?: number;
  type?: "Number" | "Bullet";
  style?: string;
};
/** An inserted file whose text is JSON `{ "controls": [{ tag, paragraphs }] }` is a package with these controls. */
type PackageControl = { tag: string; paragraphs: ParagraphData[] };
type Block = { text: string; selection?: boolean; cc?: FakeContentControl; controls?: PackageControl[] };

/** A package for insertFileFromBase64 whose content controls hold these paragraphs. */
export const packageOf = (controls: PackageControl[]): string => JSON.stringify({ controls });
const controlsOf = (text: string): PackageControl[] | undefined => {
  if (!text.startsWith("{")) return undefined;
  return (JSON.parse(text) as { controls: PackageControl[] }).controls;
};

export const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const unb64 = (base64: string) => Buffer.from(base64, "base64").toString("utf8");

export class FakeWord {
  blocks: Block[];
  calls: Call[] = [];
  private pending: Array<{ call: Call; effect: () => void }> = [];
  private failures: Failure[] = [];
  syncs = 0;
  selectionType = "MainDoc";
  /** What the "[selection]" block holds; "" is a collapsed selection (a bare cursor). */
  selectedText = "chosen words";
  selectionHtml = "<p>selected</p>";
  /** The paragraph the cursor is in (Selection.paragraphs.getFirst()): plain text unless set. */
  cursorParagraph: ParagraphData = { text: "[selection]" };
  /** Document.changeTrackingMode (WordApi 1.4): the user's Track Changes. */
  trackingMode = "Off";
  /** The tracking mode in force each time a file went into a content control (insertFileFromBase64). */
  modeAtInsert: string[] = [];
  /** Level type of each list id ("Number" unless set), for List.levelTypes. */
  listTypes = new Map<number, "Number" | "Bullet">();
  /** The document's custom XML parts (Document.customXmlParts, WordApi 1.4). */
  customXml: StoredPart[] = [];
  readonly context: FakeContext;

  constructor(blocks: string[] = ["Intro", "[selection]", "Outro"]) {
    this.blocks = blocks.map((text) => (text === "[selection]" ? { text, selection: true } : { text }));
    this.context = new FakeContext(this);
  }

  /** Makes the first queued call matching `match` fail at the next sync, like an OfficeExtension.Error. */
  failWhen(match: (call: Call) => boolean, code = "GeneralException", message = "Word said no") {
    this.failures.push({ match, code, message });
  }

  record(target: string, method: string, args: unknown[], effect: () => void = () => {}) {
    const call = { target, method, args };
    this.calls.push(call);
    this.pending.push({ call, effect });
  }

  async sync() {
    this.syncs++;
    const queue = this.pending;
    this.pending = [];
    for (const { call, effect } of queue) {
      const i = this.failures.findIndex((f) => f.match(call));
      if (i >= 0) {
        const [failure] = this.failures.splice(i, 1);
        const error = Object.assign(new Error(failure!.message), {
          code: failure!.code,
          debugInfo: { code: failure!.code, errorLocation: `${call.target}.${call.method}` },
        });
        throw error; // the rest of the batch is dropped, as in office.js
      }
      effect();
    }
  }

  /** Document text, block by block; content controls shown as [tag|title: text]. */
  texts(): string[] {
    return this.blocks.map((b) => (b.cc ? `[${b.cc.tag}|${b.cc.title}: ${b.text}]` : b.text));
  }

  calledWith(method: string): Call[] {
    return this.calls.filter((c) => c.method === method);
  }

  bindings(versions: string[], extra: Partial<OfficeBindings> = {}): OfficeBindings {
    return {
      run: (batch) => batch(this.context as unknown as Word.RequestContext),
      supports: (v) => versions.includes(v),
      ...extra,
    };
  }

  /** Inserts `block` relative to `anchor` (undefined: the whole body). */
  place(block: Block, at: string, anchor?: Block[]) {
    if (!anchor) {
      if (at === "Start") this.blocks.unshift(block);
      else if (at === "End") this.blocks.push(block);
      else if (at === "Replace") this.blocks = [block];
      else throw new Error(`body: bad location ${at}`);
      return;
    }
    const first = this.blocks.indexOf(anchor[0]!);
    const last = this.blocks.indexOf(anchor[anchor.length - 1]!);
    if (first < 0) throw new Error("anchor is not in the document");
    if (at === "After") this.blocks.splice(last + 1, 0, block);
    else if (at === "Replace") this.blocks.splice(first, last - first + 1, block);
    else throw new Error(`range: bad location ${at}`);
  }

  remove(blocks: Block[]) {
    this.blocks = this.blocks.filter((b) => !blocks.includes(b));
  }
}

class FakeContext {
  document: FakeDocument;
  application: { createDocument: (base64: string) => { open: () => void } };
  constructor(readonly word: FakeWord) {
    this.document = new FakeDocument(word);
    this.application = {
      createDocument: (base64: string) => {
        word.record("application", "createDocument", [base64]);
        return { open: () => word.record("createdDocument", "open", []) };
      },
    };
  }
  sync() {
    return this.word.sync();
  }
}

class FakeRange {
  constructor(
    protected readonly word: FakeWord,
    readonly name: string,
    readonly blocks: () => Block[],
  ) {}
  insertFileFromBase64(base64: string, at: string): FakeRange {
    const text = unb64(base64);
    const controls = controlsOf(text);
    const block: Block = controls ? { text: controls.map((c) => c.tag).join("+"), controls } : { text };
    this.word.record(this.name, "insertFileFromBase64", [base64, at], () =>
      this.word.place(block, at, this.blocks()),
    );
    return new FakeRange(this.word, `range(${block.text})`, () => [block]);
  }
  /** The content controls inside the range's package blocks (Range.contentControls). */
  get contentControls() {
    const word = this.word;
    const blocks = this.blocks;
    return {
      getByTag(tag: string) {
        word.record("range.contentControls", "getByTag", [tag]);
        const found = {
          items: [] as Array<{ tag: string; paragraphs: ReturnType<typeof paragraphCollection> }>,
        };
        return {
          load: (p: string) =>
            word.record(`contentControls(${tag})`, "load", [p], () => {
              found.items = blocks()
                .flatMap((b) => b.controls ?? [])
                .filter((c) => c.tag === tag)
                .map((c) => ({ tag: c.tag, paragraphs: paragraphCollection(word, c) }));
            }),
          get items() {
            return found.items;
          },
        };
      },
    };
  }

  insertContentControl(): FakeContentControl {
    const cc = new FakeContentControl(this.word, this.blocks);
    this.word.record(this.name, "insertContentControl", [], () => {
      for (const block of this.blocks()) block.cc = cc;
    });
    return cc;
  }
  expandTo(other: FakeRange): FakeRange {
    this.word.record(this.name, "expandTo", [other.name]);
    return new FakeRange(this.word, `${this.name}..${other.name}`, () => [
      ...new Set([...this.blocks(), ...other.blocks()]),
    ]);
  }
  getRange(location: string): FakeRange {
    this.word.record(this.name, "getRange", [location]);
    return new FakeRange(this.word, `${this.name}.${location}`, this.blocks);
  }
  delete() {
    this.word.record(this.name, "delete", [], () => this.word.remove(this.blocks()));
  }
}

class FakeSelection extends FakeRange {
  private loaded = false;
  parentBody: { type: string; load: (p: string) => void };
  constructor(word: FakeWord) {
    super(word, "selection", () => word.blocks.filter((b) => b.selection));
    const body = { loaded: false };
    this.parentBody = {
      load: (p: string) => word.record("selection.parentBody", "load", [p], () => (body.loaded = true)),
      get type() {
        if (!body.loaded) throw new Error("PropertyNotLoaded: parentBody.type");
        return word.selectionType;
      },
    };
  }
  load(props: string) {
    this.word.record("selection", "load", [props], () => (this.loaded = true));
  }
  private text_(): string {
    if (!this.loaded) throw new Error("PropertyNotLoaded: selection");
    return this.blocks().length > 0 ? this.word.selectedText : "";
  }
  get isEmpty() {
    return this.text_() === "";
  }
  get text() {
    return this.text_();
  }
  getHtml() {
    const result = { value: "" };
    this.word.record("selection", "getHtml", [], () => (result.value = this.word.selectionHtml));
    return result;
  }
  /** Selection.paragraphs.getFirst(): the paragraph the cursor is in (FakeWord.cursorParagraph). */
  get paragraphs() {
    return { getFirst: () => new FakeParagraph(this.word, this.word.cursorParagraph) };
  }
}

function paragraphCollection(word: FakeWord, control: PackageControl) {
  const loaded = { items: [] as FakeParagraph[] };
  return {
    load: (p: string) =>
      word.record(`cc(${control.tag}).paragraphs`, "load", [p], () => {
        loaded.items = control.paragraphs.map((d) => new FakeParagraph(word, d));
      }),
    get items() {
      return loaded.items;
    },
  };
}

/** A paragraph's list side: Paragraph.isListItem, list, listItem, *OrNullObject, detach/attach. */
export class FakeParagraph {
  constructor(
    private readonly word: FakeWord,
    readonly data: ParagraphData,
  ) {}
  load(props: string) {
    this.word.record(`paragraph(${this.data.text})`, "load", [props]);
  }
  get isListItem() {
    return this.data.list !== undefined;
  }
  get styleBuiltIn() {
    return this.data.style ?? "Normal";
  }
  private levelTypes() {
    const type = this.data.type ?? this.word.listTypes.get(this.data.list ?? -1) ?? "Number";
    return Array<string>(9).fill(type);
  }
  get list() {
    if (this.data.list === undefined) throw new Error("ItemNotFound: not a list item");
    return { id: this.data.list, levelTypes: this.levelTypes(), isNullObject: false, load: () => undefined };
  }
  get listItem() {
    if (this.data.list === undefined) throw new Error("ItemNotFound: not a list item");
    return { level: this.data.level ?? 0, isNullObject: false, load: () => undefined };
  }
  get listOrNullObject() {
    return this.data.list === undefined ? { isNullObject: true, load: () => undefined } : this.list;
  }
  get listItemOrNullObject() {
    return this.data.list === undefined ? { isNullObject: true, load: () => undefined } : this.listItem;
  }
  detachFromList() {
    this.word.record(`paragraph(${this.data.text})`, "detachFromList", [], () => {
      this.data.list = undefined;
      this.data.level = undefined;
      this.data.type = undefined;
    });
  }
  attachToList(id: number, level: number) {
    this.word.record(`paragraph(${this.data.text})`, "attachToList", [id, level], () => {
      // Word: "Fails if the paragraph cannot join the list or if the paragraph is already a list item."
      if (this.data.list !== undefined) throw new Error("GeneralException: already a list item");
      Object.assign(this.data, { list: id, level });
    });
  }
}

export class FakeContentControl {
  tag = "";
  title = "";
  appearance = "";
  text = "";
  constructor(
    private readonly word: FakeWord,
    readonly blocks: () => Block[],
  ) {}
  getRange(location: string): FakeRange {
    const name = `cc(${this.blocks()
      .map((b) => b.text)
      .join("+")})`;
    this.word.record(name, "getRange", [location]);
    return new FakeRange(this.word, `${name}.${location}`, this.blocks);
  }
  delete(keepContent: boolean) {
    const blocks = this.blocks();
    this.word.record(`cc(${this.tag})`, "delete", [keepContent], () => {
      if (keepContent) for (const b of blocks) b.cc = undefined;
      else this.word.remove(blocks);
    });
  }
  insertFileFromBase64(base64: string, at: string) {
    this.word.record(`cc(${this.tag})`, "insertFileFromBase64", [base64, at], () => {
      this.word.modeAtInsert.push(this.word.trackingMode);
      const [first, ...rest] = this.blocks();
      if (first) first.text = unb64(base64);
      this.word.remove(rest);
    });
  }
}

class FakeDocument {
  body: FakeRange;
  contentControls: FakeContentControls;
  customXmlParts: ReturnType<typeof fakeCustomXmlParts>;
  private modeLoaded = false;
  load(props: string) {
    this.word.record("document", "load", [props], () => {
      if (props.includes("changeTrackingMode")) this.modeLoaded = true;
    });
  }
  get changeTrackingMode(): string {
    if (!this.modeLoaded) throw new Error("PropertyNotLoaded: document.changeTrackingMode");
    return this.word.trackingMode;
  }
  set changeTrackingMode(mode: string) {
    this.word.record("document", "set changeTrackingMode", [mode], () => (this.word.trackingMode = mode));
  }
  constructor(private readonly word: FakeWord) {
    this.body = new FakeRange(word, "body", () => []);
    // Body.insertFileFromBase64 anchors on the whole body (Start/End/Replace), not on blocks.
    this.body.insertFileFromBase64 = (base64: string, at: string) => {
      const block: Block = { text: unb64(base64) };
      word.record("body", "insertFileFromBase64", [base64, at], () => word.place(block, at));
      return new FakeRange(word, `range(${block.text})`, () => [block]);
    };
    this.contentControls = new FakeContentControls(word, () => true);
    this.customXmlParts = fakeCustomXmlParts(word);
  }
  getSelection() {
    this.word.record("document", "getSelection", []);
    return new FakeSelection(this.word);
  }
  insertFileFromBase64(base64: string, at: string, options: unknown) {
    const text = unb64(base64);
    const controls = controlsOf(text);
    const block: Block = controls ? { text: controls.map((c) => c.tag).join("+"), controls } : { text };
    const sections = { items: [] as unknown[], loaded: false };
    const body = new FakeRange(this.word, `section(${block.text}).body`, () => [block]);
    const section = {
      body: Object.assign(body, {
        paragraphs: {
          getLast: () => new FakeRange(this.word, `section(${block.text}).lastParagraph`, () => [block]),
        },
      }),
    };
    this.word.record("document", "insertFileFromBase64", [base64, at, options], () => {
      this.word.place(block, at);
      sections.items = [section];
    });
    return {
      load: (p: string) => this.word.record("sections", "load", [p], () => (sections.loaded = true)),
      get items() {
        if (!sections.loaded) throw new Error("PropertyNotLoaded: sections.items");
        return sections.items;
      },
    };
  }
}

class FakeContentControls {
  private loaded = false;
  constructor(
    private readonly word: FakeWord,
    private readonly filter: (cc: FakeContentControl) => boolean,
  ) {}
  load(props: string) {
    this.word.record("contentControls", "load", [props], () => (this.loaded = true));
  }
  get items(): FakeContentControl[] {
    if (!this.loaded) throw new Error("PropertyNotLoaded: contentControls.items");
    const seen = new Set<FakeContentControl>();
    for (const b of this.word.blocks) if (b.cc && this.filter(b.cc)) seen.add(b.cc);
    for (const cc of seen)
      cc.text = cc
        .blocks()
        .map((b) => b.text)
        .join("\n");
    return [...seen];
  }
  getByTag(tag: string) {
    this.word.record("contentControls", "getByTag", [tag]);
    return new FakeContentControls(this.word, (cc) => cc.tag === tag);
  }
}
