// "In this document": reads the Sectionsmith content controls of the open Word document, compares them
// with the library (model/inventory.ts) and updates one in place: the newer version's fragment is built
// with the engine exactly as an insert builds it (buildFragments, so the same tag and title), then
// WordHost.replaceTaggedContent swaps it into every control carrying the old tag. As tracked changes (the
// default where Word has WordApi 1.4), the fragment is a redline of the old version against the new one
// (build-redline.ts), refused when the section was edited in Word since, as the redline would undo that.

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { changeAuthor } from "../model/change-author";
import type { Catalogue, Problem, Snippet, Variable } from "../../engine/core";
import type { Engine } from "../engine";
import type { WordHost } from "../host";
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

/** An entry with, when it can be updated, the values the update would use (or what is missing). */
export type InventoryRow = InventoryEntry & { plan?: UpdatePlan };

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
  dismiss(): void;
};

export function useInventory(deps: InventoryDeps, options: { autoLoad?: boolean } = {}): InventoryApi {
  const { host, engine, catalogue: loaded, lookup, variablesOf, doc, today, user } = deps;
  const available = host.capabilities().mode === "word";
  const [state, setState] = useState<InventoryState>({ phase: "idle" });
  const [controls, setControls] = useState<Awaited<ReturnType<WordHost["listTaggedContent"]>>>();
  const [notice, setNotice] = useState<InventoryNotice>();
  const busy = useRef(false);
  const tracking = host.capabilities().trackChanges;
  const [updateMode, setUpdateMode] = useState<UpdateMode>(tracking?.ok ? "tracked" : "silent");

  // Every version of every snippet: the comparison needs the versions the Library view hides.
  const catalogue = useMemo(() => loaded?.snippets ?? [], [loaded]);

  const rows = useMemo<InventoryRow[] | undefined>(() => {
    if (controls === undefined || engine === undefined) return undefined;
    return buildInventory(controls, catalogue, today).map((entry) => {
      if (!entry.update) return entry;
      const section = matchingSection(doc.sections, entry.id, entry.version, entry.update.version);
      return { ...entry, plan: planUpdate(variablesOf(entry.update).variables, section) };
    });
  }, [controls, engine, catalogue, today, doc.sections, variablesOf]);

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
    setControls(await host.listTaggedContent());
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
    (row: InventoryRow) =>
      job(async () => {
        const target = row.update;
        if (!available || !target) return;
        if (engine === undefined) throw new Error("The engine is still loading: try again in a moment.");
        const plan = row.plan;
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
              values: planUpdate(variablesOf(old).variables, matched).values,
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
        working("Reading the document again…");
        await read();
      }),
    [job, available, engine, doc, loaded, lookup, host, read, updateMode, controls, variablesOf],
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
    update,
    dismiss,
  };
}
