// The versions of one snippet, newest first, each with a line diff of its body against the version
// before it, and Restore: a new draft version with that version's body (nothing is overwritten).

import { useState } from "react";
import { Badge, Button, MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { LibraryStoreApi } from "../../hooks/use-library-store";
import { lineDiff, restoreVersion, type SnippetRecord } from "../../store";
import { useVersionHistoryStyles } from "./VersionHistory.styles";

export type VersionHistoryProps = {
  id: string;
  records: readonly SnippetRecord[];
  libraryStore: LibraryStoreApi;
  onOpen(id: string, version: number): void;
  onClose(): void;
};

export function VersionHistory({ id, records, libraryStore, onOpen, onClose }: VersionHistoryProps) {
  const styles = useVersionHistoryStyles();
  const [error, setError] = useState<string>();
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
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
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
                {k > 0 && (
                  <Button size="small" onClick={() => void restore(r.version)}>
                    Restore version {r.version}
                  </Button>
                )}
              </div>
              <pre className={styles.diff} aria-label={previous ? `Changes from version ${previous.version}` : "First version"}>
                {(previous ? lineDiff(body(previous), body(r)) : firstVersion(body(r))).map((line, i) => (
                  <span
                    key={i}
                    className={line.op === "added" ? styles.added : line.op === "removed" ? styles.removed : styles.same}
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
