import { useRef, useState } from "react";
import { Button, Caption1, MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { ArrowUpload20Regular } from "@fluentui/react-icons";
import type { ImportResult, LibrarySource } from "../../hooks/use-library";
import type { ImportReport as Report } from "../../store";
import { countsText } from "../../model/library-counts";
import { ImportReport } from "../ImportReport/ImportReport";
import { ProblemList } from "../ProblemList/ProblemList";
import { useLibraryViewStyles } from "./LibraryView.styles";

export const IMPORT_LABEL = "Import library (.json)";

type Props = {
  sources: readonly LibrarySource[];
  onImport(file: File): Promise<ImportResult>;
  /** Applies a report the user confirmed (imports that replace or conflict are shown first). */
  onApply?(report: Report): Promise<ImportResult>;
};

export function ImportLibrary({ sources, onImport, onApply }: Props) {
  const styles = useLibraryViewStyles();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<ImportResult>();
  const [busy, setBusy] = useState(false);

  const onFiles = async (files: FileList | null) => {
    const file = files?.[0];
    if (file === undefined) return;
    setBusy(true);
    try {
      setResult(await onImport(file));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = ""; // the same file can be imported again after a fix
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.importRow}>
        <Button icon={<ArrowUpload20Regular />} disabled={busy} onClick={() => input.current?.click()}>
          {IMPORT_LABEL}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          aria-label={IMPORT_LABEL}
          tabIndex={-1}
          className={styles.hiddenInput}
          onChange={(e) => void onFiles(e.currentTarget.files)}
        />
        <Caption1 className={styles.status}>
          {sources.map((s) => `${s.name} (${countsText(s.counts)})`).join(" · ")}
        </Caption1>
      </div>
      {result?.report && (
        <ImportReport
          report={result.report}
          busy={busy}
          onCancel={() => setResult(undefined)}
          onConfirm={(picked) => {
            if (!onApply) return;
            setBusy(true);
            void onApply(picked)
              .then(setResult)
              .finally(() => setBusy(false));
          }}
        />
      )}
      {result && !result.report && (
        <MessageBar intent={result.ok ? "success" : "error"} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              {result.ok
                ? `Imported ${result.name}.`
                : `${result.name} could not be imported. Fix these and try again:`}
            </MessageBarTitle>
            <ProblemList problems={result.problems} />
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
