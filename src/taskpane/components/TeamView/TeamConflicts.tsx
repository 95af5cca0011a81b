// Changes the server would not take. A conflict (someone changed the snippet first) shows both versions:
// keep mine (added as a new version on top of theirs: nothing is lost; a deprecation is sent again on
// their revision) or use theirs (mine is dropped only then, by the user). A refusal shows the server's reason beside my text.

import { Button, Caption1, MessageBar, MessageBarBody } from "@fluentui/react-components";
import { latest, type Held } from "../../team/types";
import { useTeamViewStyles } from "./TeamView.styles";

export type TeamConflictsProps = {
  held: readonly Held[];
  onResolve(held: Held, choice: "mine" | "theirs"): void;
};

const mineOf = (h: Held): { title: string; body: string } | undefined =>
  h.op.kind === "create" || h.op.kind === "version"
    ? h.op.content
    : h.op.kind === "deprecate"
      ? {
          title: `Deprecate version ${h.op.version}`,
          body: h.op.replacedBy ? `Use ${h.op.replacedBy} instead.` : "No successor.",
        }
      : undefined;

export function TeamConflicts({ held, onResolve }: TeamConflictsProps) {
  const styles = useTeamViewStyles();
  if (held.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="team-conflicts-title">
      <h3 id="team-conflicts-title" className={styles.subtitle}>
        Changes that need you ({held.length})
      </h3>
      <ul className={styles.list}>
        {held.map((h) => {
          const mine = mineOf(h);
          const theirs = h.reason === "conflict" ? latest(h.current) : undefined;
          const id = h.op.kind === "usage" ? "usage" : h.op.id;
          return (
            <li key={h.op.key} className={styles.item} data-team-held={id}>
              <MessageBar intent={h.reason === "conflict" ? "warning" : "error"} layout="multiline">
                <MessageBarBody>
                  {id}: {h.message}
                </MessageBarBody>
              </MessageBar>
              <div className={styles.compare}>
                {mine && (
                  <div aria-label="Your version" role="group">
                    <Caption1>Yours: {mine.title}</Caption1>
                    <pre className={styles.body}>{mine.body}</pre>
                  </div>
                )}
                {theirs && (
                  <div aria-label="On the server" role="group">
                    <Caption1>
                      On the server (v{theirs.version}, {theirs.createdBy}): {theirs.snippet.title}
                    </Caption1>
                    <pre className={styles.body}>{theirs.snippet.body}</pre>
                  </div>
                )}
              </div>
              <div className={styles.row}>
                {h.reason === "conflict" && mine && (
                  <Button appearance="primary" onClick={() => onResolve(h, "mine")}>
                    {h.op.kind === "deprecate" ? "Deprecate it on theirs" : "Keep mine as a new version"}
                  </Button>
                )}
                <Button onClick={() => onResolve(h, "theirs")}>
                  {h.reason === "conflict" ? "Use theirs, drop mine" : "Drop my change"}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
