import { makeStyles, tokens } from "@fluentui/react-components";

export const useSnippetViewStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalL },
  header: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
  title: {
    margin: 0,
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalS,
    alignItems: "center",
  },
  meta: { color: tokens.colorNeutralForeground3 },
  notes: {
    color: tokens.colorNeutralForeground2,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke1}`,
    paddingLeft: tokens.spacingHorizontalS,
  },
  form: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});
