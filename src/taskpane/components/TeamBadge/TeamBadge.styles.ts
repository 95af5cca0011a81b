import { makeStyles, tokens } from "@fluentui/react-components";

export const useTeamBadgeStyles = makeStyles({
  root: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: tokens.spacingHorizontalXS,
    minWidth: 0,
  },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: "anywhere" },
});
