import { makeStyles, tokens } from "@fluentui/react-components";

export const useStatusBadgesStyles = makeStyles({
  root: {
    display: "inline-flex",
    gap: tokens.spacingHorizontalXS,
    flexWrap: "wrap",
    verticalAlign: "middle",
  },
});
