import { makeStyles, tokens } from "@fluentui/react-components";

export const usePreviewPaneStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  status: { minHeight: "20px", display: "flex", alignItems: "center" },
  viewport: {
    overflow: "auto",
    maxHeight: "60vh",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    ":focus-visible": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  // The pages are paper: docx-preview draws them in the document's own colours, as Word would.
  pages: { transformOrigin: "top left" },
});
