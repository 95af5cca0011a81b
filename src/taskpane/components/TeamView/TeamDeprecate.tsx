// Deprecating an approved team version (approvers and admins): choose the snippet to use instead, or
// none, and confirm. The change queues like any other (If-Match on the revision read; a 409 is held with
// both sides); other panes show the version deprecated, with "use … instead", on their next round.

import { useEffect, useRef, useState } from "react";
import { Button, Dropdown, Field, Option } from "@fluentui/react-components";
import { latest, type TeamSnippet } from "../../team/types";
import { useTeamViewStyles } from "./TeamView.styles";

export type TeamDeprecateProps = {
  snippet: TeamSnippet;
  /** The approved version to deprecate. */
  version: number;
  /** The library's snippets: the successor is one of the others. */
  snippets: readonly TeamSnippet[];
  onDeprecate(id: string, version: number, replacedBy?: string): void;
  onCancel(): void;
};

const titleOf = (s: TeamSnippet) => latest(s)?.snippet.title ?? s.id;

export function TeamDeprecate({ snippet, version, snippets, onDeprecate, onCancel }: TeamDeprecateProps) {
  const styles = useTeamViewStyles();
  const [successor, setSuccessor] = useState("");
  const box = useRef<HTMLButtonElement>(null);
  // Opened from its row's button: the keyboard goes on into the form.
  useEffect(() => box.current?.focus(), []);
  const title = titleOf(snippet);
  const others = snippets.filter((s) => s.id !== snippet.id);
  const chosen = others.find((s) => s.id === successor);
  return (
    <form
      className={styles.section}
      aria-label={`Deprecate ${title}`}
      onSubmit={(e) => {
        e.preventDefault();
        onDeprecate(snippet.id, version, successor || undefined);
      }}
    >
      <h3 className={styles.subtitle}>{`Deprecate “${title}” v${version}`}</h3>
      <Field
        label="Use instead (optional)"
        hint="Panes offer it when someone adds the deprecated snippet."
        className={styles.field}
      >
        <Dropdown
          ref={box}
          className={styles.dropdown}
          value={chosen ? `${titleOf(chosen)} (${chosen.id})` : "No successor"}
          selectedOptions={[successor]}
          onOptionSelect={(_, d) => setSuccessor(d.optionValue ?? "")}
        >
          <Option value="">No successor</Option>
          {others.map((s) => (
            <Option key={s.id} value={s.id}>
              {`${titleOf(s)} (${s.id})`}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.row}>
        <Button type="submit" appearance="primary">
          Deprecate
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
