// A hand-written fake of the small part of the Word API that src/office calls. It models the document as an
// ordered list of blocks (one per inserted file, plus the original paragraphs and the selection), queues every
// call like office.js does and applies it at context.sync(), where injected failures fire. Every call is
// recorded so tests can check which API got which arguments. office-addin-mock cannot fail a sync midway or
// track content controls, which is exactly what the rollback tests need.
import type { OfficeBindings } from "../../src/office/office-host";

export type Call = { target: string; method: string; args: unknown[] };
type Failure = { match: (call: Call) => boolean; code: string; message: string };
type Block = { text: string; selection?: boolean; cc?: FakeContentControl };

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
    const block: Block = { text: unb64(base64) };
    this.word.record(this.name, "insertFileFromBase64", [base64, at], () =>
      this.word.place(block, at, this.blocks()),
    );
    return new FakeRange(this.word, `range(${block.text})`, () => [block]);
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
      const [first, ...rest] = this.blocks();
      if (first) first.text = unb64(base64);
      this.word.remove(rest);
    });
  }
}

class FakeDocument {
  body: FakeRange;
  contentControls: FakeContentControls;
  constructor(private readonly word: FakeWord) {
    this.body = new FakeRange(word, "body", () => []);
    // Body.insertFileFromBase64 anchors on the whole body (Start/End/Replace), not on blocks.
    this.body.insertFileFromBase64 = (base64: string, at: string) => {
      const block: Block = { text: unb64(base64) };
      word.record("body", "insertFileFromBase64", [base64, at], () => word.place(block, at));
      return new FakeRange(word, `range(${block.text})`, () => [block]);
    };
    this.contentControls = new FakeContentControls(word, () => true);
  }
  getSelection() {
    this.word.record("document", "getSelection", []);
    return new FakeSelection(this.word);
  }
  insertFileFromBase64(base64: string, at: string, options: unknown) {
    const block: Block = { text: unb64(base64) };
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
