import { createContext, useContext, useState } from "react";
import { Button, MessageBar, MessageBarActions, MessageBarBody } from "@fluentui/react-components";
import { Dismiss20Regular } from "@fluentui/react-icons";
import type { StandaloneReason } from "../../host";

/** One line, short enough for a 320 px pane: where the pane is and what to do instead of inserting. */
export const STANDALONE_TEXT = "Not running inside Word: use Download .docx";

/**
 * Why the pane started without Word, when that was not the user's choice: what happened and what to do.
 * A plain browser tab ("not-in-office") needs no more than STANDALONE_TEXT.
 */
export function standaloneDetail(reason: StandaloneReason | undefined): string | undefined {
  switch (reason) {
    case "office-missing":
      return (
        "Word could not be reached: Office’s script (office.js) did not load. If you opened Sectionsmith " +
        "from Word, check the internet connection, then close the pane and open it again."
      );
    case "office-timeout":
      return (
        "Word could not be reached: it did not answer in time. Close the pane and open it again " +
        "from Word’s ribbon; if that does not help, restart Word."
      );
    case "office-failed":
      return (
        "Word could not be reached: Office’s script failed while starting. Close the pane and open it " +
        "again from Word’s ribbon; if that does not help, restart Word."
      );
    default:
      return undefined;
  }
}

/** Set by the shell (src/taskpane/index.tsx), which knows how the host was chosen. */
export const StandaloneReasonContext = createContext<StandaloneReason | undefined>(undefined);

/**
 * A compact line the user can dismiss (the Insert menu still says why it is unavailable). When Word
 * should have been there but failed, the second line says what happened and what to try.
 */
export function StandaloneBanner() {
  const detail = standaloneDetail(useContext(StandaloneReasonContext));
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <MessageBar intent={detail ? "warning" : "info"} layout={detail ? "multiline" : "singleline"}>
      <MessageBarBody>
        <div>{STANDALONE_TEXT}</div>
        {detail && <div>{detail}</div>}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            size="small"
            aria-label="Dismiss the notice"
            icon={<Dismiss20Regular />}
            onClick={() => setDismissed(true)}
          />
        }
      />
    </MessageBar>
  );
}
