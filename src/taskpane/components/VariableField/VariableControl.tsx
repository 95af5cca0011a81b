// The Fluent control for one variable type. Used inside a labelled Field (the form) or, with an
// aria-label, inside a list editor cell. Values follow the contract's JSON shapes.

import { useState } from "react";
import { Dropdown, Input, Option, Switch, Textarea } from "@fluentui/react-components";
import type { ScalarValue, Value, Variable } from "../../../engine/core";
import { parseNumberText } from "../../model/values";
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
 * Numbers keep the user's own text while it is typed ("1." or "-" halfway, or "abc" by mistake): a plain
 * text input (a type="number" input would silently empty itself on "abc" and round 20 digits), with the
 * spinbutton role and Arrow Up / Down to step. The form gets a number when the text is one — otherwise the
 * text itself, so validation says at the field what is wrong (model/values parseNumberText).
 */
function NumberInput({ variable, value, onChange, ariaLabel }: ControlProps) {
  const [text, setText] = useState(() => (value === undefined ? "" : String(value)));
  const step = variable.decimals !== undefined && variable.decimals > 0 ? 10 ** -variable.decimals : 1;
  const type = (next: string) => {
    setText(next);
    const parsed = parseNumberText(next);
    onChange(next.trim() === "" ? undefined : parsed.ok ? parsed.value : (next as ScalarValue));
  };
  const current = parseNumberText(text);
  return (
    <Input
      {...(ariaLabel ? { "aria-label": ariaLabel } : {})}
      role="spinbutton"
      inputMode="decimal"
      autoComplete="off"
      {...(current.ok ? { "aria-valuenow": current.value } : {})}
      {...(variable.min !== undefined ? { "aria-valuemin": variable.min } : {})}
      {...(variable.max !== undefined ? { "aria-valuemax": variable.max } : {})}
      value={text}
      contentAfter={
        variable.type === "currency" && variable.currency ? <span>{variable.currency}</span> : undefined
      }
      onKeyDown={(e) => {
        if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
        e.preventDefault();
        const base = current.ok ? current.value : (variable.min ?? 0);
        let next = base + (e.key === "ArrowUp" ? step : -step);
        if (variable.min !== undefined) next = Math.max(variable.min, next);
        if (variable.max !== undefined) next = Math.min(variable.max, next);
        type(String(Number(next.toFixed(variable.decimals ?? 10))));
      }}
      onChange={(_, d) => type(d.value)}
    />
  );
}
