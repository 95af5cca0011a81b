import { makeStyles, tokens } from "@fluentui/react-components";

export const useListEditorStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  items: {
    listStyleType: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  item: {
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS} ${tokens.spacingVerticalS}`,
    minWidth: 0,
  },
  itemHeader: { display: "flex", alignItems: "center", justifyContent: "space-between" },
  itemNumber: { color: tokens.colorNeutralForeground3 },
  // Side by side while each field gets 140 px, one under the other below that.
  fields: {
    display: "flex",
    flexWrap: "wrap",
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
  },
  field: { flexGrow: 1, flexShrink: 1, flexBasis: "140px", minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
});
