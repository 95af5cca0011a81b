import { makeStyles, tokens } from "@fluentui/react-components";

export const useLibraryToolbarStyles = makeStyles({
  toolbar: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalS, alignItems: "center" },
  hiddenInput: { display: "none" },
});
