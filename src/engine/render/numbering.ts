// Lists and numbered headings become Word numbering (numbering.xml), written by us rather than by
// docx (numbering-xml.ts says how): list definitions with a w:nsid as Word writes them, all nine
// levels each, and only the definitions the document uses.
//
// - Every Markdown list tree is one list instance (<w:num>): a nested list of the same family is a
//   deeper level (w:ilvl) of its parent's instance, so the parent keeps counting after it and the
//   nested level restarts under each new parent item (a level restarts after any higher level is
//   used when w:lvlRestart is left out, as Word leaves it). A nested list that must restart where
//   that rule would not restart it (the second list under the same item, or one with its own start
//   number) or of another family is an instance of its own that restarts only its own level.
// - A top-level ordered list is a new instance that restarts at its start number; a section that
//   says numbering: "continue" reuses the previous one.
// - With headingNumbering "legal", headings are one instance of a multi-level list (1, 1.1, 1.1.1 …)
//   for the whole document, and ordered lists after the first numbered heading are lettered (a), (b).

export type LevelFormat = "decimal" | "lowerLetter" | "lowerRoman" | "upperLetter" | "bullet";

export type LevelDefinition = {
  format: LevelFormat;
  /** w:lvlText: %1 … %9 stand for the counters of levels 1 … 9. */
  text: string;
  start: number;
  indent: { left: number; hanging: number };
};

export type ListDefinition = {
  reference: string;
  /** Word writes "multilevel" for outline (heading) lists and "hybridMultilevel" for simple lists. */
  multiLevelType: "multilevel" | "hybridMultilevel";
  levels: LevelDefinition[];
};

/** The paragraph's list as docx's `numbering` option takes it: a definition reference and an instance. */
export type ListRef = { reference: string; instance: number };

/** A list family: a nested list continues its parent's instance only within one family. */
export type ListFamily = "bullet" | "ordered" | "clause";

export type ListInstance = ListRef & {
  numId: number;
  /** Levels this instance restarts (w:lvlOverride/w:startOverride), level → start. */
  restarts: ReadonlyMap<number, number>;
};

const MAX_LEVEL = 8;
export const LEVELS = MAX_LEVEL + 1;

const BULLETS = ["\u2022", "\u25E6", "\u25AA"];
const ORDERED_FORMATS: LevelFormat[] = ["decimal", "lowerLetter", "lowerRoman"];
/** Sub-paragraphs of a clause, as legal drafting numbers them: (a), (i), (A), (1). */
const CLAUSE_FORMATS: LevelFormat[] = ["lowerLetter", "lowerRoman", "upperLetter", "decimal"];

const HEADINGS_REF = "ss-headings";
const BULLET_REF = "ss-bullet";
const ORDERED_REF = "ss-ordered";
const CLAUSE_REF = "ss-clause";

/** Indentation per level, in twips, as Word's own lists: 0.5 in per level, the number hanging 0.25 in. */
export const listIndent = (level: number) => ({ left: 720 * (level + 1), hanging: 360 });

/**
 * Clause sub-paragraphs as legal documents lay them out: "(a)" under the heading's text (0.5 in, where
 * the heading number's tab takes it), its text a further 0.5 in in, so "(viii)" still fits before it.
 */
const clauseIndent = (level: number) => ({ left: 720 * (level + 2), hanging: 720 });

const levels = (make: (level: number) => LevelDefinition): LevelDefinition[] =>
  Array.from({ length: LEVELS }, (_, level) => make(level));

function bulletDefinition(): ListDefinition {
  return {
    reference: BULLET_REF,
    multiLevelType: "hybridMultilevel",
    levels: levels((level) => ({
      format: "bullet",
      text: BULLETS[level % BULLETS.length]!,
      start: 1,
      indent: listIndent(level),
    })),
  };
}

function orderedDefinition(family: "ordered" | "clause", start: number): ListDefinition {
  const base = family === "clause" ? CLAUSE_REF : ORDERED_REF;
  const formats = family === "clause" ? CLAUSE_FORMATS : ORDERED_FORMATS;
  return {
    reference: start === 1 ? base : `${base}-from-${start}`,
    multiLevelType: "hybridMultilevel",
    levels: levels((level) => ({
      format: formats[level % formats.length]!,
      text: family === "clause" ? `(%${level + 1})` : `%${level + 1}.`,
      // Only the first level starts at the list's number; nested levels count from 1.
      start: level === 0 ? start : 1,
      indent: family === "clause" ? clauseIndent(level) : listIndent(level),
    })),
  };
}

/**
 * Legal clause numbers: level n shows every counter down to it, "%1", "%1.%2", "%1.%2.%3" … (decimal
 * at every level, so w:isLgl is not needed). The number hangs and a tab (Word's default w:suff) takes
 * the heading text to the indent; the number takes the heading paragraph's font and colour, so in a
 * document whose Heading styles are its own it looks like the rest of that document's headings.
 */
function headingDefinition(): ListDefinition {
  return {
    reference: HEADINGS_REF,
    multiLevelType: "multilevel",
    levels: levels((level) => {
      const width = level < 2 ? 720 : level < 4 ? 1008 : 1296;
      return {
        format: "decimal",
        text: Array.from({ length: level + 1 }, (_, i) => `%${i + 1}`).join("."),
        start: 1,
        indent: { left: width, hanging: width },
      };
    }),
  };
}

/**
 * Where the counting stood at the end of an earlier package of the same insert (a split past Word on
 * the web's 4 MB limit): the next package starts its lists there with explicit start values
 * (w:lvlOverride/w:startOverride), so "continue" carries across the split.
 */
export type NumberingCarry = {
  /** The number the next item of the last top-level ordered list would get, and its family. */
  ordered?: { family: "ordered" | "clause"; next: number };
  /** Level-1 clause headings numbered so far (headingNumbering "legal"). */
  headings?: number;
};

export class NumberingState {
  private readonly definitions = new Map<string, ListDefinition>();
  private readonly list: ListInstance[] = [];
  private headingList: ListRef | undefined;
  /** The last top-level ordered list, for a section that says numbering: "continue". */
  lastOrdered: ListRef | undefined;
  /** The number the next top-level item of `lastOrdered` gets, and its family (for NumberingCarry). */
  orderedNext: { family: "ordered" | "clause"; next: number } | undefined;
  /** Level-1 clause headings numbered so far. */
  topHeadings = 0;
  /** Each level's counter as the heading list stands, for a cross-reference's shown number. */
  private headingCounters: number[] = [];

  constructor(private readonly carried: NumberingCarry = {}) {
    // A copy: the count moves on here, the caller's carry stays as it was (a split may retry with it).
    this.orderedNext = carried.ordered ? { ...carried.ordered } : undefined;
    this.topHeadings = carried.headings ?? 0;
  }

  /** Where the counting stands now: what the next package of a split insert starts from. */
  carry(): NumberingCarry {
    return {
      ...(this.orderedNext ? { ordered: { ...this.orderedNext } } : {}),
      ...(this.topHeadings > 0 ? { headings: this.topHeadings } : {}),
    };
  }

  /**
   * A top-level ordered list that continues where an earlier package of the same insert stopped:
   * a new instance restarting at the carried number. Undefined when nothing was carried.
   */
  continuedFromCarry(family: "ordered" | "clause"): ListRef | undefined {
    const from = this.carried.ordered;
    if (!from || this.lastOrdered) return undefined;
    return this.ordered(family, from.next);
  }
  /** Whether a numbered heading has been written: ordered lists after it are clause sub-paragraphs. */
  headingNumbered = false;

  /**
   * The number a clause heading at `level` (1-based) shows, counted as the heading list counts: its
   * level goes up by one, the levels below it start again, a level skipped shows its start (1).
   */
  countHeading(level: number): string {
    const c = this.headingCounters;
    if (c.length === 0) c[0] = this.carried.headings ?? 0;
    for (let i = 0; i < level - 1; i++) c[i] ??= 1;
    for (let i = 0; i < level - 1; i++) if (c[i] === 0) c[i] = 1;
    c[level - 1] = (c[level - 1] ?? 0) + 1;
    c.length = level;
    return c.join(".");
  }

  /** The one bullet instance: bullets do not count, so every bulleted list can share it. */
  bullet(): ListRef {
    const existing = this.list.find((i) => i.reference === BULLET_REF);
    return existing ?? this.add(bulletDefinition(), new Map());
  }

  /** A new ordered list (or nested list) whose `level` starts at `start` (Markdown keeps "3." as the start). */
  ordered(family: "ordered" | "clause", start: number, level = 0): ListRef {
    return this.add(orderedDefinition(family, level === 0 ? start : 1), new Map([[level, start]]));
  }

  /** The document's one heading list (headingNumbering "legal"). */
  headings(): ListRef {
    // Carried across a split: the first clause heading of this package goes on from the earlier ones.
    const done = this.carried.headings ?? 0;
    this.headingList ??= this.add(headingDefinition(), done > 0 ? new Map([[0, done + 1]]) : new Map());
    return this.headingList;
  }

  /** The list definitions used, in the order first used. */
  usedDefinitions(): ListDefinition[] {
    return [...this.definitions.values()];
  }

  /** The list instances (<w:num>), numbered from 1 in the order first used. */
  instances(): readonly ListInstance[] {
    return this.list;
  }

  private add(definition: ListDefinition, restarts: Map<number, number>): ListInstance {
    if (!this.definitions.has(definition.reference)) this.definitions.set(definition.reference, definition);
    const numId = this.list.length + 1;
    const instance: ListInstance = { reference: definition.reference, instance: numId, numId, restarts };
    this.list.push(instance);
    return instance;
  }
}

export const clampLevel = (depth: number): number => Math.min(depth, MAX_LEVEL);
export const MAX_LIST_LEVEL = MAX_LEVEL;
