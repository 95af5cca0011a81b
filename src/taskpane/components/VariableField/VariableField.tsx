import { Field } from "@fluentui/react-components";
import type { ListItem, Value, Variable } from "../../../engine/core";
import { labelOf } from "../../model/values";
import { ListEditor } from "../ListEditor/ListEditor";
import { VariableControl } from "./VariableControl";

export type VariableFieldProps = {
  variable: Variable;
  value: Value | undefined;
  /** Message for the field itself. */
  error?: string;
  /** Messages for list cells, keyed "name[2].field". */
  errors: ReadonlyMap<string, string>;
  onChange(value: Value | undefined): void;
};

/** One form field: a Fluent Field labelled with the variable's label (or name), its help as the hint. */
export function VariableField({ variable, value, error, errors, onChange }: VariableFieldProps) {
  if (variable.type === "list") {
    return (
      <ListEditor
        variable={variable}
        items={Array.isArray(value) ? value : []}
        error={error}
        errors={errors}
        onChange={(items: ListItem[]) => onChange(items)}
      />
    );
  }
  return (
    <Field
      label={labelOf(variable)}
      hint={variable.help}
      required={variable.required}
      validationState={error ? "error" : "none"}
      validationMessage={error}
    >
      <VariableControl variable={variable} value={value} onChange={onChange} />
    </Field>
  );
}
