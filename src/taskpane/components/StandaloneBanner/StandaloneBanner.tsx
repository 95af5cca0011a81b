import { MessageBar, MessageBarBody } from "@fluentui/react-components";

export const STANDALONE_TEXT =
  "Standalone mode: inserting into Word is unavailable — open Sectionsmith in Word, or download .docx";

export function StandaloneBanner() {
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>{STANDALONE_TEXT}</MessageBarBody>
    </MessageBar>
  );
}
