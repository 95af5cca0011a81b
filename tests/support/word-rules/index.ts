// The Word rules check: what Word itself needs beyond ECMA-376 schema validity. Each rule has a code,
// a one-line reason and the public report it comes from (listed in docs/decisions.md, "Word rules we
// follow"). It runs over a package read by ooxml/package.ts and is part of checkDocx (ooxml-check.ts).
// Fragments (no final w:sectPr, pruned styles) are checked by the same rules: none needs a sectPr.

import type { OpcPackage } from "../ooxml/package";
import { wordContext } from "./context";
import { authorNames, bookmarkIds, bookmarkNames, commentIds, contentControlIds, drawingIds } from "./ids";
import { bookmarkNameForm, fieldStructure, refTarget } from "./fields";
import { languageTag } from "./language";
import { lastMarkRevision } from "./last-mark";
import { noteIds, noteSeparator, notesPartMissing } from "./notes";
import { abstractNumLevels, numberingReferences } from "./numbering";
import { contentTypes, emptyParts, hyperlinkUri, relationships } from "./package-rules";
import { deletedText, fieldCodeRevision, revisionAuthor, revisionIds } from "./revisions";
import type { WordRule, WordRuleFinding } from "./rule";
import { tableGrid, tablesApart } from "./tables";
import { sdtInCell, textNewline } from "./text";

export type { WordRule, WordRuleFinding } from "./rule";

export const WORD_RULES: readonly WordRule[] = [
  noteSeparator,
  notesPartMissing,
  noteIds,
  bookmarkIds,
  bookmarkNames,
  bookmarkNameForm,
  fieldStructure,
  refTarget,
  commentIds,
  authorNames,
  drawingIds,
  contentControlIds,
  numberingReferences,
  abstractNumLevels,
  textNewline,
  sdtInCell,
  languageTag,
  revisionIds,
  revisionAuthor,
  deletedText,
  fieldCodeRevision,
  lastMarkRevision,
  tableGrid,
  tablesApart,
  contentTypes,
  relationships,
  hyperlinkUri,
  emptyParts,
];

const BY_CODE = new Map(WORD_RULES.map((r) => [r.code, r]));

export function wordRule(code: string): WordRule | undefined {
  return BY_CODE.get(code);
}

/** Runs every rule over a parsed package; findings in rule order. */
export function checkWordRules(pkg: OpcPackage): WordRuleFinding[] {
  const ctx = wordContext(pkg);
  const findings: WordRuleFinding[] = [];
  for (const rule of WORD_RULES) {
    rule.check(ctx, (part, detail) => findings.push({ code: rule.code, part, detail }));
  }
  return findings;
}

/** "word/footnotes.xml: WORD_NOTE_SEPARATOR: <reason> (<detail>)" */
export function formatWordFinding(f: WordRuleFinding): string {
  return `${f.part}: ${f.code}: ${BY_CODE.get(f.code)?.reason ?? "Word rule"} (${f.detail})`;
}
