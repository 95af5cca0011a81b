import { makeStyles } from "@fluentui/react-components";

export const useVariableFieldStyles = makeStyles({
  // Fluent dropdowns default to a 250 px minimum; the task pane can be 320 px wide in all.
  dropdown: { minWidth: 0, width: "100%" },
});
