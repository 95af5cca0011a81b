import { makeStyles, tokens } from "@fluentui/react-components";

// Everything stacks and wraps: the narrowest task pane is 320 px and nothing may scroll sideways.
export const useTeamViewStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM, minWidth: 0 },
  section: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS, minWidth: 0 },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  subtitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" },
  item: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: "anywhere" },
  body: {
    margin: 0,
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground2,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
    maxHeight: "12em",
    overflowY: "auto",
  },
  compare: { display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: tokens.spacingVerticalS },
  field: { minWidth: 0 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2, display: "block" },
  removed: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    display: "block",
    textDecorationLine: "line-through",
  },
  same: { display: "block", color: tokens.colorNeutralForeground3 },
  name: { overflowWrap: "anywhere", minWidth: 0 },
  problem: { color: tokens.colorPaletteRedForeground1, overflowWrap: "anywhere" },
  // Fluent's Dropdown asks for 250 px; in a 320 px pane it must take the width it is given.
  dropdown: { minWidth: 0, width: "100%" },
});
