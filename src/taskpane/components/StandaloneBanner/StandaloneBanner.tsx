import { createContext, useContext, useId, useState } from "react";
import {
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  tokens,
} from "@fluentui/react-components";
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

const useStyles = makeStyles({
  // Fluent's single-line bar keeps its text on one line (nowrap): at 320 px it ran past the pane's edge.
  body: { whiteSpace: "normal", minWidth: 0, overflowWrap: "anywhere" },
  details: { marginLeft: tokens.spacingHorizontalXS },
  detail: { marginTop: tokens.spacingVerticalXS },
});

/**
 * A compact line the user can dismiss (the Insert menu still says why it is unavailable). When Word
 * should have been there but failed (office.js did not load, Office.onReady never came or failed), the
 * line offers "Details": what happened and what to do, under it.
 */
export function StandaloneBanner() {
  const styles = useStyles();
  const detail = standaloneDetail(useContext(StandaloneReasonContext));
  const [dismissed, setDismissed] = useState(false);
  const [open, setOpen] = useState(false);
  const detailId = useId();
  if (dismissed) return null;
  return (
    <MessageBar intent={detail ? "warning" : "info"} layout="singleline">
      <MessageBarBody className={styles.body}>
        <span>{STANDALONE_TEXT}</span>
        {detail && (
          <Link
            as="button"
            className={styles.details}
            aria-expanded={open}
            aria-controls={detailId}
            onClick={() => setOpen(!open)}
          >
            {open ? "Hide details" : "Details"}
          </Link>
        )}
        {detail && open && (
          <div id={detailId} className={styles.detail}>
            {detail}
          </div>
        )}
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
