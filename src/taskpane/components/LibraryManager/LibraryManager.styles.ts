import { makeStyles, tokens } from "@fluentui/react-components";

export const useLibraryManagerStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  list: { listStyleType: "none", margin: 0, padding: 0 },
  row: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  rowMain: { flexGrow: 1, minWidth: 0, display: "flex", flexDirection: "column" },
  rowTitle: { overflowWrap: "anywhere" },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: "anywhere" },
  notice: { padding: `${tokens.spacingVerticalXS} 0` },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
});
