// Manage's toolbar: export (all, or the selected snippets), import a library file, a new snippet, and
// capture the Word selection as one (outside Word the button stays focusable and says why it is off).

import { useRef } from "react";
import { Button, Tooltip } from "@fluentui/react-components";
import { Add20Regular, ArrowDownload20Regular, ArrowUpload20Regular } from "@fluentui/react-icons";
import { useLibraryToolbarStyles } from "./LibraryToolbar.styles";

export const CAPTURE_UNAVAILABLE =
  "Capture needs Word: open Sectionsmith inside Word, select the text there, then capture it.";

export type LibraryToolbarProps = {
  selectedCount: number;
  busy: boolean;
  /** Whether "Capture from Word" is shown at all, and whether it can work here (inside Word). */
  capture: "none" | "standalone" | "word";
  onExport(selectedOnly: boolean): void;
  onImportFile(file: File): void;
  onNew(): void;
  onCapture(): void;
};

export function LibraryToolbar({ selectedCount, busy, capture, onExport, onImportFile, onNew, onCapture }: LibraryToolbarProps) {
  const styles = useLibraryToolbarStyles();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.toolbar}>
      <Button icon={<ArrowDownload20Regular />} onClick={() => onExport(false)}>
        Export library
      </Button>
      <Button disabled={selectedCount === 0} onClick={() => onExport(true)}>
        Export selected ({selectedCount})
      </Button>
      <Button icon={<ArrowUpload20Regular />} disabled={busy} onClick={() => input.current?.click()}>
        Import library…
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Import library file"
        tabIndex={-1}
        className={styles.hiddenInput}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          // Cleared so that choosing the same file again is a change too.
          e.currentTarget.value = "";
          if (file) onImportFile(file);
        }}
      />
      <Button icon={<Add20Regular />} appearance="primary" onClick={onNew}>
        New snippet
      </Button>
      {capture === "standalone" && (
        <Tooltip content={CAPTURE_UNAVAILABLE} relationship="description">
          <Button disabledFocusable>Capture from Word</Button>
        </Tooltip>
      )}
      {capture === "word" && (
        <Button disabled={busy} onClick={onCapture}>
          Capture from Word
        </Button>
      )}
    </div>
  );
}
