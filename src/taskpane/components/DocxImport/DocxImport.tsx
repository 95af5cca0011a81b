// Manage › Import from a Word document… / Import this document (issue 30): the buttons, the reading, the
// report (DocxReport) and the outcome. Reading and applying live in hooks/use-docx-import.ts.

import { useRef } from "react";
import {
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Tooltip,
} from "@fluentui/react-components";
import { DocumentArrowUp20Regular } from "@fluentui/react-icons";
import type { DocxImportApi } from "../../hooks/use-docx-import";
import { DocxReport } from "./DocxReport";
import { useDocxImportStyles } from "./DocxImport.styles";

export const IMPORT_DOCX_LABEL = "Import from a Word document…";
export const IMPORT_THIS_LABEL = "Import this document";
export const IMPORT_THIS_UNAVAILABLE =
  "Importing the open document needs Word: open Sectionsmith inside Word, or save the document and use Import from a Word document….";

type Props = { api: DocxImportApi; inWord: boolean };

export function DocxImport({ api, inWord }: Props) {
  const styles = useDocxImportStyles();
  const input = useRef<HTMLInputElement>(null);
  const { state } = api;
  const busy = state.phase === "reading" || (state.phase === "report" && state.applying === true);
  return (
    <div className={styles.root}>
      <div className={styles.buttons}>
        <Button icon={<DocumentArrowUp20Regular />} disabled={busy} onClick={() => input.current?.click()}>
          {IMPORT_DOCX_LABEL}
        </Button>
        <input
          ref={input}
          type="file"
          accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          aria-label="Word document to import"
          tabIndex={-1}
          className={styles.hiddenInput}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (file) void api.fromFile(file);
          }}
        />
        {inWord ? (
          <Button disabled={busy} onClick={() => void api.fromDocument()}>
            {IMPORT_THIS_LABEL}
          </Button>
        ) : (
          <Tooltip content={IMPORT_THIS_UNAVAILABLE} relationship="description">
            <Button disabledFocusable>{IMPORT_THIS_LABEL}</Button>
          </Tooltip>
        )}
      </div>
      {state.phase === "reading" && <Spinner size="tiny" label={`Reading ${state.name}…`} />}
      {state.phase === "refused" && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{`${state.name} could not be imported; nothing was changed.`}</MessageBarTitle>
            {state.problems.map((p) => p.message).join(" ")}
          </MessageBarBody>
        </MessageBar>
      )}
      {state.phase === "done" && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>
            {`Imported ${state.added} snippet${state.added === 1 ? "" : "s"} from ${state.name} as drafts${state.skipped ? ` (${state.skipped} skipped as duplicates)` : ""}.`}
          </MessageBarBody>
        </MessageBar>
      )}
      {state.phase === "report" && (
        <DocxReport
          name={state.source.name}
          report={state.report}
          duplicates={state.duplicates}
          types={state.types}
          busy={busy}
          {...(state.problems ? { problems: state.problems } : {})}
          onSplit={(mode) => void api.resplit(mode)}
          onDuplicate={api.chooseDuplicate}
          onType={api.retype}
          onApply={() => void api.apply()}
          onCancel={api.close}
        />
      )}
    </div>
  );
}
