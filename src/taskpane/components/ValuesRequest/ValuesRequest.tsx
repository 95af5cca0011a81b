// Asked once, by the Document tab's Update, for a section inserted before its values travelled with it
// in the document: the snippet's variables, prefilled from the outline where it has the section. The
// update then stores them with the section, so it never asks for them again.

import { useEffect, useMemo, useRef, useState } from "react";
import { Button, Caption1, Subtitle2 } from "@fluentui/react-components";
import type { Value, Values } from "../../../engine/core";
import type { ValuesRequest as Request } from "../../hooks/use-inventory";
import { validateAll } from "../../model/values";
import { VariableField } from "../VariableField/VariableField";
import { useValuesRequestStyles } from "./ValuesRequest.styles";

export type ValuesRequestProps = {
  request: Request;
  onSubmit(values: Values): void;
  onCancel(): void;
};

export function ValuesRequest({ request, onSubmit, onCancel }: ValuesRequestProps) {
  const styles = useValuesRequestStyles();
  const [values, setValues] = useState<Values>(request.values);
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => validateAll(request.variables, values), [request.variables, values]);
  const { row } = request;
  // The form appears after a click elsewhere: keyboard users land in its first field.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("input, textarea, button")?.focus();
  }, []);
  const set = (name: string, value: Value | undefined) =>
    setValues((old) => {
      const next = { ...old };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return next;
    });
  return (
    <form
      ref={form}
      className={styles.root}
      aria-label={`Values for ${row.title}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (errors.size === 0) onSubmit(values);
      }}
    >
      <Subtitle2>Values for “{row.title}”</Subtitle2>
      <Caption1 className={styles.why}>
        This section was inserted without the values it was built with. Fill them in once: they are kept with
        the section in this document, so the next update will not ask.
      </Caption1>
      {request.variables.map((v) => (
        <VariableField
          key={v.name}
          variable={v}
          value={values[v.name]}
          error={submitted ? errors.get(v.name) : undefined}
          errors={submitted ? errors : new Map()}
          onChange={(value) => set(v.name, value)}
        />
      ))}
      {submitted && errors.size > 0 && (
        <Caption1 role="alert" className={styles.error}>
          {errors.size === 1 ? "1 field needs attention." : `${errors.size} fields need attention.`}
        </Caption1>
      )}
      <div className={styles.buttons}>
        <Button type="submit" appearance="primary">
          Update to version {row.update?.version}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
