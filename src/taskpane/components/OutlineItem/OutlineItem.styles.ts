import { makeStyles, tokens } from "@fluentui/react-components";

export const useOutlineItemStyles = makeStyles({
  root: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ":focus-visible": {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: "1px",
    },
  },
  dropTarget: { borderTop: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}` },
  line: { display: "flex", gap: tokens.spacingHorizontalS, alignItems: "flex-start" },
  handle: { cursor: "grab", color: tokens.colorNeutralForeground3, flexShrink: 0, marginTop: "2px" },
  main: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    flexGrow: 1,
  },
  // One line: a long value is cut with "…" (the whole summary is its tooltip), never wider than the pane.
  summary: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: "100%" },
  meta: { color: tokens.colorNeutralForeground3 },
  toolbar: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXXS },
});
