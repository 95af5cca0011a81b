import { makeStyles, tokens } from "@fluentui/react-components";

export const useProblemListStyles = makeStyles({
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: "grid",
    gap: tokens.spacingVerticalXXS,
  },
  goTo: { whiteSpace: "nowrap" },
  where: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});
