// A new team snippet, or a new version of one (versions never change once the server has them), with
// the personal editor's parts: template-tag help, its variables, the engine's check as the user types
// (the same check the server runs, so a draft with errors is not sent) and the preview of its Word
// output. Saved changes go into the queue: they reach the server now, or when it is back.

import { useMemo, useState } from "react";
import { Button, Caption1, Field, Input, Textarea } from "@fluentui/react-components";
import type { Engine } from "../../engine";
import { useDraftPreview } from "../../hooks/use-draft-preview";
import { checkDraft, useSnippetCheck } from "../../hooks/use-snippet-check";
import type { DocumentSettings } from "../../model/document";
import type { RawSnippet } from "../../store";
import type { TeamContent } from "../../team/types";
import { PreviewPane } from "../PreviewPane/PreviewPane";
import { TAG_HELP } from "../SnippetEditor/tag-help";
import { VariablesEditor, type RawVariable } from "../VariablesEditor/VariablesEditor";
import { draftProblemText } from "./problem-text";
import { useTeamViewStyles } from "./TeamView.styles";

const ID = /^[a-z0-9][a-z0-9._-]*$/;

export type TeamEditorProps = {
  /** The version to start from; unset: a new snippet. */
  base?: TeamContent;
  taken: ReadonlySet<string>;
  /** The other team snippets (their newest content), for includes in the check and the preview. */
  others: readonly RawSnippet[];
  engine?: Engine;
  settings: DocumentSettings;
  today: Date;
  onSave(id: string, content: TeamContent, isNew: boolean): void;
  onCancel(): void;
};

const TEXT_FIELDS = [
  ["description", "Description", undefined],
  ["category", "Category", "Levels separated by /, e.g. Contracts/Clauses"],
] as const;

export function TeamEditor(props: TeamEditorProps) {
  const { base, taken, engine, onSave, onCancel } = props;
  const styles = useTeamViewStyles();
  const [draft, setDraft] = useState<TeamContent>(() => base ?? { id: "", title: "", body: "" });
  const isNew = base === undefined;
  const set = (key: string, value: unknown) =>
    setDraft((old) => {
      const next: TeamContent = { ...old };
      if (value === undefined || value === "") delete next[key];
      else next[key] = value;
      return { ...next, id: next.id ?? "", title: next.title ?? "", body: next.body ?? "" };
    });
  const others = useMemo(() => props.others.filter((s) => s.id !== draft.id), [props.others, draft.id]);
  const checked = useMemo(() => ({ ...draft, id: draft.id || "new-snippet", status: "draft" }), [draft]);
  const check = useSnippetCheck(engine, checked, others);
  const preview = useDraftPreview({
    engine,
    check,
    draft: checked,
    others,
    settings: props.settings,
    today: props.today,
    name: "team draft",
  });

  const idProblem = !isNew
    ? undefined
    : draft.id === ""
      ? "Give it an id: lowercase letters, digits, “.”, “_” and “-”."
      : !ID.test(draft.id)
        ? "An id is lowercase letters, digits, “.”, “_” and “-”, starting with a letter or digit."
        : taken.has(draft.id)
          ? "The team library already has a snippet with this id."
          : undefined;
  const titleProblem = draft.title.trim() === "" ? "Give it a title." : undefined;
  const errors = check.problems.filter((p) => p.severity === "error");
  const ok =
    !idProblem && !titleProblem && draft.body.trim() !== "" && errors.length === 0 && engine !== undefined;
  const title = base ? `New version of ${base.title}` : "New team snippet";
  return (
    <form
      className={styles.section}
      aria-label={title}
      onSubmit={(e) => {
        e.preventDefault();
        // The list above trails typing by a moment: the draft as it is now is checked before it is sent.
        if (!ok || !engine) return;
        if (checkDraft(engine, checked, others).problems.some((p) => p.severity === "error")) return;
        onSave(draft.id, { ...draft, title: draft.title.trim() }, isNew);
      }}
    >
      <h3 className={styles.subtitle}>{base ? `New version of “${base.title}”` : "New team snippet"}</h3>
      {isNew && (
        <Field
          label="Id"
          required
          validationMessage={draft.id === "" ? undefined : idProblem}
          className={styles.field}
        >
          <Input value={draft.id} onChange={(_, d) => set("id", d.value)} />
        </Field>
      )}
      <Field label="Title" required validationMessage={titleProblem} className={styles.field}>
        <Input value={draft.title} onChange={(_, d) => set("title", d.value)} />
      </Field>
      {TEXT_FIELDS.map(([key, label, hint]) => (
        <Field key={key} label={label} hint={hint} className={styles.field}>
          <Input
            value={typeof draft[key] === "string" ? (draft[key] as string) : ""}
            onChange={(_, d) => set(key, d.value)}
          />
        </Field>
      ))}
      <Field label="Text (Markdown)" required className={styles.field}>
        <Textarea value={draft.body} onChange={(_, d) => set("body", d.value)} resize="vertical" rows={6} />
      </Field>
      <details>
        <summary>Template tags</summary>
        <ul className={styles.list}>
          {TAG_HELP.map(([tag, what]) => (
            <li key={tag} className={styles.meta}>
              {tag} — {what}
            </li>
          ))}
        </ul>
      </details>
      <VariablesEditor
        variables={(Array.isArray(draft.variables) ? draft.variables : []) as RawVariable[]}
        onChange={(vars) => set("variables", vars.length > 0 ? vars : undefined)}
      />
      <section aria-label="Problems" className={styles.section}>
        {check.problems.length === 0 ? (
          <Caption1 className={styles.meta}>{engine ? "No problems." : "Checking…"}</Caption1>
        ) : (
          <ul className={styles.list}>
            {check.problems.map((p, i) => (
              <li key={i} className={p.severity === "error" ? styles.problem : styles.meta}>
                {draftProblemText(p)}
              </li>
            ))}
          </ul>
        )}
        {errors.length > 0 && (
          <Caption1 className={styles.meta}>
            Fix the problems above to save: the team server checks the same rules.
          </Caption1>
        )}
      </section>
      <div className={styles.row}>
        <Button type="submit" appearance="primary" disabled={!ok}>
          Save
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
      {preview && (
        <PreviewPane
          state={preview}
          context={{
            sections: [
              {
                title: draft.title || draft.id,
                ...(check.snippet ? { variables: check.snippet.variables } : {}),
              },
            ],
            naming: "single",
          }}
        />
      )}
    </form>
  );
}
