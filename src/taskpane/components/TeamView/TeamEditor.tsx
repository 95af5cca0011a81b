// A new team snippet, or a new version of one (versions never change once the server has them). Saved
// changes go into the queue: they reach the server now, or when it is back.

import { useState } from "react";
import { Button, Field, Input, Textarea } from "@fluentui/react-components";
import type { TeamContent } from "../../team/types";
import { useTeamViewStyles } from "./TeamView.styles";

const ID = /^[a-z0-9][a-z0-9._-]*$/;

export type TeamEditorProps = {
  /** The version to start from; unset: a new snippet. */
  base?: TeamContent;
  taken: ReadonlySet<string>;
  onSave(id: string, content: TeamContent, isNew: boolean): void;
  onCancel(): void;
};

export function TeamEditor({ base, taken, onSave, onCancel }: TeamEditorProps) {
  const styles = useTeamViewStyles();
  const [id, setId] = useState(base?.id ?? "");
  const [title, setTitle] = useState(base?.title ?? "");
  const [body, setBody] = useState(base?.body ?? "");
  const isNew = base === undefined;
  const idProblem = !isNew
    ? undefined
    : id === ""
      ? "Give it an id: lowercase letters, digits, “.”, “_” and “-”."
      : !ID.test(id)
        ? "An id is lowercase letters, digits, “.”, “_” and “-”, starting with a letter or digit."
        : taken.has(id)
          ? "The team library already has a snippet with this id."
          : undefined;
  const titleProblem = title.trim() === "" ? "Give it a title." : undefined;
  const ok = !idProblem && !titleProblem && body.trim() !== "";
  return (
    <form
      className={styles.section}
      aria-label={base ? `New version of ${base.title}` : "New team snippet"}
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onSave(id, { ...(base ?? {}), id, title: title.trim(), body }, isNew);
      }}
    >
      <h3 className={styles.subtitle}>{base ? `New version of “${base.title}”` : "New team snippet"}</h3>
      {isNew && (
        <Field
          label="Id"
          required
          validationMessage={id === "" ? undefined : idProblem}
          className={styles.field}
        >
          <Input value={id} onChange={(_, d) => setId(d.value)} />
        </Field>
      )}
      <Field label="Title" required validationMessage={titleProblem} className={styles.field}>
        <Input value={title} onChange={(_, d) => setTitle(d.value)} />
      </Field>
      <Field label="Text (Markdown)" required className={styles.field}>
        <Textarea value={body} onChange={(_, d) => setBody(d.value)} resize="vertical" rows={6} />
      </Field>
      <div className={styles.row}>
        <Button type="submit" appearance="primary" disabled={!ok}>
          Save
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
