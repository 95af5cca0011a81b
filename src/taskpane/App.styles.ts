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
  // The pane's name for screen readers (the task pane's own title bar shows it to everyone else).
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    margin: "-1px",
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
  },
});
