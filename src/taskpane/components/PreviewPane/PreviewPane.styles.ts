import { makeStyles, tokens } from "@fluentui/react-components";

export const usePreviewPaneStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  status: { minHeight: "20px", display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  wholePage: { marginLeft: "auto" },
  viewport: {
    overflow: "auto",
    // A scrollbar appearing must not change the width the pages are fitted to.
    scrollbarGutter: "stable",
    maxHeight: "60vh",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  // The pages themselves are styled inside the preview's iframe (preview/render-docx.ts).
});
