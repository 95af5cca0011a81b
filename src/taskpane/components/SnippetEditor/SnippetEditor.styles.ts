import { makeStyles, tokens } from "@fluentui/react-components";

export const useSnippetEditorStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  header: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  grid: { display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: tokens.spacingHorizontalS },
  wide: { gridColumn: "1 / -1" },
  body: { fontFamily: tokens.fontFamilyMonospace, minHeight: "12em" },
  problems: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
  help: { color: tokens.colorNeutralForeground3 },
  helpList: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, fontFamily: tokens.fontFamilyMonospace },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});
