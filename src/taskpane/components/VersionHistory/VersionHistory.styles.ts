import { makeStyles, tokens } from "@fluentui/react-components";

export const useVersionHistoryStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  row: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  diff: {
    margin: 0,
    padding: tokens.spacingVerticalS,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: "pre-wrap",
    backgroundColor: tokens.colorNeutralBackground2,
    overflowX: "auto",
  },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2, display: "block" },
  removed: {
    backgroundColor: tokens.colorPaletteRedBackground2,
    display: "block",
    textDecorationLine: "line-through",
  },
  same: { display: "block", color: tokens.colorNeutralForeground3 },
  actions: { display: "flex", gap: tokens.spacingHorizontalS },
});
