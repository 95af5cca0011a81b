// The Fluent control for one variable type. Used inside a labelled Field (the form) or, with an
// aria-label, inside a list editor cell. Values follow the contract's JSON shapes.

import { useState } from "react";
import { Dropdown, Input, Option, Switch, Textarea } from "@fluentui/react-components";
import type { ScalarValue, Value, Variable } from "../../../engine/core";
import { useVariableFieldStyles } from "./VariableField.styles";

export type ControlProps = {
  variable: Variable;
  value: Value | undefined;
  onChange(value: Value | undefined): void;
  /** For controls without a Field label (list cells). */
  ariaLabel?: string;
};

export function VariableControl({ variable, value, onChange, ariaLabel }: ControlProps) {
  const styles = useVariableFieldStyles();
  const a11y = ariaLabel ? { "aria-label": ariaLabel } : {};
  switch (variable.type) {
    case "multiline":
      return (
        <Textarea
          {...a11y}
          resize="vertical"
          value={typeof value === "string" ? value : ""}
          onChange={(_, d) => onChange(d.value === "" ? undefined : d.value)}
        />
      );
    case "number":
    case "currency":
      return <NumberInput {...{ variable, value, onChange, ariaLabel }} />;
    case "date":
      return (
        <Input
          {...a11y}
          type="date"
          value={typeof value === "string" ? value : ""}
          onChange={(_, d) => onChange(d.value === "" ? undefined : d.value)}
        />
      );
    case "choice": {
      const current = typeof value === "string" ? value : "";
      return (
        <Dropdown
          {...a11y}
          className={styles.dropdown}
          placeholder="Choose…"
          value={current}
          selectedOptions={current ? [current] : []}
          onOptionSelect={(_, d) => onChange(d.optionValue || undefined)}
        >
          {!variable.required && <Option value="">(none)</Option>}
          {(variable.options ?? []).map((o) => (
            <Option key={o} value={o}>
              {o}
            </Option>
          ))}
        </Dropdown>
      );
    }
    case "boolean":
      return <Switch {...a11y} checked={value === true} onChange={(_, d) => onChange(d.checked)} />;
    case "list":
      return null; // lists have their own editor (ListEditor)
    default:
      return (
        <Input
          {...a11y}
          value={typeof value === "string" ? value : value === undefined ? "" : String(value)}
          onChange={(_, d) => onChange(d.value === "" ? undefined : d.value)}
        />
      );
  }
}

/**
 * Numbers keep their own text while being typed ("1." or "-" are fine halfway), and hand the form a
 * number when the text is one — or the text itself, so validation can say "Enter a number."
 */
function NumberInput({ variable, value, onChange, ariaLabel }: ControlProps) {
  const [text, setText] = useState(() => (value === undefined ? "" : String(value)));
  const step = variable.decimals !== undefined ? 10 ** -variable.decimals : "any";
  return (
    <Input
      {...(ariaLabel ? { "aria-label": ariaLabel } : {})}
      type="number"
      inputMode="decimal"
      min={variable.min}
      max={variable.max}
      step={step}
      value={text}
      contentAfter={
        variable.type === "currency" && variable.currency ? <span>{variable.currency}</span> : undefined
      }
      onChange={(_, d) => {
        setText(d.value);
        const n = Number(d.value);
        onChange(d.value.trim() === "" ? undefined : Number.isFinite(n) ? n : (d.value as ScalarValue));
      }}
    />
  );
}
