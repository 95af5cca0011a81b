// Numbering: list references that resolve, and abstract definitions with all nine levels.

import { duplicates, isW, kids, wAttr, wKids } from "./context";
import type { WordRule } from "./rule";

export const numberingReferences: WordRule = {
  code: "WORD_NUMBERING_REF",
  reason:
    "every w:numId used must name a w:num, every w:num must name an existing w:abstractNum, and their ids must be unique",
  source: "ECMA-376 Part 1 §17.9.16–17.9.19 (num, numId, abstractNumId); Sectionsmith issue 10",
  check(ctx, report) {
    const part = ctx.partOf("/numbering");
    const nums = part ? ctx.w(part, "num") : [];
    const abstracts = part ? ctx.w(part, "abstractNum") : [];
    if (part) {
      for (const id of duplicates(nums.map((n) => wAttr(n, "numId") ?? "(none)"))) {
        report(part, `w:num ${id} is defined more than once`);
      }
      const abstractIds = abstracts.map((a) => wAttr(a, "abstractNumId") ?? "(none)");
      for (const id of duplicates(abstractIds)) report(part, `w:abstractNum ${id} is defined more than once`);
      const known = new Set(abstractIds);
      for (const n of nums) {
        const ref = wKids(n, "abstractNumId")[0];
        const v = ref ? wAttr(ref, "val") : undefined;
        if (v === undefined || !known.has(v)) {
          report(
            part,
            `w:num ${wAttr(n, "numId")} points to w:abstractNum ${v ?? "(none)"}, which does not exist`,
          );
        }
      }
    }
    const numIds = new Set(nums.map((n) => wAttr(n, "numId")));
    const styles = ctx.partOf("/styles");
    const users = [...ctx.stories, ...(styles ? [styles] : []), ...(part ? [part] : [])];
    for (const user of users) {
      // w:numId inside w:num is not a use; only numPr/numId (paragraphs, styles, lvl pStyle links) are.
      for (const numPr of ctx.w(user, "numPr")) {
        for (const el of wKids(numPr, "numId")) {
          const v = wAttr(el, "val") ?? "(none)";
          if (v === "0") continue; // numId 0 removes numbering
          if (!numIds.has(v))
            report(user, `w:numId ${v} names no w:num${part ? ` in ${part}` : " (no numbering part)"}`);
        }
      }
    }
  },
};

export const abstractNumLevels: WordRule = {
  code: "WORD_ABSTRACTNUM_LEVELS",
  reason: "a w:abstractNum must define all nine levels, w:ilvl 0–8, once each, as Word writes them",
  source: "anthropics/skills#1569, anthropics/skills#1060",
  check(ctx, report) {
    const part = ctx.partOf("/numbering");
    if (!part) return;
    for (const a of ctx.w(part, "abstractNum")) {
      // A definition that links to a numbering style has no levels of its own: Word writes it so
      // (thomas-villani/all2md#488).
      if (kids(a).some((c) => isW(c, "numStyleLink"))) continue;
      const levels = wKids(a, "lvl").map((l) => wAttr(l, "ilvl") ?? "(none)");
      const id = wAttr(a, "abstractNumId");
      const missing = ["0", "1", "2", "3", "4", "5", "6", "7", "8"].filter((l) => !levels.includes(l));
      const extra = levels.filter((l) => !/^[0-8]$/.test(l));
      const dup = duplicates(levels);
      if (missing.length > 0) report(part, `w:abstractNum ${id} has no level ${missing.join(", ")}`);
      if (extra.length > 0) report(part, `w:abstractNum ${id} has level ${extra.join(", ")} outside 0–8`);
      if (dup.length > 0) report(part, `w:abstractNum ${id} defines level ${dup.join(", ")} more than once`);
    }
  },
};
