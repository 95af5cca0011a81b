import { createContext, useContext } from "react";
import { MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { StandaloneReason } from "../../../office/detect-host";

export const STANDALONE_TEXT =
  "Standalone mode: inserting into Word is unavailable — open Sectionsmith in Word, or download .docx";

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

export function StandaloneBanner() {
  const detail = standaloneDetail(useContext(StandaloneReasonContext));
  return (
    <MessageBar intent={detail ? "warning" : "info"} layout="multiline">
      <MessageBarBody>
        <div>{STANDALONE_TEXT}</div>
        {detail && <div>{detail}</div>}
      </MessageBarBody>
    </MessageBar>
  );
}
