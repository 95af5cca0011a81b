import { makeStyles, tokens } from "@fluentui/react-components";

export const useDocumentActionsStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  status: { minHeight: "20px" },
  hint: { color: tokens.colorNeutralForeground3 },
});
