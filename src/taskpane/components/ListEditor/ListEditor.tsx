// A list variable: one card per item with its fields, plus Add/Remove. Cards rather than a table: a table
// with a column per field scrolled sideways in a 320 px pane (issue 13); here the fields sit side by side
// where the pane is wide enough and stack where it is not (a wrapping row, no media query needed).

import { useId } from "react";
import { Button, Caption1, Field, Label } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import type { ListItem, ScalarValue, Variable } from "../../../engine/core";
import { initialValues, labelOf } from "../../model/values";
import { VariableControl } from "../VariableField/VariableControl";
import { useListEditorStyles } from "./ListEditor.styles";

type Props = {
  variable: Variable;
  items: ListItem[];
  error?: string;
  errors: ReadonlyMap<string, string>;
  onChange(items: ListItem[]): void;
};

export function ListEditor({ variable, items, error, errors, onChange }: Props) {
  const styles = useListEditorStyles();
  const labelId = useId();
  const fields = variable.fields ?? [];
  const label = labelOf(variable);
  const setCell = (row: number, name: string, value: ScalarValue | undefined) =>
    onChange(
      items.map((item, i) => {
        if (i !== row) return item;
        const next = { ...item };
        if (value === undefined) delete next[name];
        else next[name] = value;
        return next;
      }),
    );
  const addItem = () => onChange([...items, initialValues(fields) as ListItem]);

  return (
    <div role="group" aria-labelledby={labelId} className={styles.root}>
      <Label id={labelId} required={variable.required}>
        {label}
      </Label>
      {variable.help && <Caption1 className={styles.hint}>{variable.help}</Caption1>}
      {items.length > 0 && (
        <ol className={styles.items} aria-labelledby={labelId}>
          {items.map((item, row) => (
            <li key={row} className={styles.item} aria-label={`Item ${row + 1}`}>
              <div className={styles.itemHeader}>
                <Caption1 aria-hidden="true" className={styles.itemNumber}>
                  Item {row + 1}
                </Caption1>
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<Delete20Regular />}
                  aria-label="Remove item"
                  title={`Remove item ${row + 1}`}
                  onClick={() => onChange(items.filter((_, i) => i !== row))}
                />
              </div>
              <div className={styles.fields}>
                {fields.map((f) => {
                  const message = errors.get(`${variable.name}[${row}].${f.name}`);
                  return (
                    <Field
                      key={f.name}
                      className={styles.field}
                      label={labelOf(f)}
                      required={f.required}
                      validationState={message ? "error" : "none"}
                      validationMessage={message}
                    >
                      <VariableControl
                        variable={f}
                        value={item[f.name]}
                        ariaLabel={`${labelOf(f)}, item ${row + 1}`}
                        onChange={(v) => setCell(row, f.name, v as ScalarValue | undefined)}
                      />
                    </Field>
                  );
                })}
              </div>
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button size="small" icon={<Add20Regular />} onClick={addItem}>
          Add item
        </Button>
      </div>
      {error && (
        <Caption1 role="alert" className={styles.error}>
          {error}
        </Caption1>
      )}
    </div>
  );
}
