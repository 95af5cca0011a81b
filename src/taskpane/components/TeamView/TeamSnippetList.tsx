// The team library's snippets with status, owner and review date. Authors add a version or submit the
// newest draft for review; a version sent back shows the approver's comment; approvers deprecate an
// approved version (naming its successor), and a deprecated one says what to use instead.

import { useState } from "react";
import { Button, Caption1 } from "@fluentui/react-components";
import { approvedOf, latest, STATUS_TEXT, type TeamSnippet } from "../../team/types";
import { TeamDeprecate } from "./TeamDeprecate";
import { useTeamViewStyles } from "./TeamView.styles";

export type TeamSnippetListProps = {
  snippets: readonly TeamSnippet[];
  canAuthor: boolean;
  canApprove?: boolean;
  onEdit(snippet: TeamSnippet): void;
  onSubmit(id: string, version: number): void;
  onDeprecate?(id: string, version: number, replacedBy?: string): void;
};

export function TeamSnippetList({
  snippets,
  canAuthor,
  canApprove = false,
  onEdit,
  onSubmit,
  onDeprecate,
}: TeamSnippetListProps) {
  const styles = useTeamViewStyles();
  const [deprecating, setDeprecating] = useState<string>();
  const titleOf = (id: string) => {
    const found = snippets.find((s) => s.id === id);
    return found ? (latest(found)?.snippet.title ?? id) : id;
  };
  return (
    <section className={styles.section} aria-labelledby="team-snippets-title">
      <h3 id="team-snippets-title" className={styles.subtitle}>
        Team snippets ({snippets.length})
      </h3>
      <ul className={styles.list}>
        {snippets.map((s) => {
          const v = latest(s);
          if (!v) return null;
          const approved = approvedOf(s);
          return (
            <li key={s.id} className={styles.item} data-team-snippet={s.id}>
              <strong>{v.snippet.title}</strong>
              <Caption1 className={styles.meta} data-team-status>
                v{v.version} {STATUS_TEXT[v.status]}
                {v.pending ? " · waiting to sync" : ""}
                {s.owner ? ` · owner ${s.owner}` : ""}
                {s.reviewBy ? ` · review by ${s.reviewBy}` : ""}
              </Caption1>
              {v.status === "deprecated" && v.replacedBy && (
                <Caption1 data-team-successor={v.replacedBy}>Use “{titleOf(v.replacedBy)}” instead.</Caption1>
              )}
              {v.status === "draft" && v.comment && <Caption1>Sent back: {v.comment}</Caption1>}
              {deprecating === s.id && approved && onDeprecate ? (
                <TeamDeprecate
                  snippet={s}
                  version={approved.version}
                  snippets={snippets}
                  onDeprecate={(id, version, replacedBy) => {
                    onDeprecate(id, version, replacedBy);
                    setDeprecating(undefined);
                  }}
                  onCancel={() => setDeprecating(undefined)}
                />
              ) : (
                (canAuthor || (canApprove && approved && onDeprecate)) && (
                  <div className={styles.row}>
                    {canAuthor && (
                      <Button
                        size="small"
                        onClick={() => onEdit(s)}
                        aria-label={`New version of ${v.snippet.title}`}
                      >
                        New version
                      </Button>
                    )}
                    {canAuthor && v.status === "draft" && (
                      <Button
                        size="small"
                        onClick={() => onSubmit(s.id, v.version)}
                        aria-label={`Submit ${v.snippet.title} for review`}
                      >
                        Submit for review
                      </Button>
                    )}
                    {canApprove && approved && onDeprecate && (
                      <Button
                        size="small"
                        onClick={() => setDeprecating(s.id)}
                        aria-label={`Deprecate ${v.snippet.title}…`}
                      >
                        Deprecate…
                      </Button>
                    )}
                  </div>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
