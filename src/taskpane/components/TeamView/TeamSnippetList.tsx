// The team library's snippets with status, owner and review date. Authors add a version or submit the
// newest draft for review; a version sent back shows the approver's comment.

import { Button, Caption1 } from "@fluentui/react-components";
import { latest, STATUS_TEXT, type TeamSnippet } from "../../team/types";
import { useTeamViewStyles } from "./TeamView.styles";

export type TeamSnippetListProps = {
  snippets: readonly TeamSnippet[];
  canAuthor: boolean;
  onEdit(snippet: TeamSnippet): void;
  onSubmit(id: string, version: number): void;
};

export function TeamSnippetList({ snippets, canAuthor, onEdit, onSubmit }: TeamSnippetListProps) {
  const styles = useTeamViewStyles();
  return (
    <section className={styles.section} aria-labelledby="team-snippets-title">
      <h3 id="team-snippets-title" className={styles.subtitle}>
        Team snippets ({snippets.length})
      </h3>
      <ul className={styles.list}>
        {snippets.map((s) => {
          const v = latest(s);
          if (!v) return null;
          return (
            <li key={s.id} className={styles.item} data-team-snippet={s.id}>
              <strong>{v.snippet.title}</strong>
              <Caption1 className={styles.meta} data-team-status>
                v{v.version} {STATUS_TEXT[v.status]}
                {v.pending ? " · waiting to sync" : ""}
                {s.owner ? ` · owner ${s.owner}` : ""}
                {s.reviewBy ? ` · review by ${s.reviewBy}` : ""}
              </Caption1>
              {v.status === "draft" && v.comment && <Caption1>Sent back: {v.comment}</Caption1>}
              {canAuthor && (
                <div className={styles.row}>
                  <Button
                    size="small"
                    onClick={() => onEdit(s)}
                    aria-label={`New version of ${v.snippet.title}`}
                  >
                    New version
                  </Button>
                  {v.status === "draft" && (
                    <Button
                      size="small"
                      onClick={() => onSubmit(s.id, v.version)}
                      aria-label={`Submit ${v.snippet.title} for review`}
                    >
                      Submit for review
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
