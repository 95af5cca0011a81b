import { makeStyles, tokens } from "@fluentui/react-components";

export const useVariablesEditorStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
  variable: {
    display: "grid",
    gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // A fieldset is at least as wide as its content (min-inline-size: min-content), and Fluent's Input
    // as wide as its <input size=20>: both must shrink to a 320 px pane instead of scrolling it sideways.
    minWidth: 0,
    margin: 0,
    "& > *": { minWidth: 0 },
    "& .fui-Input": { minWidth: 0, width: "100%" },
    "& .fui-Dropdown": { minWidth: 0, width: "100%" },
  },
  wide: { gridColumn: "1 / -1" },
  // Level with the inputs beside it, whose labels sit above them.
  switch: { alignSelf: "end" },
  title: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
});
