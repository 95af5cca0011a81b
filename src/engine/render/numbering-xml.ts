import { Numbering, type ConcreteNumbering, type Document, type IContext, type IXmlableObject } from "docx";
import type { LevelDefinition, ListDefinition, NumberingState } from "./numbering";

// numbering.xml as Word writes it, in place of docx 9.15's. docx always adds a default bullet list
// (abstractNum 1, num 1) that nothing uses, writes no w:nsid or w:tmpl, marks every level
// w:tentative and writes a w:startOverride for every level of each instance. So the document's
// Numbering part is replaced by one that writes NumberingState's lists:
//
//   <w:abstractNum w:abstractNumId="0">
//     <w:nsid w:val="…"/> <w:multiLevelType w:val="hybridMultilevel"/> <w:tmpl w:val="…"/>
//     <w:lvl w:ilvl="0"> start, numFmt, lvlText, lvlJc, pPr/ind </w:lvl> … all nine levels
//   </w:abstractNum> …
//   <w:num w:numId="1"><w:abstractNumId w:val="0"/>
//     <w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>   (a list that restarts)
//   </w:num> …
//
// Paragraphs still say `numbering: { reference, instance, level }`; docx writes a {reference-instance}
// placeholder for the numId and replaces it from `ConcreteNumbering`, which here lists our instances.
// w:nsid is the definition's identity: Word uses it to recognise the same list definition when content
// moves between documents (ECMA-376 Part 1, 17.9.15, whose note describes a paste). It is derived from
// the definition, so the same definition has the same nsid in every document we build (and the output
// stays reproducible).

type Xml = IXmlableObject;

const el = (name: string, attrs?: Record<string, string | number>, children: Xml[] = []): Xml => {
  const content: unknown[] = attrs ? [{ _attr: attrs }, ...children] : children;
  return { [name]: content.length === 1 && attrs ? content[0] : content.length ? content : {} };
};
const val = (name: string, value: string | number): Xml => el(name, { "w:val": value });

/** FNV-1a, 32 bits, as eight upper-case hex digits (ST_LongHexNumber). */
export function longHex(text: string, seed = 0x811c9dc5): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).toUpperCase().padStart(8, "0");
}

const fingerprint = (d: ListDefinition): string =>
  `${d.reference}|${d.levels.map((l) => `${l.format}:${l.text}:${l.start}:${l.indent.left}`).join("|")}`;

function levelXml(level: LevelDefinition, ilvl: number): Xml {
  return el("w:lvl", { "w:ilvl": ilvl }, [
    val("w:start", level.start),
    val("w:numFmt", level.format),
    val("w:lvlText", level.text),
    val("w:lvlJc", "left"),
    el("w:pPr", undefined, [el("w:ind", { "w:left": level.indent.left, "w:hanging": level.indent.hanging })]),
  ]);
}

export function abstractNumXml(definition: ListDefinition, id: number): Xml {
  const print = fingerprint(definition);
  return el("w:abstractNum", { "w:abstractNumId": id }, [
    val("w:nsid", longHex(print)),
    val("w:multiLevelType", definition.multiLevelType),
    // w:tmpl names the template the list came from in Word's gallery; ours is derived like the nsid.
    val("w:tmpl", longHex(print, 0x9dc5811c)),
    ...definition.levels.map(levelXml),
  ]);
}

export function numberingXml(state: NumberingState): Xml {
  const definitions = state.usedDefinitions();
  const abstractIds = new Map(definitions.map((d, i) => [d.reference, i]));
  const nums = state
    .instances()
    .map((n) =>
      el("w:num", { "w:numId": n.numId }, [
        val("w:abstractNumId", abstractIds.get(n.reference)!),
        ...[...n.restarts].map(([ilvl, start]) =>
          el("w:lvlOverride", { "w:ilvl": ilvl }, [val("w:startOverride", start)]),
        ),
      ]),
    );
  return el("w:numbering", { "xmlns:w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main" }, [
    ...definitions.map((d, i) => abstractNumXml(d, i)),
    ...nums,
  ]);
}

/** docx's Numbering part, writing `state`'s lists instead of its own. */
class StateNumbering extends Numbering {
  constructor(private readonly state: NumberingState) {
    super({ config: [] });
  }

  /** docx calls this for every numbered paragraph; the instance already exists in the state. */
  override createConcreteNumberingInstance(): void {}

  /** What docx replaces the {reference-instance} numId placeholders with. */
  override get ConcreteNumbering(): ConcreteNumbering[] {
    return this.state
      .instances()
      .map((n) => ({ reference: n.reference, instance: n.instance, numId: n.numId }) as ConcreteNumbering);
  }

  override prepForXml(_context: IContext): IXmlableObject {
    return numberingXml(this.state);
  }
}

/**
 * Makes `doc` write `state`'s numbering. docx 9.15 keeps the part in the File's `numbering` field and
 * reads it through the `Numbering` getter; if a later docx stops doing so, this throws rather than
 * silently writing docx's own numbering (the numbering tests would fail too).
 */
export function useStateNumbering(doc: Document, state: NumberingState): void {
  const numbering = new StateNumbering(state);
  (doc as unknown as { numbering: Numbering }).numbering = numbering;
  if (doc.Numbering !== numbering) throw new Error("docx no longer reads its numbering from File.numbering");
}
