// Edits a snippet's variables as they are written in the library file: name, label, type, required,
// default and the rules of the chosen type (rules of other types are dropped when the type changes).

import { useEffect, useState } from "react";
import { Button, Checkbox, Field, Input, Select, Switch, Textarea } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { useVariablesEditorStyles } from "./VariablesEditor.styles";

export type RawVariable = { name: string; type: string } & Record<string, unknown>;

const TYPES = ["text", "multiline", "number", "currency", "date", "choice", "boolean", "list"] as const;

/** The rules each type takes (the contract's table); everything else is common to all types. */
const RULES: Record<
  string,
  ReadonlyArray<{ key: string; label: string; kind: "number" | "text" | "options" | "json" }>
> = {
  text: [
    { key: "maxLength", label: "Maximum length", kind: "number" },
    { key: "pattern", label: "Pattern (regular expression)", kind: "text" },
  ],
  multiline: [
    { key: "maxLength", label: "Maximum length", kind: "number" },
    { key: "pattern", label: "Pattern (regular expression)", kind: "text" },
  ],
  number: [
    { key: "min", label: "Minimum", kind: "number" },
    { key: "max", label: "Maximum", kind: "number" },
    { key: "decimals", label: "Decimals", kind: "number" },
  ],
  currency: [
    { key: "min", label: "Minimum", kind: "number" },
    { key: "max", label: "Maximum", kind: "number" },
    { key: "currency", label: "Currency (ISO 4217)", kind: "text" },
  ],
  date: [{ key: "format", label: "Date format (e.g. d MMMM yyyy)", kind: "text" }],
  choice: [{ key: "options", label: "Options (one per line)", kind: "options" }],
  boolean: [],
  list: [{ key: "fields", label: "Fields (JSON array of variables)", kind: "json" }],
};
const COMMON = new Set(["name", "label", "help", "type", "required", "default"]);

export type VariablesEditorProps = {
  variables: readonly RawVariable[];
  onChange(variables: RawVariable[]): void;
};

export function VariablesEditor({ variables, onChange }: VariablesEditorProps) {
  const styles = useVariablesEditorStyles();
  const update = (k: number, next: RawVariable) => onChange(variables.map((v, i) => (i === k ? next : v)));
  return (
    <section aria-label="Variables" className={styles.root}>
      <h3 className={styles.title}>Variables</h3>
      {variables.map((v, k) => (
        <VariableRow
          key={k}
          variable={v}
          onChange={(next) => update(k, next)}
          onRemove={() => onChange(variables.filter((_, i) => i !== k))}
        />
      ))}
      <Button
        icon={<Add20Regular />}
        onClick={() => onChange([...variables, { name: `field${variables.length + 1}`, type: "text" }])}
      >
        Add variable
      </Button>
    </section>
  );
}

function VariableRow({
  variable: v,
  onChange,
  onRemove,
}: {
  variable: RawVariable;
  onChange(v: RawVariable): void;
  onRemove(): void;
}) {
  const styles = useVariablesEditorStyles();
  const set = (key: string, value: unknown) => {
    const next: RawVariable = { ...v };
    if (value === undefined || value === "") delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const setType = (type: string) => {
    const keep = new Set([...COMMON, ...(RULES[type] ?? []).map((r) => r.key)]);
    const next = Object.fromEntries(Object.entries(v).filter(([key]) => keep.has(key))) as RawVariable;
    next.type = type;
    delete next.default; // a default of another type would be wrong
    onChange(next);
  };
  const label = `Variable ${v.name}`;
  return (
    <fieldset className={styles.variable} aria-label={label}>
      <Field label="Name">
        <Input value={v.name} onChange={(_, d) => onChange({ ...v, name: d.value })} />
      </Field>
      <Field label="Type">
        <Select value={v.type} onChange={(_, d) => setType(d.value)}>
          {TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Select>
      </Field>
      <Field label="Label">
        <Input value={str(v.label)} onChange={(_, d) => set("label", d.value)} />
      </Field>
      {v.type === "boolean" ? (
        // A yes/no default is a switch, written to the library as true or false (never the text "true").
        <Switch
          className={styles.switch}
          label="On by default"
          checked={v.default === true}
          onChange={(_, d) => onChange({ ...v, default: d.checked })}
        />
      ) : (
        <DefaultField type={v.type} value={v.default} onChange={(value) => set("default", value)} />
      )}
      <Checkbox
        label="Required"
        checked={v.required === true}
        onChange={(_, d) => set("required", d.checked === true ? true : undefined)}
      />
      <Button icon={<Delete20Regular />} aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </Button>
      {(RULES[v.type] ?? []).map((rule) => (
        <Field
          key={rule.key}
          label={rule.label}
          className={rule.kind === "text" || rule.kind === "number" ? undefined : styles.wide}
        >
          {rule.kind === "number" ? (
            <Input
              type="number"
              value={v[rule.key] === undefined ? "" : String(v[rule.key])}
              onChange={(_, d) => set(rule.key, d.value === "" ? undefined : Number(d.value))}
            />
          ) : rule.kind === "text" ? (
            <Input value={str(v[rule.key])} onChange={(_, d) => set(rule.key, d.value)} />
          ) : rule.kind === "options" ? (
            <Textarea
              value={Array.isArray(v.options) ? v.options.join("\n") : ""}
              onChange={(_, d) => set("options", d.value === "" ? undefined : d.value.split("\n"))}
            />
          ) : (
            <JsonField value={v[rule.key]} onChange={(value) => set(rule.key, value)} />
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/**
 * The Default, as typed: the library gets a number for a number or amount ("99.5" → 99.5) as soon as the
 * text is one, but the field keeps the text itself, so "99." on the way to "99.5" is not turned into
 * "99" (and the next key into "995"). Text that is not a number is kept as typed and says so.
 */
function DefaultField({
  type,
  value,
  onChange,
}: {
  type: string;
  value: unknown;
  onChange(value: unknown): void;
}) {
  const shown = value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  const [text, setText] = useState(shown);
  // A change from outside (another type, a restored draft) replaces the text; the text's own value does not.
  useEffect(() => {
    setText((typed) => (sameJson(defaultOf(type, typed), value) ? typed : shown));
  }, [type, value, shown]);
  const numeric = type === "number" || type === "currency";
  const wrong = numeric && text.trim() !== "" && typeof defaultOf(type, text) !== "number";
  return (
    <Field
      label="Default"
      validationState={wrong ? "error" : "none"}
      validationMessage={
        wrong ? "Type a number, like 99.5 (a point before the decimals, no thousands separators)." : undefined
      }
    >
      <Input
        value={text}
        {...(numeric ? { inputMode: "decimal" as const } : {})}
        onChange={(_, d) => {
          setText(d.value);
          onChange(defaultOf(type, d.value));
        }}
      />
    </Field>
  );
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function JsonField({ value, onChange }: { value: unknown; onChange(value: unknown): void }) {
  return (
    <Textarea
      defaultValue={value === undefined ? "" : JSON.stringify(value, null, 2)}
      onChange={(_, d) => {
        try {
          onChange(d.value.trim() === "" ? undefined : JSON.parse(d.value));
        } catch {
          // keep the last valid value while the JSON is being typed
        }
      }}
    />
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The default as its JSON type: numbers for number/currency, text otherwise (booleans have a switch). */
function defaultOf(type: string, text: string): unknown {
  if (text === "") return undefined;
  if ((type === "number" || type === "currency") && text.trim() !== "" && Number.isFinite(Number(text)))
    return Number(text);
  if (type === "list") {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
