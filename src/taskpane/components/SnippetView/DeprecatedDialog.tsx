// Asked before a deprecated snippet goes into the document: it names the successor when the library has
// one and offers to open it instead (the recommended, first-focused action); otherwise it asks whether to
// add the deprecated text anyway. A Fluent Dialog: focus is trapped inside, Escape cancels.

import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from "@fluentui/react-components";
import type { Snippet } from "../../../engine/core";

export type DeprecatedDialogProps = {
  open: boolean;
  snippet: Snippet;
  successor?: Snippet;
  onAddAnyway(): void;
  onOpenSuccessor(successor: Snippet): void;
  onCancel(): void;
};

export function DeprecatedDialog({
  open,
  snippet,
  successor,
  onAddAnyway,
  onOpenSuccessor,
  onCancel,
}: DeprecatedDialogProps) {
  const sameId = successor?.id === snippet.id;
  const successorName = successor
    ? sameId
      ? `version ${successor.version} of “${successor.title}”`
      : `“${successor.title}”`
    : "";
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface aria-describedby="deprecated-dialog-text">
        <DialogBody>
          <DialogTitle>“{snippet.title}” is deprecated</DialogTitle>
          <DialogContent id="deprecated-dialog-text">
            {successor ? (
              <p>
                The library replaces version {snippet.version} of “{snippet.title}” with {successorName} (
                {successor.id}@{successor.version}
                {successor.status === "draft" ? ", still a draft" : ""}). Open the replacement instead, or add
                the deprecated text anyway.
              </p>
            ) : (
              <p>
                The library names no replacement for it. Add it only if you are sure its text is still right
                for this document.
              </p>
            )}
          </DialogContent>
          <DialogActions fluid>
            {successor && (
              <Button appearance="primary" onClick={() => onOpenSuccessor(successor)}>
                Open {sameId ? `version ${successor.version}` : `“${successor.title}”`}
              </Button>
            )}
            <Button appearance={successor ? "secondary" : "primary"} onClick={onAddAnyway}>
              Add anyway
            </Button>
            <Button appearance="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
