import { makeStyles, tokens } from "@fluentui/react-components";

export const useAppStyles = makeStyles({
  provider: { minHeight: "100vh", backgroundColor: tokens.colorNeutralBackground1 },
  pane: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    boxSizing: "border-box",
    maxWidth: "100%",
  },
  panel: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
});
