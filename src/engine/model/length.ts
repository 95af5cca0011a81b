// Page margins are written with a unit ("25mm", "1in"); Word stores them in twips (1/20 point).

export type LengthUnit = "mm" | "cm" | "in" | "pt";

/** A non-negative number (digits, optional decimals) immediately followed by mm, cm, in or pt. */
export const LENGTH_PATTERN = /^(\d+(?:\.\d+)?|\.\d+)(mm|cm|in|pt)$/;

const TWIPS_PER_UNIT: Record<LengthUnit, number> = {
  pt: 20,
  in: 1440,
  cm: 1440 / 2.54,
  mm: 1440 / 25.4,
};

/** Splits "2.5cm" into { value: 2.5, unit: "cm" }; undefined when the text is not a length. */
export function parseLength(length: string): { value: number; unit: LengthUnit } | undefined {
  const m = LENGTH_PATTERN.exec(length);
  return m ? { value: Number(m[1]), unit: m[2] as LengthUnit } : undefined;
}

/** "25mm" → 1417 twips (rounded to a whole twip). Throws a RangeError for text that is not a length. */
export function lengthToTwips(length: string): number {
  const parsed = parseLength(length);
  if (!parsed)
    throw new RangeError(`"${length}" is not a length: write a number followed by mm, cm, in or pt`);
  const twips = Math.round(parsed.value * TWIPS_PER_UNIT[parsed.unit]);
  if (!(twips <= MAX_LENGTH_TWIPS)) throw new RangeError(`"${length}" is longer than Word allows (22in)`);
  return twips;
}

/**
 * The largest length Word accepts for a page measurement: 22 inches (31,680 twips), its largest page
 * and margin. A bigger number would be written as w:left="1.44e+25" (schema-invalid) or, past the
 * range of a double ("1" and 309 zeros), crash the writer; such lengths are LENGTH_RANGE.
 */
export const MAX_LENGTH_TWIPS = 31_680;

/** Whether a length (already matching LENGTH_PATTERN) is within what Word accepts. */
export function lengthInRange(length: string): boolean {
  const parsed = parseLength(length);
  if (!parsed) return true; // not a length at all: LENGTH_INVALID says so
  const twips = parsed.value * TWIPS_PER_UNIT[parsed.unit];
  return Number.isFinite(twips) && Math.round(twips) <= MAX_LENGTH_TWIPS;
}
