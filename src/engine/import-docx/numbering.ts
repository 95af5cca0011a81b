import { attr, child, childrenNamed, val, type XmlElement } from "./xml";
import type { Styles } from "./styles";

// Word's automatic numbering (numbering.xml, ECMA-376 17.9): which list a paragraph is in, at which level,
// and the label Word shows there. A w:num points at a w:abstractNum (possibly through a numbering
// style); paragraphs of nums that share an abstract definition count together, as in Word, unless a
// num restarts a level with w:startOverride. A lower level restarts after each item of a higher one.

export type LevelDef = { format: string; text: string; start: number; legal: boolean };

type NumDef = { abstract: string; overrides: Map<number, { start?: number; level?: LevelDef }> };

const MAX_LEVELS = 9;

export class Numbering {
  private readonly abstracts = new Map<string, { levels: Map<number, LevelDef>; styleLink?: string }>();
  private readonly nums = new Map<string, NumDef>();
  private readonly counters = new Map<string, number[]>();
  private readonly restarted = new Set<string>();

  constructor(
    xml: XmlElement | undefined,
    private readonly styles: Styles,
  ) {
    for (const a of childrenNamed(xml, "w:abstractNum")) {
      const id = attr(a, "w:abstractNumId");
      if (id === undefined) continue;
      const levels = new Map<number, LevelDef>();
      for (const l of childrenNamed(a, "w:lvl")) levels.set(Number(attr(l, "w:ilvl") ?? 0), levelDef(l));
      const styleLink = val(a, "w:numStyleLink");
      this.abstracts.set(id, { levels, ...(styleLink !== undefined ? { styleLink } : {}) });
    }
    for (const n of childrenNamed(xml, "w:num")) {
      const id = attr(n, "w:numId");
      const abstract = val(n, "w:abstractNumId");
      if (id === undefined || abstract === undefined) continue;
      const overrides = new Map<number, { start?: number; level?: LevelDef }>();
      for (const o of childrenNamed(n, "w:lvlOverride")) {
        const ilvl = Number(attr(o, "w:ilvl") ?? 0);
        const start = val(o, "w:startOverride");
        const lvl = child(o, "w:lvl");
        overrides.set(ilvl, {
          ...(start !== undefined ? { start: Number(start) } : {}),
          ...(lvl ? { level: levelDef(lvl) } : {}),
        });
      }
      this.nums.set(id, { abstract, overrides });
    }
  }

  /** The abstract definition a num uses, following a numbering style link (w:numStyleLink) once or twice. */
  private abstractOf(numId: string): string | undefined {
    let abstract = this.nums.get(numId)?.abstract;
    for (let hops = 0; abstract !== undefined && hops < 4; hops++) {
      const link = this.abstracts.get(abstract)?.styleLink;
      if (link === undefined) return abstract;
      const numPr = child(this.styles.get(link)?.pPr, "w:numPr");
      const linked = val(numPr, "w:numId");
      abstract = linked === undefined ? undefined : this.nums.get(linked)?.abstract;
    }
    return abstract;
  }

  level(numId: string, ilvl: number): LevelDef | undefined {
    const override = this.nums.get(numId)?.overrides.get(ilvl)?.level;
    if (override) return override;
    const abstract = this.abstractOf(numId);
    return abstract === undefined ? undefined : this.abstracts.get(abstract)?.levels.get(ilvl);
  }

  /**
   * Counts one item of list `numId` at `ilvl` and returns the list key (paragraphs counting together),
   * its number and the label Word shows; undefined when the paragraph is not numbered after all.
   */
  next(numId: string, ilvl: number): { list: string; value: number; label: string; def: LevelDef } | undefined {
    if (numId === "0") return undefined;
    const abstract = this.abstractOf(numId);
    const def = this.level(numId, ilvl);
    if (abstract === undefined || def === undefined) return undefined;
    const level = Math.max(0, Math.min(MAX_LEVELS - 1, ilvl));
    const key = `a${abstract}`;
    let counts = this.counters.get(key);
    if (!counts) this.counters.set(key, (counts = []));
    const override = this.nums.get(numId)?.overrides.get(level);
    const restartKey = `${numId}:${level}`;
    if (override?.start !== undefined && !this.restarted.has(restartKey)) {
      this.restarted.add(restartKey);
      counts[level] = override.start - 1;
    }
    counts[level] = (counts[level] ?? this.startOf(numId, level) - 1) + 1;
    // A deeper level starts again under each item of this one.
    for (let deeper = level + 1; deeper < MAX_LEVELS; deeper++) counts[deeper] = undefined as unknown as number;
    const value = counts[level]!;
    const label = def.text.replace(/%([1-9])/g, (_, n: string) => {
      const at = Number(n) - 1;
      const shown = at === level ? value : (counts![at] ?? this.startOf(numId, at));
      const format = at === level ? def.format : (this.level(numId, at)?.format ?? "decimal");
      return formatNumber(shown, def.legal && at !== level ? "decimal" : format);
    });
    return { list: key, value, label, def };
  }

  private startOf(numId: string, level: number): number {
    return this.level(numId, level)?.start ?? 1;
  }
}

function levelDef(l: XmlElement): LevelDef {
  const start = Number(val(l, "w:start") ?? 1);
  return {
    format: val(l, "w:numFmt") ?? "decimal",
    text: val(l, "w:lvlText") ?? "",
    start: Number.isFinite(start) ? start : 1,
    legal: child(l, "w:isLgl") !== undefined && val(l, "w:isLgl") !== "0",
  };
}

const ROMAN: Array<[number, string]> = [
  [1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"],
  [50, "l"], [40, "xl"], [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"],
];

export function toRoman(n: number): string {
  let out = "";
  let rest = Math.max(1, Math.min(3999, Math.floor(n)));
  for (const [v, s] of ROMAN)
    while (rest >= v) {
      out += s;
      rest -= v;
    }
  return out;
}

/** a, b, … z, aa, bb … (Word repeats the letter). */
export function toLetter(n: number): string {
  const k = Math.max(1, Math.floor(n)) - 1;
  return String.fromCharCode(97 + (k % 26)).repeat(Math.floor(k / 26) + 1);
}

export function formatNumber(n: number, format: string): string {
  switch (format) {
    case "lowerLetter":
      return toLetter(n);
    case "upperLetter":
      return toLetter(n).toUpperCase();
    case "lowerRoman":
      return toRoman(n);
    case "upperRoman":
      return toRoman(n).toUpperCase();
    case "decimalZero":
      return n < 10 ? `0${n}` : String(n);
    case "bullet":
    case "none":
      return "";
    default:
      return String(n);
  }
}
