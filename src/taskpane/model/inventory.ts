// The document inventory: which snippets are in the open Word document (from the content-control tags the
// pane writes, "sectionsmith:<id>@<version>"), compared with the library. Pure functions, no React, no
// Office: the hook (hooks/use-inventory.ts) feeds them what WordHost.listTaggedContent() returns.
//
// Successors: a deprecated snippet's successor is
//   1. the snippet its replacedBy field names (Sectionsmith's extension of the contract, see
//      docs/file-formats.md), when the library has it and it is not deprecated itself;
//   2. for files written without that field, one its description names: "Superseded by nda-mutual-v2" /
//      "Replaced by …" / "Use … instead" (an id, optionally followed by "v2" / "version 2");
//   3. otherwise the version of the same id the library would use now, when that is not deprecated.

import { selectSnippet, snippetHealth, type Snippet, type Values, type Variable } from "../../engine/core";
// The tag contract lives with the WordHost type (pure TypeScript, no Office.js).
import { TAG_PREFIX } from "../host";
import type { OutlineSection } from "./document";
import { initialValues, labelOf, validateAll } from "./values";

export type TaggedContent = { tag: string; title: string; text: string };

/** "sectionsmith:payment-terms@2" → { id: "payment-terms", version: 2 }; undefined for other tags. */
export function parseTag(tag: string): { id: string; version?: number } | undefined {
  if (!tag.startsWith(TAG_PREFIX)) return undefined;
  const rest = tag.slice(TAG_PREFIX.length).trim();
  const m = /^([a-z0-9][a-z0-9._-]{0,99})(?:@(\d+))?$/.exec(rest);
  if (!m) return undefined;
  return m[2] === undefined ? { id: m[1]! } : { id: m[1]!, version: Number(m[2]) };
}

export type InventoryFlag = "current" | "newer" | "deprecated" | "stale" | "draft" | "unknown";

export type InventoryEntry = {
  /** The content-control tag (every control with it is updated together). */
  tag: string;
  id: string;
  /** The version written in the tag; undefined when the tag has none. */
  version?: number;
  /** The control's title, else the library's title, else the id. */
  title: string;
  /** How many content controls carry this tag (the same section inserted more than once). */
  count: number;
  /** The library's snippet at the tag's version, when the library still has it. */
  snippet?: Snippet;
  /** The newest approved version above the tag's version: what "Update" puts in. */
  update?: Snippet;
  /** For a deprecated snippet: what replaces it, when the library says. */
  successor?: Snippet;
  /** Never empty: "current" alone, or every reason to look at it. */
  flags: InventoryFlag[];
  /** One sentence for the user: what is wrong (or that all is well). */
  summary: string;
};

/** The library a comparison needs: every version of every snippet. */
export type Catalogue = readonly Snippet[];

/** The newest approved version of `id` above `version` (any approved version when `version` is unknown). */
export function newerApproved(
  snippets: Catalogue,
  id: string,
  version: number | undefined,
): Snippet | undefined {
  let best: Snippet | undefined;
  for (const s of snippets) {
    if (s.id !== id || s.status !== "approved") continue;
    if (version !== undefined && s.version <= version) continue;
    if (!best || s.version > best.version) best = s;
  }
  return best;
}

const NAMED_SUCCESSOR =
  /\b(?:superseded|replaced)\s+by\s+["“]?([a-z0-9][a-z0-9._-]*[a-z0-9])["”]?(?:\s*(?:v|version\s*)(\d+))?|\buse\s+["“]?([a-z0-9][a-z0-9._-]*[a-z0-9])["”]?(?:\s*(?:v|version\s*)(\d+))?\s+instead\b/i;

/** What replaces a deprecated snippet (see the comment at the top), or undefined. */
export function successorOf(snippet: Snippet, snippets: Catalogue): Snippet | undefined {
  if (snippet.status !== "deprecated") return undefined;
  // The library's own answer first (the replacedBy extension), then what older files say in words.
  if (snippet.replacedBy !== undefined) {
    const named = selectSnippet(snippets, snippet.replacedBy);
    if (named && named !== snippet && named.status !== "deprecated") return named;
  }
  const m = NAMED_SUCCESSOR.exec(snippet.description ?? "");
  if (m) {
    const id = (m[1] ?? m[3])!.toLowerCase();
    const version = m[2] ?? m[4];
    const named =
      (version !== undefined ? selectSnippet(snippets, id, Number(version)) : undefined) ??
      selectSnippet(snippets, id);
    if (named && named !== snippet && named.status !== "deprecated") return named;
  }
  const current = selectSnippet(snippets, snippet.id);
  return current && current !== snippet && current.status !== "deprecated" ? current : undefined;
}

/**
 * One entry per distinct tag, in document order of its first control. Controls whose tag is not a
 * Sectionsmith tag are left out.
 */
export function buildInventory(
  controls: readonly TaggedContent[],
  snippets: Catalogue,
  today: Date,
): InventoryEntry[] {
  const byTag = new Map<string, InventoryEntry>();
  for (const control of controls) {
    const existing = byTag.get(control.tag);
    if (existing) {
      existing.count += 1;
      continue;
    }
    const parsed = parseTag(control.tag);
    if (!parsed) continue;
    byTag.set(control.tag, entryFor(control, parsed, snippets, today));
  }
  return [...byTag.values()];
}

function entryFor(
  control: TaggedContent,
  { id, version }: { id: string; version?: number },
  snippets: Catalogue,
  today: Date,
): InventoryEntry {
  const snippet = version === undefined ? undefined : selectSnippet(snippets, id, version);
  const known = snippets.some((s) => s.id === id);
  const update = known ? newerApproved(snippets, id, version) : undefined;
  const successor = snippet ? successorOf(snippet, snippets) : undefined;
  const flags: InventoryFlag[] = [];
  if (!snippet) flags.push("unknown");
  if (update) flags.push("newer");
  if (snippet?.status === "deprecated") flags.push("deprecated");
  if (snippet?.status === "draft") flags.push("draft");
  if (snippet && snippetHealth(snippet, today).stale) flags.push("stale");
  if (flags.length === 0) flags.push("current");
  const title = control.title.trim() || snippet?.title || update?.title || id;
  const entry: InventoryEntry = { tag: control.tag, id, title, count: 1, flags, summary: "" };
  if (version !== undefined) entry.version = version;
  if (snippet) entry.snippet = snippet;
  if (update) entry.update = update;
  if (successor) entry.successor = successor;
  entry.summary = summarise(entry, known);
  return entry;
}

function summarise(e: InventoryEntry, known: boolean): string {
  const parts: string[] = [];
  if (e.flags.includes("unknown"))
    parts.push(
      !known
        ? "Not in your library (inserted from another library, or deleted since)."
        : e.version === undefined
          ? "The tag records no version."
          : `Version ${e.version} is no longer in your library.`,
    );
  // A deprecated version whose successor is the newer version of the same id: say it once.
  const replacedByUpdate = e.successor !== undefined && e.successor === e.update;
  if (e.update && !replacedByUpdate) parts.push(`Version ${e.update.version} is approved in the library.`);
  if (e.flags.includes("deprecated"))
    parts.push(
      e.successor
        ? e.successor.id === e.id
          ? `Deprecated: replaced by version ${e.successor.version}.`
          : `Deprecated: replaced by “${e.successor.title}” (${e.successor.id}).`
        : "Deprecated, with no replacement named.",
    );
  if (e.flags.includes("draft")) parts.push("A draft that was never approved.");
  if (e.flags.includes("stale") && e.snippet) parts.push(`Past its review date (${e.snippet.reviewBy}).`);
  return parts.length > 0 ? parts.join(" ") : "Up to date.";
}

/** Entries that need attention first (in document order), then the current ones. */
export function needsAttention(entries: readonly InventoryEntry[]): InventoryEntry[] {
  return entries.filter((e) => !e.flags.includes("current"));
}

/**
 * The outline section whose values an update should reuse: the same snippet id, preferring one already on
 * the target version (the user filled in the new version's form), then one on the tag's version, then the
 * last one with that id. Undefined when the outline has none.
 */
export function matchingSection(
  sections: readonly OutlineSection[],
  id: string,
  tagVersion: number | undefined,
  targetVersion: number,
): OutlineSection | undefined {
  const same = sections.filter((s) => s.snippet === id);
  return (
    same.find((s) => s.version === targetVersion) ??
    (tagVersion !== undefined ? same.find((s) => s.version === tagVersion) : undefined) ??
    same.at(-1)
  );
}

/** Where an update's values come from: stored in the document with the section, the outline, or defaults. */
export type PlanSource = "document" | "outline" | "defaults";
export type UpdatePlan =
  | { ok: true; values: Values; from: PlanSource }
  | { ok: false; values: Values; from: PlanSource; missing: string[] };

/**
 * The values to build the new version with: the matching section's (only those the new version has a
 * variable for), over the new version's defaults. When a required value is missing or a value no longer
 * fits (a choice option removed, a tighter maximum), the plan says which fields, and nothing is updated.
 */
export function planUpdate(
  variables: readonly Variable[],
  section: Pick<OutlineSection, "values"> | undefined,
  source: PlanSource = "outline",
): UpdatePlan {
  const names = new Set(variables.map((v) => v.name));
  const given: Values = {};
  for (const [k, v] of Object.entries(section?.values ?? {})) if (names.has(k)) given[k] = v;
  const values = initialValues(variables, given);
  const from = section ? source : "defaults";
  const errors = validateAll(variables, values);
  if (errors.size === 0) return { ok: true, values, from };
  const missing: string[] = [];
  for (const key of errors.keys()) {
    const name = key.replace(/\[.*$/, "");
    const v = variables.find((x) => x.name === name);
    const label = v ? labelOf(v) : name;
    if (!missing.includes(label)) missing.push(label);
  }
  return { ok: false, values, from, missing };
}
