// Create or edit one snippet: metadata, the Markdown body with template-tag help, its variables, the
// problems as the user types (engine codes, at their line and column) and a live preview of the Word
// output. Governance: saving an approved snippet creates a new draft version (the approved one stays
// what documents get); Approve and Deprecate move a saved snippet along draft → approved → deprecated.
// Unsaved changes are never dropped silently: every change is handed to onDraftChange (the manager keeps
// it in the pane's store, so it comes back after a tab switch or a closed pane), and "Back to the list"
// with unsaved changes asks first.

import { useEffect, useMemo, useRef, useState } from "react";
import { Badge, MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { Problem } from "../../../engine/core";
import type { LibraryApi } from "../../hooks/use-library";
import type { LibraryStoreApi } from "../../hooks/use-library-store";
import { useDraftPreview } from "../../hooks/use-draft-preview";
import { useSnippetCheck } from "../../hooks/use-snippet-check";
import type { DocumentSettings } from "../../model/document";
import {
  createSnippet,
  saveSnippet,
  setStatus,
  type Edit,
  type RawLibrary,
  type RawSnippet,
  type SnippetRecord,
  type Status,
} from "../../store";
import { PreviewPane } from "../PreviewPane/PreviewPane";
import { VariablesEditor, type RawVariable } from "../VariablesEditor/VariablesEditor";
import { TAG_HELP } from "./tag-help";
import { describe } from "./problem-words";
import { useSnippetEditorStyles } from "./SnippetEditor.styles";
import { SnippetActions } from "./SnippetActions";
import { SnippetFields } from "./SnippetFields";

export type SnippetEditorProps = {
  /** The stored snippet being edited; absent for a new one. */
  record?: SnippetRecord;
  library: LibraryApi;
  libraryStore: LibraryStoreApi;
  settings: DocumentSettings;
  today: Date;
  /** For a new snippet: what to start from (a captured selection). */
  seed?: RawSnippet;
  /** A message to start with (what the save that opened this editor did). */
  initialMessage?: string;
  /** Unsaved changes kept from before (a tab switch, a closed pane): the editor starts from them. */
  restored?: EditorDraft;
  /** Called with the unsaved changes as they are made, and with undefined once saved or discarded. */
  onDraftChange?(draft: EditorDraft | undefined): void;
  /** After a save that created another id@version, the editor reopens on it (with what happened). */
  onOpen(id: string, version: number, message?: string): void;
  onClose(): void;
};

/** Unsaved editor content, with the id@version it was an edit of (none for a new snippet). */
export type EditorDraft = { id?: string; version?: number; draft: RawSnippet; tags: string };

const NEW_SNIPPET: RawSnippet = { id: "", title: "", status: "draft", body: "" };
export function SnippetEditor(props: SnippetEditorProps) {
  const { record, library, libraryStore, settings, today, onOpen, onClose } = props;
  const styles = useSnippetEditorStyles();
  const [draft, setDraft] = useState<RawSnippet>(
    () => props.restored?.draft ?? record?.snippet ?? props.seed ?? NEW_SNIPPET,
  );
  const [tags, setTags] = useState(
    () => props.restored?.tags ?? (Array.isArray(draft.tags) ? draft.tags.join(", ") : ""),
  );
  const [dirty, setDirty] = useState(props.seed !== undefined || props.restored !== undefined);
  const [message, setMessage] = useState<{ intent: "success" | "error"; text: string } | undefined>(() =>
    props.initialMessage ? { intent: "success", text: props.initialMessage } : undefined,
  );
  const [leaving, setLeaving] = useState(false);
  // A new snippet's empty fields are not problems yet: a field's problems show once it is typed in, and
  // every problem once Save is tried (an existing snippet's problems are real from the start).
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  // Opened from a row far down Manage's list, the editor starts at its top, with focus on its heading:
  // the page kept the list's scroll position, which showed the editor's bottom.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: "start" });
  }, []);
  const [tried, setTried] = useState(false);
  const onDraftChange = useRef(props.onDraftChange);
  onDraftChange.current = props.onDraftChange;
  useEffect(() => {
    if (dirty)
      onDraftChange.current?.({
        ...(record ? { id: record.id, version: record.version } : {}),
        draft,
        tags,
      });
  }, [dirty, draft, tags, record]);
  const status: Status =
    draft.status === "approved" || draft.status === "deprecated" ? draft.status : "draft";

  const others = useMemo(() => {
    const raw = library.rawLibraries[0] as RawLibrary | undefined;
    return (raw?.snippets ?? []).filter(
      (s) => !(s.id === record?.id && (s.version ?? 1) === record?.version),
    );
  }, [library.rawLibraries, record]);
  const check = useSnippetCheck(library.engine, draft, others);

  const set = (key: string, value: unknown) => {
    setTouched((old) => (old.has(key) ? old : new Set([...old, key])));
    setDirty(true);
    setLeaving(false);
    setMessage(undefined);
    setDraft((old) => {
      const next = { ...old };
      if (value === undefined || value === "") delete next[key];
      else next[key] = value;
      return next as RawSnippet;
    });
  };

  const preview = useDraftPreview({
    engine: library.engine,
    check,
    draft,
    others,
    settings,
    today,
    name: "draft",
  });

  const commit = async (work: () => Edit, done: (e: Edit) => string, reopen = true) => {
    try {
      const edit = work();
      await libraryStore.commit(edit);
      setDirty(false);
      onDraftChange.current?.(undefined);
      const text = done(edit);
      setMessage({ intent: "success", text });
      if (reopen && (!record || edit.id !== record.id || edit.version !== record.version))
        onOpen(edit.id, edit.version, text);
      return true;
    } catch (e) {
      setMessage({ intent: "error", text: e instanceof Error ? e.message : String(e) });
      return false;
    }
  };
  const snapshot = () => {
    const s = libraryStore.store?.snapshot();
    if (!s) throw new Error("The library is still loading.");
    return s;
  };
  const save = (reopen = true) => {
    setTried(true);
    const tagList = tags
      .split(",")
      .map((t) => t.trim())
      .filter((t) => t !== "");
    const edited = { ...draft, ...(tagList.length > 0 ? { tags: tagList } : {}) } as RawSnippet;
    if (tagList.length === 0) delete edited.tags;
    return commit(
      () =>
        record
          ? saveSnippet(snapshot(), record.id, record.version, edited)
          : createSnippet(snapshot(), edited),
      (e) =>
        record && status !== "draft"
          ? `Saved as version ${e.version} (draft). Version ${record.version} stays ${status} until you approve the new one.`
          : `Saved ${e.id} version ${e.version}.`,
      reopen,
    );
  };
  const back = () => (dirty ? setLeaving(true) : onClose());
  const discard = () => {
    onDraftChange.current?.(undefined);
    onClose();
  };
  const move = (to: Status) =>
    record &&
    commit(
      () => setStatus(snapshot(), record.id, record.version, to),
      () => `${titleOf(draft)} version ${record.version} is now ${to}.`,
    );

  const errors = check.problems.filter((p) => p.severity === "error");
  const fieldOf = (p: Problem) => /^[^.[]*/.exec(p.path)?.[0] ?? "";
  const shown =
    record || tried || props.seed || props.restored
      ? check.problems
      : check.problems.filter((p) => touched.has(fieldOf(p)));
  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <h2 className={styles.title} ref={heading} tabIndex={-1}>
          {record ? `Edit ${titleOf(draft)} (version ${record.version})` : "New snippet"}
        </h2>
        <Badge
          appearance="tint"
          color={status === "approved" ? "success" : status === "deprecated" ? "danger" : "warning"}
        >
          {status}
        </Badge>
      </div>
      {message && (
        <MessageBar intent={message.intent} layout="multiline">
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
      <SnippetFields
        draft={draft}
        tags={tags}
        idFixed={record !== undefined}
        onSet={set}
        onTags={(value) => {
          setDirty(true);
          setTags(value);
        }}
      />
      <section aria-label="Problems">
        {shown.length === 0 ? (
          <span className={styles.help}>
            {check.problems.length === 0
              ? "No problems."
              : "Give the snippet an id, a title and its text, then save."}
          </span>
        ) : (
          <ul className={styles.problems}>
            {shown.map((p, i) => (
              <li key={i}>{describe(p)}</li>
            ))}
          </ul>
        )}
      </section>
      <details>
        <summary>Template tags</summary>
        <ul className={styles.helpList}>
          {TAG_HELP.map(([tag, what]) => (
            <li key={tag}>
              {tag} — {what}
            </li>
          ))}
        </ul>
      </details>
      <VariablesEditor
        variables={(Array.isArray(draft.variables) ? draft.variables : []) as RawVariable[]}
        onChange={(vars) => set("variables", vars.length > 0 ? vars : undefined)}
      />
      <SnippetActions
        status={status}
        saved={record !== undefined}
        dirty={dirty}
        hasErrors={errors.length > 0}
        leavingTitle={leaving ? titleOf(draft) : undefined}
        onSave={() => void save()}
        onMove={(to) => void move(to)}
        onBack={back}
        onSaveAndBack={() => void save(false).then((ok) => ok && onClose())}
        onDiscard={discard}
        onKeepEditing={() => setLeaving(false)}
      />
      {preview && (
        <PreviewPane
          state={preview}
          context={{
            sections: [
              { title: titleOf(draft), ...(check.snippet ? { variables: check.snippet.variables } : {}) },
            ],
            naming: "single",
          }}
        />
      )}
    </div>
  );
}

const titleOf = (s: RawSnippet) =>
  typeof s.title === "string" && s.title !== "" ? s.title : s.id || "snippet";
