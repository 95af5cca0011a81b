// "Deleted … Undo": the notice that stands where a deleted snippet's row stood, its Undo button focused
// by the manager (where the user is looking, not at the top of a long list).

import type { Ref } from "react";
import { Button, MessageBar, MessageBarActions, MessageBarBody } from "@fluentui/react-components";
import { useLibraryManagerStyles } from "./LibraryManager.styles";

export type DeletedNoticeProps = {
  message: { intent: "success" | "error"; text: string };
  busy: boolean;
  undoRef: Ref<HTMLButtonElement>;
  onUndo(): void;
};

export function DeletedNotice({ message, busy, undoRef, onUndo }: DeletedNoticeProps) {
  const styles = useLibraryManagerStyles();
  return (
    <li className={styles.notice}>
      <MessageBar intent={message.intent} layout="multiline">
        <MessageBarBody>{message.text}</MessageBarBody>
        {message.intent === "success" && (
          <MessageBarActions>
            <Button ref={undoRef} size="small" disabled={busy} onClick={onUndo}>
              Undo
            </Button>
          </MessageBarActions>
        )}
      </MessageBar>
    </li>
  );
}
