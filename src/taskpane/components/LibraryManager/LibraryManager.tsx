// Manage: the user's own library. Export all (or the selected snippets) as a library file, import one
// through the import report, and create, edit, duplicate, delete snippets and see their version history.

import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { htmlToMarkdown } from "../../capture/html-to-markdown";
import type { WordHost } from "../../host";
import type { LibraryApi } from "../../hooks/use-library";
import type { LibraryStoreApi } from "../../hooks/use-library-store";
import type { DocumentSettings } from "../../model/document";
import type { KeyValueStore } from "../../model/storage";
import { saveBlob } from "../../model/download";
import {
  deleteSnippet,
  duplicateSnippet,
  exportLibrary,
  libraryFileText,
  recordKey,
  type ImportReport as Report,
  type RawSnippet,
  type SnippetRecord,
} from "../../store";
import { countsText } from "../../model/library-counts";
import { ImportReport } from "../ImportReport/ImportReport";
import { DocxImport } from "../DocxImport/DocxImport";
import { useDocxImport } from "../../hooks/use-docx-import";
import { ProblemList } from "../ProblemList/ProblemList";
import { SnippetEditor, type EditorDraft } from "../SnippetEditor/SnippetEditor";
import { VersionHistory } from "../VersionHistory/VersionHistory";
import { useEditorDraft } from "../../hooks/use-editor-draft";
import { useLibraryManagerStyles } from "./LibraryManager.styles";
import { DeletedNotice } from "./DeletedNotice";
import { LibraryToolbar } from "./LibraryToolbar";
import { Row, titleOf } from "./LibraryRow";

export { CAPTURE_UNAVAILABLE } from "./LibraryToolbar";

export type LibraryManagerProps = {
  /** For "Capture from Word" (reads the selection as HTML) and "Import this document". */
  host?: Pick<WordHost, "getSelectionHtml" | "documentFile">;
  /** Outside Word there is no selection to capture: the button is disabled and its tooltip says why. */
  standalone?: boolean;
  library: LibraryApi;
  libraryStore: LibraryStoreApi;
  settings: DocumentSettings;
  today: Date;
  /** The pane's state store: unsaved editor changes are kept there (EDITOR_DRAFT_KEY) until saved or discarded. */
  store?: KeyValueStore;
  /** Who is signed in to the team library: the author of the redlines History downloads. */
  user?: string;
};

type Mode =
  | { kind: "list" }
  | {
      kind: "edit";
      id?: string;
      version?: number;
      message?: string;
      seed?: RawSnippet;
      restored?: EditorDraft;
    }
  | { kind: "history"; id: string };

export const EXPORT_FILE = "sectionsmith-library.json";

export function LibraryManager({
  host,
  standalone = false,
  library,
  libraryStore,
  settings,
  today,
  store,
  user,
}: LibraryManagerProps) {
  const styles = useLibraryManagerStyles();
  const { snapshot, commit } = libraryStore;
  const [mode, setMode] = useState<Mode>({ kind: "list" });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [report, setReport] = useState<Report>();
  const [message, setMessage] = useState<{ intent: "success" | "error"; text: string }>();
  const [busy, setBusy] = useState(false);
  // The last snippet deleted, for "Deleted … Undo" (put back as it was, at its place in the library). The
  // notice stands where its row stood, with focus on Undo: where the user is looking, not at the top of
  // a long list. After Undo (or closing an editor) focus goes back to the row's Edit button (`focusRow`).
  const [deleted, setDeleted] = useState<{ record: SnippetRecord; at: number }>();
  const [focusRow, setFocusRow] = useState<string>();
  const undoButton = useRef<HTMLButtonElement>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement>());
  const records = useMemo(() => snapshot?.records ?? [], [snapshot]);
  const docx = useDocxImport(library, libraryStore, host);

  // Unsaved changes from before (another tab, a closed pane) reopen the editor they were made in.
  const keepDraft = useEditorDraft(store, (kept) =>
    setMode({
      kind: "edit",
      ...(kept.id !== undefined ? { id: kept.id, version: kept.version } : {}),
      restored: kept,
      message: "Your unsaved changes were kept: save them, or go back to the list to discard them.",
    }),
  );
  useEffect(() => {
    if (deleted) focusInView(undoButton.current);
  }, [deleted]);
  useEffect(() => {
    if (focusRow === undefined || mode.kind !== "list") return;
    const button = editButtons.current.get(focusRow);
    if (!button) return;
    focusInView(button);
    setFocusRow(undefined);
  });

  if (!snapshot) return null;

  const run = async (work: () => Promise<string | undefined>) => {
    setBusy(true);
    setDeleted(undefined);
    try {
      const text = await work();
      setMessage(text ? { intent: "success", text } : undefined);
    } catch (e) {
      setMessage({ intent: "error", text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  const download = (keys?: ReadonlySet<string>) => {
    const file = exportLibrary(snapshot, keys);
    saveBlob(new Blob([libraryFileText(file)], { type: "application/json" }), EXPORT_FILE);
    // Counted as the heading counts: snippets (ids), and the versions when there are more of those.
    const snippets = new Set(file.snippets.map((s) => s.id)).size;
    const versions = file.snippets.length;
    const counted = `${snippets} snippet${snippets === 1 ? "" : "s"}${versions !== snippets ? ` (${versions} versions)` : ""}`;
    setMessage({ intent: "success", text: `Exported ${counted} to ${EXPORT_FILE}.` });
  };

  const onFile = async (file: File) => {
    await run(async () => {
      setReport(await library.reportFor(file));
      return undefined;
    });
  };

  const confirmImport = (r: Report) =>
    run(async () => {
      const result = await library.applyReport(r);
      if (result.report) {
        setReport(result.report); // the library changed meanwhile: a fresh report to confirm
        return "The library changed while you were looking; here is the up-to-date report.";
      }
      setReport(undefined);
      if (!result.ok) throw new Error(`${r.source} could not be imported.`);
      return `Imported ${r.source}.`;
    });

  if (mode.kind === "edit")
    return (
      <SnippetEditor
        key={`${mode.id ?? "new"}@${mode.version ?? 0}`}
        record={
          mode.id !== undefined
            ? records.find((r) => r.id === mode.id && r.version === mode.version)
            : undefined
        }
        library={library}
        libraryStore={libraryStore}
        settings={settings}
        today={today}
        {...(mode.message ? { initialMessage: mode.message } : {})}
        {...(mode.seed ? { seed: mode.seed } : {})}
        {...(mode.restored ? { restored: mode.restored } : {})}
        onDraftChange={keepDraft}
        onOpen={(id, version, message) =>
          setMode({ kind: "edit", id, version, ...(message ? { message } : {}) })
        }
        onClose={() => setMode({ kind: "list" })}
      />
    );
  if (mode.kind === "history")
    return (
      <VersionHistory
        id={mode.id}
        records={records.filter((r) => r.id === mode.id)}
        libraryStore={libraryStore}
        {...(library.catalogue ? { catalogue: library.catalogue } : {})}
        locale={settings.locale}
        {...(user ? { user } : {})}
        onOpen={(id, version) => setMode({ kind: "edit", id, version })}
        onClose={() => setMode({ kind: "list" })}
      />
    );

  const capture = () =>
    run(async () => {
      if (!host) return undefined;
      const { markdown, lost } = htmlToMarkdown(await host.getSelectionHtml());
      if (markdown === "") throw new Error("Select some text in the document first, then capture it.");
      const message =
        lost.length === 0
          ? "Captured the selection as a new draft: give it an id and a title, then save."
          : `Captured the selection as a new draft. Not carried: ${lost.join("; ")}.`;
      setMode({ kind: "edit", message, seed: { id: "", title: "", status: "draft", body: markdown } });
      return undefined;
    });

  const undoDelete = (record: SnippetRecord) =>
    run(async () => {
      if (records.some((r) => r.id === record.id && r.version === record.version))
        throw new Error(`${titleOf(record)} version ${record.version} is already back in the library.`);
      await commit({
        changes: [{ type: "put", record }],
        history: [{ action: "restore", id: record.id, version: record.version, detail: "undo of a delete" }],
      });
      setFocusRow(recordKey(record.id, record.version));
      return `Restored ${titleOf(record)} version ${record.version}.`;
    });

  const deletedNotice = deleted && message && (
    <DeletedNotice message={message} busy={busy} undoRef={undoButton} onUndo={() => void undoDelete(deleted.record)} />
  );

  const toggle = (key: string, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <div className={styles.root}>
      <h2 className={styles.title}>
        {snapshot.name ?? "My library"} ({countsText(library.sources[0]?.counts ?? library.counts)})
      </h2>
      <LibraryToolbar
        selectedCount={selected.size}
        busy={busy}
        capture={!host ? "none" : standalone ? "standalone" : "word"}
        onExport={(selectedOnly) => download(selectedOnly ? selected : undefined)}
        onImportFile={(file) => void onFile(file)}
        onNew={() => setMode({ kind: "edit" })}
        onCapture={() => void capture()}
      />
      <DocxImport api={docx} inWord={!standalone && host?.documentFile !== undefined} />
      {message && !deleted && (
        <MessageBar intent={message.intent} layout="multiline">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      {report && (
        <ImportReport
          report={report}
          busy={busy}
          onConfirm={(picked) => void confirmImport(picked)}
          onCancel={() => setReport(undefined)}
        />
      )}
      {library.hidden.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              Some snippets have errors and are not offered in the Library until fixed:
            </MessageBarTitle>
            <ProblemList problems={library.hidden} />
          </MessageBarBody>
        </MessageBar>
      )}
      <ul className={styles.list} aria-label="Snippets in your library">
        {records.map((r, i) => (
          <Fragment key={recordKey(r.id, r.version)}>
            {deleted?.at === i && deletedNotice}
            <Row
              record={r}
              editRef={(el) => {
                const key = recordKey(r.id, r.version);
                if (el) editButtons.current.set(key, el);
                else editButtons.current.delete(key);
              }}
              selected={selected.has(recordKey(r.id, r.version))}
              onSelect={(on) => toggle(recordKey(r.id, r.version), on)}
              onEdit={() => {
                setFocusRow(recordKey(r.id, r.version)); // for when the editor closes
                setMode({ kind: "edit", id: r.id, version: r.version });
              }}
              onHistory={() => setMode({ kind: "history", id: r.id })}
              onDuplicate={() =>
                void run(async () => {
                  const edit = duplicateSnippet(snapshot, r.id, r.version);
                  await commit(edit);
                  return `Duplicated as ${edit.id}.`;
                })
              }
              onDelete={() =>
                // No "are you sure": the deletion is done at once and offered back (Undo) instead.
                void run(async () => {
                  await commit(deleteSnippet(snapshot, r.id, r.version));
                  setDeleted({ record: r, at: i });
                  return `Deleted ${titleOf(r)} version ${r.version}.`;
                })
              }
            />
          </Fragment>
        ))}
        {deleted !== undefined && deleted.at >= records.length && deletedNotice}
      </ul>
    </div>
  );
}

/** Focus that the user can see: the element scrolled into the middle of the view if it is not in it. */
function focusInView(el: HTMLElement | null) {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: "nearest" });
}
