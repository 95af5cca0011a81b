// Package level: content types, relationships, hyperlink targets and empty parts.

import { NS } from "../ooxml/namespaces";
import { relsPathOf, resolveTarget } from "../ooxml/package";
import { attr, elements } from "../ooxml/xml-lite";
import { duplicates, kids } from "./context";
import type { WordRule } from "./rule";
import { uriProblem } from "./uri";

const MAIN_TYPES = new Set([
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
  "application/vnd.ms-word.document.macroEnabled.main+xml",
  "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
]);

const WML = "application/vnd.openxmlformats-officedocument.wordprocessingml";
/** Content type of the part each relationship type of the main part names. */
const PART_TYPES: Record<string, string> = {
  styles: `${WML}.styles+xml`,
  numbering: `${WML}.numbering+xml`,
  settings: `${WML}.settings+xml`,
  fontTable: `${WML}.fontTable+xml`,
  footnotes: `${WML}.footnotes+xml`,
  endnotes: `${WML}.endnotes+xml`,
  comments: `${WML}.comments+xml`,
  header: `${WML}.header+xml`,
  footer: `${WML}.footer+xml`,
  theme: "application/vnd.openxmlformats-officedocument.theme+xml",
};

export const contentTypes: WordRule = {
  code: "WORD_CONTENT_TYPE",
  reason:
    "[Content_Types].xml must give every part a content type (the main part and its related parts their own), and name only parts that exist, once",
  source: "PHPOffice/PHPWord#125",
  check(ctx, report) {
    const CT = "[Content_Types].xml";
    const types = ctx.pkg.xml.get(CT);
    if (!types) {
      report("(package)", "[Content_Types].xml is missing or unreadable");
      return;
    }
    const defaults = new Map<string, string>();
    const overrides = new Map<string, string>();
    const defaultList: string[] = [];
    const overrideList: string[] = [];
    for (const el of kids(types)) {
      if (el.ns !== NS.ct) continue;
      const type = attr(el, "", "ContentType") ?? "";
      if (el.local === "Default") {
        const ext = (attr(el, "", "Extension") ?? "").toLowerCase();
        defaultList.push(ext);
        defaults.set(ext, type);
      } else if (el.local === "Override") {
        const name = (attr(el, "", "PartName") ?? "").replace(/^\/+/, "");
        overrideList.push(name.toLowerCase());
        overrides.set(name, type);
      }
    }
    for (const d of duplicates(defaultList))
      report(CT, `Default for extension "${d}" appears more than once`);
    for (const o of duplicates(overrideList)) report(CT, `Override for /${o} appears more than once`);
    const present = new Set(ctx.pkg.names);
    const typeOf = (name: string): string | undefined => {
      if (overrides.has(name)) return overrides.get(name);
      const dot = name.lastIndexOf(".");
      return dot > name.lastIndexOf("/") ? defaults.get(name.slice(dot + 1).toLowerCase()) : undefined;
    };
    for (const name of ctx.pkg.names) {
      if (name !== CT && typeOf(name) === undefined) report(name, "the part has no content type");
    }
    for (const o of overrides.keys())
      if (!present.has(o)) report(CT, `Override names /${o}, which is not in the package`);
    if (ctx.main && present.has(ctx.main) && !MAIN_TYPES.has(typeOf(ctx.main) ?? "")) {
      report(CT, `main part /${ctx.main} has content type "${typeOf(ctx.main) ?? "(none)"}"`);
    }
    // Word finds the main part's related parts by relationship and reads them by content type.
    for (const rel of ctx.mainRels.values()) {
      const kind = rel.type.split("/").pop() ?? "";
      const expected = PART_TYPES[kind];
      if (rel.external || !expected || !ctx.main) continue;
      const target = resolveTarget(ctx.main, rel.target);
      const actual = typeOf(target);
      if (present.has(target) && actual !== expected) {
        report(CT, `/${target} (${kind}) has content type "${actual ?? "(none)"}", expected "${expected}"`);
      }
    }
  },
};

export const relationships: WordRule = {
  code: "WORD_RELATIONSHIP",
  reason:
    "relationship ids must be unique per part, internal targets must exist, every r:id must resolve, and header/footer references must point to header/footer parts",
  source: "PHPOffice/PHPWord#125, anthropics/skills#1569",
  check(ctx, report) {
    const present = new Set(ctx.pkg.names);
    for (const [name, root] of ctx.pkg.xml) {
      const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(name);
      if (!m) continue;
      const source = `${m[1]}${m[2]}`;
      const ids: string[] = [];
      for (const el of kids(root)) {
        if (el.ns !== NS.rel || el.local !== "Relationship") continue;
        const id = attr(el, "", "Id") ?? "";
        ids.push(id);
        if (attr(el, "", "TargetMode") === "External") continue;
        const target = resolveTarget(source, attr(el, "", "Target") ?? "");
        if (!present.has(target) && !present.has(safeDecode(target))) {
          report(name, `relationship ${id} targets ${target}, which is not in the package`);
        }
      }
      for (const id of duplicates(ids)) report(name, `relationship Id ${id} is used more than once`);
    }
    for (const [part, root] of ctx.pkg.xml) {
      if (!part.endsWith(".xml")) continue;
      const rels = ctx.pkg.rels.get(part) ?? new Map();
      for (const el of elements(root)) {
        for (const a of el.attrs) {
          if (a.ns !== NS.r) continue;
          const rel = rels.get(a.value);
          if (!rel) {
            report(part, `${el.qname} ${a.qname}="${a.value}" names no relationship of ${part}`);
            continue;
          }
          const kind = el.ns === NS.w && /^(header|footer)Reference$/.exec(el.local)?.[1];
          if (kind && !rel.type.endsWith(`/${kind}`)) {
            report(
              part,
              `w:${kind}Reference ${a.value} points to a ${rel.type.split("/").pop()} relationship`,
            );
          }
        }
      }
    }
  },
};

export const hyperlinkUri: WordRule = {
  code: "WORD_HYPERLINK_URI",
  reason:
    "an external hyperlink target must be a valid URI (RFC 3986): no spaces, only %HH escapes, [ ] only around an IP host",
  source:
    "office-kit/xlsx#117, dotnet/Open-XML-SDK#85, xceedsoftware/DocX#324, https://www.rfc-editor.org/rfc/rfc3986",
  check(ctx, report) {
    for (const [source, rels] of ctx.pkg.rels) {
      for (const rel of rels.values()) {
        if (!rel.external || !rel.type.endsWith("/hyperlink")) continue;
        const problem = uriProblem(rel.target);
        if (problem)
          report(
            source === "" ? "_rels/.rels" : relsPathOf(source),
            `hyperlink ${rel.id} → ${JSON.stringify(rel.target)}: ${problem}`,
          );
      }
    }
  },
};

export const emptyParts: WordRule = {
  code: "WORD_PART_EMPTY",
  reason: "a part that a relationship names must not be empty (or unreadable)",
  source: "jgm/pandoc#2032, anthropics/skills#570",
  check(ctx, report) {
    for (const [source, rels] of ctx.pkg.rels) {
      for (const rel of rels.values()) {
        if (rel.external) continue;
        const target = resolveTarget(source, rel.target);
        if (/\.(xml|rels)$/.test(target) && ctx.pkg.names.includes(target) && !ctx.pkg.xml.has(target)) {
          report(
            target,
            `relationship ${rel.id} of ${source || "the package"} names it, but it is empty or not XML`,
          );
        }
      }
    }
  },
};

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
