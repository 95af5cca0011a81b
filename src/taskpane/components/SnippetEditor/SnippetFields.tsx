// The snippet's metadata and body, in two columns when the pane is wide enough: each change goes to
// the editor through onSet (which records the field as touched and the draft as unsaved).

import { Checkbox, Field, Input, Textarea } from "@fluentui/react-components";
import type { RawSnippet } from "../../store";
import { useSnippetEditorStyles } from "./SnippetEditor.styles";

export type SnippetFieldsProps = {
  draft: RawSnippet;
  /** The tags as typed (comma-separated). */
  tags: string;
  /** A saved snippet's id cannot change. */
  idFixed: boolean;
  /** Sets one field of the draft; undefined or "" removes it. */
  onSet(key: string, value: unknown): void;
  onTags(value: string): void;
};

// [field, label, hint]: short labels keep the two columns' inputs level in a narrow pane.
const TEXT_FIELDS = [
  ["title", "Title", undefined],
  ["description", "Description", undefined],
  ["category", "Category", "Levels separated by /, e.g. Contracts/Clauses"],
  ["owner", "Owner", undefined],
  ["replacedBy", "Replaced by", "For a deprecated snippet: the id of its successor"],
] as const;

export function SnippetFields({ draft, tags, idFixed, onSet, onTags }: SnippetFieldsProps) {
  const styles = useSnippetEditorStyles();
  return (
    <div className={styles.grid}>
      <Field
        label="Id"
        hint={idFixed ? "The id cannot change; duplicate the snippet instead." : "a-z, 0-9, . _ -"}
      >
        <Input
          className={styles.control}
          value={draft.id}
          readOnly={idFixed}
          onChange={(_, d) => onSet("id", d.value)}
        />
      </Field>
      {TEXT_FIELDS.map(([key, label, hint]) => (
        <Field key={key} label={label} hint={hint}>
          <Input
            className={styles.control}
            value={str(draft[key])}
            onChange={(_, d) => onSet(key, d.value)}
          />
        </Field>
      ))}
      <Field label="Tags (comma-separated)">
        <Input className={styles.control} value={tags} onChange={(_, d) => onTags(d.value)} />
      </Field>
      <Field label="Review by">
        <Input
          className={styles.control}
          type="date"
          value={str(draft.reviewBy)}
          onChange={(_, d) => onSet("reviewBy", d.value)}
        />
      </Field>
      <Field
        className={styles.wide}
        hint="For a cover or title page: # is written in Word's Title style and ## in Subtitle, not as headings."
      >
        <Checkbox
          label="Title block"
          checked={draft.titleBlock === true}
          onChange={(_, d) => onSet("titleBlock", d.checked === true ? true : undefined)}
        />
      </Field>
      <Field label="Drafting note" className={styles.wide}>
        <Textarea value={str(draft.notes)} onChange={(_, d) => onSet("notes", d.value)} />
      </Field>
      <Field label="Body (Markdown)" className={styles.wide}>
        <Textarea
          textarea={{ className: styles.body }}
          resize="vertical"
          value={str(draft.body)}
          onChange={(_, d) => onSet("body", d.value)}
        />
      </Field>
    </div>
  );
}

const str = (v: unknown) => (typeof v === "string" ? v : "");
