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
  // The pages are paper, as in Word: light whatever the pane's theme, since the document's own colours
  // (black text, dark headings) assume it. System colours rather than fixed ones, so forced-colours
  // (high contrast) mode still maps them to the user's palette.
  pages: {
    transformOrigin: "top left",
    colorScheme: "light",
    backgroundColor: "Canvas",
    color: "CanvasText",
    // docx-preview draws list numbers as ::before text ending in a tab, which CSS collapses to a space,
    // so wrapped lines did not line up with the first. Keeping the tab, with Word's default 0.5 in stops,
    // makes it jump to the hanging indent (the number starts left of the text edge) as in Word.
    "& section.docx p::before": { whiteSpace: "pre", tabSize: "36pt" },
  },
  // Reflowed text: docx-preview still writes the page margins inline; a pane is no place for 25 mm.
  reflow: {
    "& section.docx": {
      padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL} !important`,
      minHeight: "0 !important",
      marginBottom: "0 !important",
    },
  },
});
