import { makeStyles, tokens } from "@fluentui/react-components";

export const useListEditorStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground3 },
  scroll: { overflowX: "auto" },
  cell: {
    verticalAlign: "top",
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
    minWidth: "120px",
  },
  actions: { width: "40px" },
  error: { color: tokens.colorPaletteRedForeground1 },
  visuallyHidden: {
    position: "absolute",
    width: "1px",
    height: "1px",
    overflow: "hidden",
    clip: "rect(0 0 0 0)",
    whiteSpace: "nowrap",
  },
});
