import { makeStyles, tokens } from "@fluentui/react-components";

export const useSnippetEditorStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  header: { display: "flex", flexWrap: "wrap", alignItems: "center", gap: tokens.spacingHorizontalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  // Two columns when the pane is wide enough, one in a narrow pane (320–360 px is common in Word).
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 10rem), 1fr))",
    // A field beside one with a hint must not stretch its input to the row's height.
    alignItems: "start",
    gap: tokens.spacingHorizontalS,
  },
  // Fluent's Input sizes itself from its <input size=20>: in a narrow column it must shrink instead.
  control: { width: "100%", minWidth: 0 },
  wide: { gridColumn: "1 / -1" },
  body: { fontFamily: tokens.fontFamilyMonospace, minHeight: "12em" },
  problems: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalL,
    color: tokens.colorPaletteRedForeground1,
  },
  help: { color: tokens.colorNeutralForeground3 },
  helpList: {
    margin: 0,
    paddingInlineStart: tokens.spacingHorizontalL,
    fontFamily: tokens.fontFamilyMonospace,
  },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});
