import { makeStyles, tokens } from "@fluentui/react-components";

export const useAppStyles = makeStyles({
  // Nothing that sizes or paints: FluentProvider hands its className to every portal mount node
  // (applyStylesToPortals), so a min-height and background here turned each open menu, tooltip or
  // dropdown into a full-pane opaque layer over the pane (seen in the e2e tests).
  provider: {},
  pane: {
    minHeight: "100vh",
    backgroundColor: tokens.colorNeutralBackground1,
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
