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
  // At 320 px with a vertical scrollbar (Word's pane on Windows) the page is 305 px wide; four small tabs
  // at Fluent's 6 px padding ended at 316 px once the third read "Document (3)". Narrower padding makes
  // them fit; and should a longer count or a larger font still not fit, the row wraps rather than
  // making the page scroll sideways.
  tabs: { flexWrap: "wrap" },
  tab: { paddingLeft: tokens.spacingHorizontalXXS, paddingRight: tokens.spacingHorizontalXXS },
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
