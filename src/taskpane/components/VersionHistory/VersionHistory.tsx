// The versions of one snippet, newest first, each with a line diff of its body against the version
// before it, Restore (a new draft version with that version's body: nothing is overwritten) and
// Download redline (a .docx of the change as tracked changes, to review in Word).

import { useState } from "react";
import { Badge, Button, MessageBar, MessageBarBody, Spinner } from "@fluentui/react-components";
import { ArrowDownload20Regular } from "@fluentui/react-icons";
import type { Catalogue, Problem } from "../../../engine/core";
import { loadEngine } from "../../engine";
import type { LibraryStoreApi } from "../../hooks/use-library-store";
import { saveBlob } from "../../model/download";
import { historyRedline } from "../../model/history-redline";
import { lineDiff, restoreVersion, type SnippetRecord } from "../../store";
import { ProblemList } from "../ProblemList/ProblemList";
import { useVersionHistoryStyles } from "./VersionHistory.styles";

export type VersionHistoryProps = {
  id: string;
  records: readonly SnippetRecord[];
  libraryStore: LibraryStoreApi;
  /** The libraries as the engine parsed them (for the redline); undefined while they load. */
  catalogue?: Catalogue;
  locale: string;
  /** Who is signed in to the team library: the redline's author. */
  user?: string;
  onOpen(id: string, version: number): void;
  onClose(): void;
};

export function VersionHistory(props: VersionHistoryProps) {
  const { id, records, libraryStore, onOpen, onClose } = props;
  const styles = useVersionHistoryStyles();
  const [error, setError] = useState<string>();
  const [problems, setProblems] = useState<Problem[]>([]);
  const [saved, setSaved] = useState<string>();
  const [building, setBuilding] = useState<number>();

  const downloadRedline = async (from: number, to: number) => {
    setError(undefined);
    setProblems([]);
    setSaved(undefined);
    setBuilding(to);
    try {
      if (!props.catalogue) throw new Error("The library is still loading: try again in a moment.");
      const engine = await loadEngine();
      const redline = await historyRedline({
        engine,
        catalogue: props.catalogue,
        id,
        from,
        to,
        locale: props.locale,
        ...(props.user ? { user: props.user } : {}),
      });
      saveBlob(redline.blob, redline.fileName);
      setSaved(
        `Saved ${redline.fileName}: ${redline.changes} tracked change${redline.changes === 1 ? "" : "s"} from version ${from} to ${to}. Open it in Word to review them (Review → Accept or Reject).`,
      );
    } catch (e) {
      const found = (e as { problems?: Problem[] }).problems;
      setError(
        found
          ? `The redline of version ${from} against ${to} cannot be built.`
          : e instanceof Error
            ? e.message
            : String(e),
      );
      setProblems(found ?? []);
    } finally {
      setBuilding(undefined);
    }
  };
  const versions = [...records].sort((a, b) => b.version - a.version);
  const body = (r: SnippetRecord | undefined) => (typeof r?.snippet.body === "string" ? r.snippet.body : "");

  const restore = async (version: number) => {
    try {
      const snapshot = libraryStore.store?.snapshot();
      if (!snapshot) return;
      const edit = restoreVersion(snapshot, id, version);
      await libraryStore.commit(edit);
      onOpen(edit.id, edit.version);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section aria-label={`Versions of ${id}`} className={styles.root}>
      <h2 className={styles.title}>Versions of {id}</h2>
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            {error}
            <ProblemList problems={problems} />
          </MessageBarBody>
        </MessageBar>
      )}
      {saved && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>{saved}</MessageBarBody>
        </MessageBar>
      )}
      <ol className={styles.list}>
        {versions.map((r, k) => {
          const previous = versions[k + 1];
          const status = typeof r.snippet.status === "string" ? r.snippet.status : "draft";
          return (
            <li key={r.version} aria-label={`Version ${r.version}`}>
              <div className={styles.row}>
                <strong>Version {r.version}</strong>
                <Badge appearance="tint" size="small">
                  {status}
                </Badge>
                {typeof r.snippet.updated === "string" && <span>{r.snippet.updated.slice(0, 10)}</span>}
                <Button size="small" onClick={() => onOpen(r.id, r.version)}>
                  Open
                </Button>
                {previous && (
                  <Button
                    size="small"
                    icon={building === r.version ? <Spinner size="extra-tiny" /> : <ArrowDownload20Regular />}
                    disabled={building !== undefined}
                    aria-label={`Download redline of version ${r.version} against version ${previous.version}`}
                    onClick={() => void downloadRedline(previous.version, r.version)}
                  >
                    Download redline
                  </Button>
                )}
                {k > 0 && (
                  <Button size="small" onClick={() => void restore(r.version)}>
                    Restore version {r.version}
                  </Button>
                )}
              </div>
              <pre
                className={styles.diff}
                aria-label={previous ? `Changes from version ${previous.version}` : "First version"}
              >
                {(previous ? lineDiff(body(previous), body(r)) : firstVersion(body(r))).map((line, i) => (
                  <span
                    key={i}
                    className={
                      line.op === "added"
                        ? styles.added
                        : line.op === "removed"
                          ? styles.removed
                          : styles.same
                    }
                  >
                    {line.op === "added" ? "+ " : line.op === "removed" ? "- " : "  "}
                    {line.text}
                  </span>
                ))}
              </pre>
            </li>
          );
        })}
      </ol>
      <div className={styles.actions}>
        <Button onClick={onClose}>Back to the list</Button>
      </div>
    </section>
  );
}

const firstVersion = (text: string) => text.split("\n").map((line) => ({ op: "same" as const, text: line }));
