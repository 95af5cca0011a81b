// The review queue (approvers): versions in review, each with its Word preview and what changed since
// the last approved version. Approve, or send back with a
// comment. Four eyes: a version you wrote or submitted waits for another approver.

import { useState } from "react";
import { Button, Caption1, Field, Textarea } from "@fluentui/react-components";
import { latest, type TeamSnippet } from "../../team/types";
import { ReviewDetail, type ReviewContext } from "./ReviewDetail";
import { useTeamViewStyles } from "./TeamView.styles";

export type TeamReviewProps = {
  snippets: readonly TeamSnippet[];
  user: string;
  onApprove(id: string, version: number): void;
  onSendBack(id: string, version: number, comment: string): void;
  context: ReviewContext;
};

export function TeamReview({ snippets, user, onApprove, onSendBack, context }: TeamReviewProps) {
  const styles = useTeamViewStyles();
  const waiting = snippets.filter((s) => latest(s)?.status === "in_review");
  return (
    <section className={styles.section} aria-labelledby="team-review-title">
      <h3 id="team-review-title" className={styles.subtitle}>
        Review queue ({waiting.length})
      </h3>
      {waiting.length === 0 && <Caption1 className={styles.meta}>Nothing is waiting for review.</Caption1>}
      <ul className={styles.list}>
        {waiting.map((s) => (
          <ReviewItem
            key={s.id}
            snippet={s}
            user={user}
            onApprove={onApprove}
            onSendBack={onSendBack}
            context={context}
          />
        ))}
      </ul>
    </section>
  );
}

function ReviewItem({
  snippet,
  user,
  onApprove,
  onSendBack,
  context,
}: { snippet: TeamSnippet } & Omit<TeamReviewProps, "snippets">) {
  const styles = useTeamViewStyles();
  const [comment, setComment] = useState<string>();
  const v = latest(snippet)!;
  const own = v.createdBy === user || v.submittedBy === user;
  return (
    <li className={styles.item} data-team-review={snippet.id}>
      <strong>
        {v.snippet.title} <span className={styles.meta}>v{v.version}</span>
      </strong>
      <Caption1 className={styles.meta}>
        By {v.createdBy}
        {v.submittedBy && v.submittedBy !== v.createdBy ? `, submitted by ${v.submittedBy}` : ""}
        {v.pending ? " · waiting to sync" : ""}
      </Caption1>
      <ReviewDetail snippet={snippet} version={v} context={context} />
      {own ? (
        <Caption1 className={styles.meta}>
          You wrote or submitted this version: another approver reviews it.
        </Caption1>
      ) : comment === undefined ? (
        <div className={styles.row}>
          <Button appearance="primary" onClick={() => onApprove(snippet.id, v.version)}>
            Approve
          </Button>
          <Button onClick={() => setComment("")}>Send back…</Button>
        </div>
      ) : (
        <form
          className={styles.section}
          onSubmit={(e) => {
            e.preventDefault();
            if (comment.trim() !== "") onSendBack(snippet.id, v.version, comment.trim());
          }}
        >
          <Field label="What should change?" required className={styles.field}>
            <Textarea value={comment} onChange={(_, d) => setComment(d.value)} resize="vertical" />
          </Field>
          <div className={styles.row}>
            <Button type="submit" appearance="primary" disabled={comment.trim() === ""}>
              Send back
            </Button>
            <Button onClick={() => setComment(undefined)}>Cancel</Button>
          </div>
        </form>
      )}
    </li>
  );
}
