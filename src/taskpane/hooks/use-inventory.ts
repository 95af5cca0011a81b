// "In this document": reads the Sectionsmith content controls of the open Word document, compares them
// with the library (model/inventory.ts) and updates one in place: the newer version's fragment is built
// with the engine exactly as an insert builds it (buildFragments, so the same tag and title), then
// WordHost.replaceTaggedContent swaps it into every control carrying the old tag. As tracked changes (the
// default where Word has WordApi 1.4), the fragment is a redline of the old version against the new one
// (build-redline.ts), refused when the section was edited in Word since, as the redline would undo that.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { changeAuthor } from "../model/change-author";
import { ownValues, tagOf } from "../model/stored-values";
import type { Catalogue, Problem, Snippet, Values, Variable } from "../../engine/core";
import type { Engine } from "../engine";
import type { StoredValues, ValuesWarning, WordHost } from "../host";
import type { DocumentState, OutlineSection } from "../model/document";
import {
  buildInventory,
  matchingSection,
  planUpdate,
  type InventoryEntry,
  type UpdatePlan,
} from "../model/inventory";
import { buildFragments } from "./build-pieces";
import { buildTrackedUpdate, firstDifference } from "./build-redline";
import { errorState } from "./use-document-actions";
import type { SnippetRef } from "./use-library";

export type InventoryState =
  | { phase: "idle" }
  | { phase: "loading" }
  | { phase: "working"; tag: string; label: string }
  | { phase: "ready" };

export type InventoryNotice =
  | { intent: "success"; message: string; warnings: Problem[] }
  | { intent: "error"; title: string; action: string; problems: Problem[] };

/**
 * An entry with, when it can be updated, the values the update would use (or what is missing). `asks`:
 * the document can hold values but has none (that fit) for this section — Update asks for them once.
 */
export type InventoryRow = InventoryEntry & { plan?: UpdatePlan; asks?: boolean };

/** The small form Update shows for a section whose values the document does not hold. */
export type ValuesRequest = {
  row: InventoryRow;
  /** The new version's variables, then the old version's others (a redline builds both). */
  variables: Variable[];
  /** Prefilled: the outline's values where it has the section, else the defaults. */
  values: Values;
};

export type InventoryDeps = {
  host: WordHost;
  engine: Engine | undefined;
  /** The libraries parsed once (LibraryApi.catalogue). */
  catalogue: Catalogue | undefined;
  lookup(id: string, version?: number): SnippetRef | undefined;
  variablesOf(snippet: Snippet): { variables: Variable[] };
  doc: DocumentState;
  today: Date;
  /** Who is signed in to the team library: the author of the tracked changes an update makes. */
  user?: string;
};

/** How an update lands: as tracked changes to review (the default where Word can), or replaced silently. */
export type UpdateMode = "tracked" | "silent";

export type InventoryApi = {
  /** False in standalone mode: there is no open document to read. */
  available: boolean;
  updateMode: UpdateMode;
  setUpdateMode(mode: UpdateMode): void;
  /** Why updates cannot be tracked here (Word below WordApi 1.4); undefined when they can. */
  trackedUnavailable?: string;
  state: InventoryState;
  /** Undefined until the document was read once. */
  rows?: InventoryRow[];
  notice?: InventoryNotice;
  refresh(): Promise<void>;
  update(row: InventoryRow): Promise<void>;
  /** Set while Update waits for the values of a section inserted without them. */
  asking?: ValuesRequest;
  /** The values the user gave: the update goes ahead with them, and they are stored with the section. */
  answer(values: Values): Promise<void>;
  cancelAsk(): void;
  /** Stored values that could not be read (treated as missing). */
  valuesWarnings: ValuesWarning[];
  dismiss(): void;
};

export function useInventory(deps: InventoryDeps, options: { autoLoad?: boolean } = {}): InventoryApi {
  const { host, engine, catalogue: loaded, lookup, variablesOf, doc, today, user } = deps;
  const available = host.capabilities().mode === "word";
  const [state, setState] = useState<InventoryState>({ phase: "idle" });
  const [controls, setControls] = useState<Awaited<ReturnType<WordHost["listTaggedContent"]>>>();
  const [notice, setNotice] = useState<InventoryNotice>();
  const [stored, setStored] = useState<{
    sections: Record<string, StoredValues>;
    warnings: ValuesWarning[];
  }>();
  const [asking, setAsking] = useState<ValuesRequest>();
  const storing = host.readSectionValues !== undefined && host.writeSectionValues !== undefined;
  const busy = useRef(false);
  const tracking = host.capabilities().trackChanges;
  const [updateMode, setUpdateMode] = useState<UpdateMode>(tracking?.ok ? "tracked" : "silent");

  // Every version of every snippet: the comparison needs the versions the Library view hides.
  const catalogue = useMemo(() => loaded?.snippets ?? [], [loaded]);

  const rows = useMemo<InventoryRow[] | undefined>(() => {
    if (controls === undefined || engine === undefined) return undefined;
    return buildInventory(controls, catalogue, today).map((entry) => {
      if (!entry.update) return entry;
      const variables = variablesOf(entry.update).variables;
      const kept = stored?.sections[entry.tag];
      if (kept) {
        const plan = planUpdate(variables, { values: kept }, "document");
        return { ...entry, plan, ...(plan.ok ? {} : { asks: true }) };
      }
      const section = matchingSection(doc.sections, entry.id, entry.version, entry.update.version);
      return { ...entry, plan: planUpdate(variables, section), ...(storing ? { asks: true } : {}) };
    });
  }, [controls, engine, catalogue, today, doc.sections, variablesOf, stored, storing]);

  const job = useCallback(async (work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } catch (e) {
      const failed = errorState(e);
      if (failed.phase === "error")
        setNotice({ intent: "error", title: failed.title, action: failed.action, problems: failed.problems });
    } finally {
      busy.current = false;
      setState((s) => (s.phase === "idle" ? s : { phase: "ready" }));
    }
  }, []);

  const read = useCallback(async () => {
    const listed = await host.listTaggedContent();
    // Values that cannot be read are missing values (asked for once), never a failed read.
    setStored(host.readSectionValues ? await host.readSectionValues() : undefined);
    setControls(listed);
  }, [host]);

  const refresh = useCallback(
    () =>
      job(async () => {
        if (!available) return;
        setState({ phase: "loading" });
        setNotice(undefined);
        await read();
      }),
    [job, available, read],
  );

  const update = useCallback(
    (row: InventoryRow, given?: Values) =>
      job(async () => {
        const target = row.update;
        if (!available || !target) return;
        if (engine === undefined) throw new Error("The engine is still loading: try again in a moment.");
        if (row.asks && given === undefined) {
          // Inserted before values travelled with sections (or they no longer fit): ask once.
          const own = variablesOf(target).variables;
          const names = new Set(own.map((v) => v.name));
          const others = row.snippet
            ? variablesOf(row.snippet).variables.filter((v) => !names.has(v.name))
            : [];
          const variables = [...own, ...others];
          setAsking({
            row,
            variables,
            values: planUpdate(variables, { values: row.plan?.values ?? {} }).values,
          });
          return;
        }
        const plan =
          given === undefined ? row.plan : planUpdate(variablesOf(target).variables, { values: given });
        if (plan && !plan.ok)
          throw Object.assign(new Error(`“${target.title}” version ${target.version} needs values first.`), {
            code: "missing-values",
            action: `Open it, fill in ${plan.missing.join(", ")}, add it to the document, then update again.`,
          });
        setNotice(undefined);
        const working = (label: string) => setState({ phase: "working", tag: row.tag, label });
        const matched = matchingSection(doc.sections, row.id, row.version, target.version);
        const section: OutlineSection = {
          key: `inventory:${row.tag}`,
          snippet: row.id,
          version: target.version,
          title: target.title,
          values: plan?.values ?? {},
          headingOffset: matched?.headingOffset ?? 0,
          pageBreakBefore: false,
          numbering: matched?.numbering ?? "restart",
        };
        if (loaded === undefined) throw new Error("The engine is still loading.");
        if (updateMode === "tracked") {
          const old = row.snippet;
          if (!old || row.version === undefined)
            throw Object.assign(
              new Error(`The library no longer has the version of “${row.title}” in the document.`),
              {
                code: "no-old-version",
                action:
                  "Without it there is nothing to compare with: choose “Replace silently” to update it.",
              },
            );
          working(`Comparing version ${row.version} with version ${target.version}…`);
          const built = await buildTrackedUpdate({
            engine,
            catalogue: loaded,
            settings: doc.settings,
            // The old version with the values it was built with, as far as the outline knows them.
            before: {
              ...section,
              version: row.version,
              values: planUpdate(
                variablesOf(old).variables,
                given !== undefined
                  ? { values: given }
                  : row.plan?.from === "document"
                    ? { values: stored?.sections[row.tag] ?? {} }
                    : matched,
              ).values,
            },
            after: section,
            author: changeAuthor(user, target.owner),
            tag: `sectionsmith:${row.id}@${target.version}`,
            title: target.title,
          });
          // Nothing lost: text edited in Word since the insert would be replaced by the library's old text.
          const edited = (controls ?? [])
            .filter((c) => c.tag === row.tag)
            .map((c) => firstDifference(c.text, built.textBefore))
            .find((d) => d !== undefined);
          if (edited !== undefined)
            throw Object.assign(
              new Error(`“${row.title}” was edited in Word since it was inserted (from “${edited}” on).`),
              {
                code: "edited-in-word",
                action:
                  "A redline from the library's version would undo those edits. Update it by hand with Track Changes on, or choose “Replace silently” to overwrite them.",
              },
            );
          working(
            row.count === 1
              ? "Updating it in Word as tracked changes…"
              : `Updating ${row.count} copies as tracked changes…`,
          );
          await host.replaceTaggedContent(row.tag, built.piece, { tracked: true });
          const copies = row.count === 1 ? "" : ` (${row.count} copies)`;
          setNotice({
            intent: "success",
            message: `Updated “${row.title}”${copies} to version ${target.version} as ${built.changes} tracked change${built.changes === 1 ? "" : "s"}: review them in Word (Review → Accept or Reject).`,
            warnings: built.warnings,
          });
        } else {
          const built = await buildFragments({
            engine,
            catalogue: loaded,
            doc: { sections: [section], settings: doc.settings },
            lookup,
            onProgress: () => working(`Building version ${target.version} of “${target.title}”…`),
          });
          const piece = built.pieces[0];
          if (!piece) throw new Error(`Version ${target.version} of “${target.title}” built nothing.`);
          working(row.count === 1 ? "Replacing it in Word…" : `Replacing ${row.count} copies in Word…`);
          await host.replaceTaggedContent(row.tag, piece);
          const copies = row.count === 1 ? "" : ` (${row.count} copies)`;
          setNotice({
            intent: "success",
            message: `Updated “${row.title}”${copies} to version ${target.version}.`,
            warnings: built.warnings,
          });
        }
        // The values go with the section under its new tag, so the next update does not ask.
        if (storing) {
          working("Storing the values with the section…");
          // Not kept (Word refused the write): the section is updated all the same; the next update asks.
          await host.writeSectionValues!({ [tagOf(target)]: ownValues(target, section.values) }).catch(
            () => undefined,
          );
        }
        working("Reading the document again…");
        await read();
      }),
    [
      job,
      available,
      engine,
      doc,
      loaded,
      lookup,
      host,
      read,
      updateMode,
      controls,
      variablesOf,
      stored,
      storing,
    ],
  );

  const answer = useCallback(
    async (values: Values) => {
      const request = asking;
      if (!request) return;
      setAsking(undefined);
      await update(request.row, values);
    },
    [asking, update],
  );

  // Read the document once, when the panel first shows with the engine ready; later only on request
  // (Refresh, and after an update), so the pane does not talk to Word behind the user's back.
  const autoLoad = options.autoLoad ?? true;
  const started = useRef(false);
  useEffect(() => {
    if (!autoLoad || !available || engine === undefined || started.current) return;
    started.current = true;
    void refresh();
  }, [autoLoad, available, engine, refresh]);

  const dismiss = useCallback(() => setNotice(undefined), []);
  return {
    available,
    updateMode,
    setUpdateMode: (mode: UpdateMode) => setUpdateMode(mode === "tracked" && !tracking?.ok ? "silent" : mode),
    ...(tracking?.ok ? {} : { trackedUnavailable: tracking?.why ?? "This Word cannot track an update." }),
    state,
    ...(rows ? { rows } : {}),
    ...(notice ? { notice } : {}),
    refresh,
    update: (row: InventoryRow) => update(row),
    ...(asking ? { asking } : {}),
    answer,
    cancelAsk: () => setAsking(undefined),
    valuesWarnings: stored?.warnings ?? [],
    dismiss,
  };
}
