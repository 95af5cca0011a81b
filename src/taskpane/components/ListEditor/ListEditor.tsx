// A list variable: a table with one row per item and one column per field, plus Add/Remove.

import { useId } from "react";
import {
  Button,
  Caption1,
  Field,
  Label,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from "@fluentui/react-components";
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
        <div className={styles.scroll}>
          <Table size="small" aria-labelledby={labelId}>
            <TableHeader>
              <TableRow>
                {fields.map((f) => (
                  <TableHeaderCell key={f.name}>{labelOf(f)}</TableHeaderCell>
                ))}
                <TableHeaderCell className={styles.actions}>
                  <span className={styles.visuallyHidden}>Actions</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {items.map((item, row) => (
                <TableRow key={row}>
                  {fields.map((f) => {
                    const message = errors.get(`${variable.name}[${row}].${f.name}`);
                    return (
                      <TableCell key={f.name} className={styles.cell}>
                        <Field validationState={message ? "error" : "none"} validationMessage={message}>
                          <VariableControl
                            variable={f}
                            value={item[f.name]}
                            ariaLabel={`${labelOf(f)}, item ${row + 1}`}
                            onChange={(v) => setCell(row, f.name, v as ScalarValue | undefined)}
                          />
                        </Field>
                      </TableCell>
                    );
                  })}
                  <TableCell className={styles.actions}>
                    <Button
                      appearance="subtle"
                      icon={<Delete20Regular />}
                      aria-label="Remove item"
                      title={`Remove item ${row + 1}`}
                      onClick={() => onChange(items.filter((_, i) => i !== row))}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
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
