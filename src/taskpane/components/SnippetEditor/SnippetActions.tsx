// The editor's buttons (Save, the governance moves a saved snippet's status allows, Back) and the
// warning "Back to the list" raises over unsaved changes.

import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from "@fluentui/react-components";
import type { Status } from "../../store";
import { useSnippetEditorStyles } from "./SnippetEditor.styles";

export type SnippetActionsProps = {
  status: Status;
  /** The snippet is stored (not a new one). */
  saved: boolean;
  dirty: boolean;
  hasErrors: boolean;
  /** Set while "Back to the list" waits on unsaved changes: the snippet's title for the warning. */
  leavingTitle?: string;
  onSave(): void;
  onMove(to: Status): void;
  onBack(): void;
  onSaveAndBack(): void;
  onDiscard(): void;
  onKeepEditing(): void;
};

export function SnippetActions(props: SnippetActionsProps) {
  const { status, saved, dirty, hasErrors, leavingTitle } = props;
  const { onSave, onMove, onBack, onSaveAndBack, onDiscard, onKeepEditing } = props;
  const styles = useSnippetEditorStyles();
  return (
    <>
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!dirty && saved} onClick={onSave}>
          {saved && status !== "draft" ? "Save as new draft version" : "Save"}
        </Button>
        {saved && status === "draft" && (
          <Button disabled={dirty || hasErrors} onClick={() => onMove("approved")}>
            Approve
          </Button>
        )}
        {saved && status === "approved" && (
          <Button disabled={dirty} onClick={() => onMove("deprecated")}>
            Deprecate
          </Button>
        )}
        {saved && status === "deprecated" && (
          <Button disabled={dirty} onClick={() => onMove("draft")}>
            Back to draft
          </Button>
        )}
        <Button onClick={onBack}>Back to the list</Button>
      </div>
      {leavingTitle !== undefined && (
        <MessageBar intent="warning" layout="multiline" role="alert">
          <MessageBarBody>
            <MessageBarTitle>Your changes to “{leavingTitle}” are not saved.</MessageBarTitle>
            Save them, or discard them and go back to the list.
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" size="small" onClick={onSaveAndBack}>
              Save and go back
            </Button>
            <Button size="small" onClick={onDiscard}>
              Discard changes
            </Button>
            <Button size="small" onClick={onKeepEditing}>
              Keep editing
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </>
  );
}
