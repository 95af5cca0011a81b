// Where paragraph marks change (src/engine/redline/marks.ts), for the arrangements LibreOffice's Accept
// All / Reject All get wrong otherwise (tests/fidelity/redline.test.ts holds the documents that showed it).

import { describe, expect, it } from "@jest/globals";
import type { Step } from "../../../src/engine/redline/align";
import type { Block } from "../../../src/engine/redline/blocks";
import { arrangeMarks } from "../../../src/engine/redline/marks";
import { parseXml, type XmlElement } from "../../../src/engine/redline/xml";

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const xml = (s: string): XmlElement => parseXml(s.replace(/^<(w:\w+)/, `<$1 ${W}`), "test");
const p = (text: string, extra = ""): Block => ({
  el: xml(`<w:p>${extra}<w:r><w:t>${text}</w:t></w:r></w:p>`),
  kind: "p",
  key: text,
  words: [text],
});
const table = (): Block => ({ el: xml("<w:tbl/>"), kind: "tbl", key: "t", words: [] });
const NOTE = '<w:r><w:footnoteReference w:id="1"/></w:r>';
type S = Step<Block>;
const text = (b: Block | null | undefined) => (b ? b.key : null);

describe("arrangeMarks", () => {
  it("gives an inserted run after a table the next paragraph's old properties (its mark goes on Reject All)", () => {
    const [h, i, last, old] = [p("H"), p("I"), p("Last"), p("Old")];
    const steps: S[] = [
      { op: "equal", a: table(), b: table() },
      { op: "insert", b: h },
      { op: "insert", b: i },
      { op: "change", a: old, b: last },
    ];
    const marks = arrangeMarks(steps);
    const first = marks.get(steps[1]!)!;
    expect(first.mark).toBe("ins");
    expect(first.rejected).toBe(old.el);
    expect(first.accepted).toBe(h.el);
    expect(marks.has(steps[2]!)).toBe(false);
  });

  it("pairs the last deleted paragraph with an inserted one after a table of contents at the end", () => {
    // A control is read as a section that no mark joins out of: the story's last mark, which both
    // documents must have, is the paragraph after it, not one before it.
    const [a, r, t, e] = [p("A"), p("R"), p("T"), p("")];
    const toc: Block = { el: xml("<w:sdt/>"), kind: "sdt", key: "toc", words: [] };
    const steps: S[] = [
      { op: "equal", a, b: a },
      { op: "delete", a: r },
      { op: "insert", b: t },
      { op: "insert", b: toc },
      { op: "insert", b: e },
    ];
    arrangeMarks(steps);
    const last = steps.at(-1)!;
    expect(last.op).toBe("change");
    expect(last.op === "change" ? [text(last.a), text(last.b)] : null).toEqual(["R", ""]);
    expect(steps.map((s) => s.op)).toEqual(["equal", "insert", "insert", "change"]);
  });

  it("gives a deleted run at the story's start the next paragraph's new properties", () => {
    const [d, a, b] = [p("D"), p("A"), p("B")];
    const steps: S[] = [
      { op: "delete", a: d },
      { op: "change", a, b },
    ];
    const mark = arrangeMarks(steps).get(steps[0]!)!;
    expect(mark).toEqual({ accepted: b.el, rejected: d.el, mark: "del" });
  });

  it("never takes the mark of a paragraph whose kept side holds a footnote reference", () => {
    const [h, k, kNew, i1, i2] = [p("H"), p("K", NOTE), p("K2"), p("I1"), p("I2")];
    const steps: S[] = [
      { op: "equal", a: h, b: h },
      { op: "change", a: k, b: kNew },
      { op: "insert", b: i1 },
      { op: "insert", b: i2 },
    ];
    const marks = arrangeMarks(steps);
    // K's new side joins the run; its old side (with the note) pairs with the run's last paragraph.
    expect(steps.map((s) => s.op)).toEqual(["equal", "insert", "insert", "change"]);
    const last = steps[3] as S & { op: "change" };
    expect([text(last.a), text(last.b)]).toEqual(["K", "I2"]);
    // The run rule now takes H's mark, not K's: K's paragraph keeps its own.
    expect(marks.get(steps[0]!)?.mark).toBe("ins");
    expect(marks.get(steps[3]!)?.mark).toBeUndefined();
  });

  it("keeps the run rule for a paragraph without a note", () => {
    const [k, kNew, i1] = [p("K"), p("K2"), p("I1")];
    const steps: S[] = [
      { op: "change", a: k, b: kNew },
      { op: "insert", b: i1 },
    ];
    const marks = arrangeMarks(steps);
    expect(steps.map((s) => s.op)).toEqual(["change", "insert"]);
    expect(marks.get(steps[0]!)).toEqual({ accepted: kNew.el, rejected: k.el, mark: "ins" });
    expect(marks.get(steps[1]!)).toEqual({ accepted: i1.el, rejected: k.el });
  });
});
