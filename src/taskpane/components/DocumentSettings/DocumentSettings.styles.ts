import { makeStyles, tokens } from "@fluentui/react-components";

export const useDocumentSettingsStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  // Fluent dropdowns default to a 250 px minimum; the task pane can be 320 px wide in all.
  control: { minWidth: 0, width: "100%" },
  row: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalL },
  swatch: {
    display: "inline-block",
    width: "14px",
    height: "14px",
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
});
