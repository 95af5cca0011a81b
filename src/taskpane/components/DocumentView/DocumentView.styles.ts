import { makeStyles, tokens } from "@fluentui/react-components";

export const useDocumentViewStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  // Fluent indents the accordion's chevron by 10 px: line it up with the rest of the view instead.
  settingsHeader: { paddingLeft: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
  },
});
