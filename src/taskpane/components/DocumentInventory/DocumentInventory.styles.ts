import { makeStyles, tokens } from "@fluentui/react-components";

export const useDocumentInventoryStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  toolbar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  status: { color: tokens.colorNeutralForeground2, flexGrow: 1 },
  updateMode: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXXS },
  why: { color: tokens.colorNeutralForeground3 },
  list: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  row: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  attention: { borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorPaletteMarigoldBorderActive}` },
  titleLine: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  title: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace },
  summary: { color: tokens.colorNeutralForeground2 },
  actions: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  missing: { color: tokens.colorPaletteDarkOrangeForeground1 },
});
