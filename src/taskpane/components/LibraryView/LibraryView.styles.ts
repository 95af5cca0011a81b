import { makeStyles, tokens } from "@fluentui/react-components";

export const useLibraryViewStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  filters: {
    display: "grid",
    // Two columns fit the narrowest task pane (320 px); Fluent dropdowns would otherwise insist on 250 px.
    gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
    gap: tokens.spacingHorizontalS,
    alignItems: "end",
  },
  filter: { minWidth: 0 },
  dropdown: { minWidth: 0, width: "100%" },
  // Fluent's Combobox is a grid of its input (as wide as <input size=20>, 158 px) and its chevron: in a
  // 144 px column at 320 px the input must give way, or it pushes the pane 29 px sideways.
  combobox: { minWidth: 0, width: "100%", gridTemplateColumns: "minmax(0, 1fr) auto" },
  comboboxInput: { minWidth: 0, width: "100%" },
  switch: { alignSelf: "end" },
  groupTitle: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" },
  row: {
    display: "flex",
    alignItems: "flex-start",
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  rowMain: {
    flexGrow: 1,
    minWidth: 0,
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    gap: tokens.spacingVerticalXXS,
  },
  rowTitle: {
    padding: 0,
    minWidth: 0,
    height: "auto",
    justifyContent: "flex-start",
    textAlign: "start",
    fontWeight: tokens.fontWeightSemibold,
  },
  rowText: { color: tokens.colorNeutralForeground2 },
  rowMeta: { color: tokens.colorNeutralForeground3 },
  importRow: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  hiddenInput: { display: "none" },
  status: { color: tokens.colorNeutralForeground3 },
  empty: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
});
