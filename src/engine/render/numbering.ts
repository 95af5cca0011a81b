import { AlignmentType, LevelFormat, type ILevelsOptions, type INumberingOptions } from "docx";

// Lists become Word numbering (numbering.xml). Every Markdown list gets its own concrete list
// (<w:num>) so it counts on its own, whatever Word or LibreOffice make of shared abstract lists;
// docx 9.15 writes a <w:startOverride> for every configured level of each instance, so a new
// instance always restarts at the list's start number. "continue" reuses the previous list.

export const BULLET_REF = "ss-bullet";
const ORDERED_REF = "ss-ordered";
const MAX_LEVEL = 8;

const BULLETS = ["\u2022", "\u25E6", "\u25AA"];
const ORDERED_FORMATS = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN] as const;

/** Indentation per level, in twips, as Word's own lists: 0.5 in per level, the number hanging 0.25 in. */
export const listIndent = (level: number) => ({ left: 720 * (level + 1), hanging: 360 });

function bulletLevels(): ILevelsOptions[] {
  return Array.from({ length: MAX_LEVEL + 1 }, (_, level) => ({
    level,
    format: LevelFormat.BULLET,
    text: BULLETS[level % BULLETS.length]!,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: listIndent(level) } },
  }));
}

function orderedLevels(start: number): ILevelsOptions[] {
  return Array.from({ length: MAX_LEVEL + 1 }, (_, level) => ({
    level,
    format: ORDERED_FORMATS[level % ORDERED_FORMATS.length]!,
    text: `%${level + 1}.`,
    start,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: listIndent(level) } },
  }));
}

export type ListRef = { reference: string; instance: number };

export class NumberingState {
  private instances = 0;
  private readonly used = new Map<string, ILevelsOptions[]>();
  /** The last top-level ordered list, for a section that says numbering: "continue". */
  lastOrdered: ListRef | undefined;

  bullet(): ListRef {
    if (!this.used.has(BULLET_REF)) this.used.set(BULLET_REF, bulletLevels());
    return { reference: BULLET_REF, instance: 0 };
  }

  /** A new ordered list starting at `start` (Markdown keeps "3." as the start). */
  ordered(start: number): ListRef {
    const reference = start === 1 ? ORDERED_REF : `${ORDERED_REF}-from-${start}`;
    if (!this.used.has(reference)) this.used.set(reference, orderedLevels(start));
    return { reference, instance: ++this.instances };
  }

  /** The numbering option for docx's Document: only the definitions the content used. */
  config(): INumberingOptions["config"] {
    return [...this.used].map(([reference, levels]) => ({ reference, levels }));
  }
}

export const clampLevel = (depth: number): number => Math.min(depth, MAX_LEVEL);
