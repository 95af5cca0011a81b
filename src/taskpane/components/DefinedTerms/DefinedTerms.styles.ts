import { makeStyles, tokens } from "@fluentui/react-components";

export const useDefinedTermsStyles = makeStyles({
  // Fluent indents the accordion's chevron by 10 px: line it up with the rest of the view instead.
  header: { paddingLeft: 0 },
  panel: {
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
    marginLeft: 0,
    marginRight: 0,
  },
  hint: { color: tokens.colorNeutralForeground3 },
});
