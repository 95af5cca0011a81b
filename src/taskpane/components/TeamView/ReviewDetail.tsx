// What an approver looks at before deciding: the version's Word output (the engine's preview, with its
// variables' defaults) and what changed since the last approved version, line by line.

import { useMemo } from "react";
import { Caption1 } from "@fluentui/react-components";
import type { Engine } from "../../engine";
import { useDraftPreview } from "../../hooks/use-draft-preview";
import { checkDraft } from "../../hooks/use-snippet-check";
import type { DocumentSettings } from "../../model/document";
import { lineDiff, type RawSnippet } from "../../store";
import { approvedOf, type TeamSnippet, type TeamVersion } from "../../team/types";
import { PreviewPane } from "../PreviewPane/PreviewPane";
import { draftProblemText } from "./problem-text";
import { useTeamViewStyles } from "./TeamView.styles";

export type ReviewContext = {
  engine?: Engine;
  settings: DocumentSettings;
  today: Date;
  /** The other team snippets' newest content (for includes). */
  others: readonly RawSnippet[];
};

export function ReviewDetail({
  snippet,
  version,
  context,
}: {
  snippet: TeamSnippet;
  version: TeamVersion;
  context: ReviewContext;
}) {
  const styles = useTeamViewStyles();
  const approved = approvedOf(snippet);
  const previous = approved && approved.version < version.version ? approved : undefined;
  const content = useMemo(
    () => ({ ...version.snippet, version: version.version, status: "draft" }) as RawSnippet,
    [version],
  );
  const others = useMemo(
    () => context.others.filter((s) => s.id !== content.id),
    [context.others, content.id],
  );
  const check = useMemo(
    () => (context.engine ? checkDraft(context.engine, content, others) : { problems: [] }),
    [context.engine, content, others],
  );
  const preview = useDraftPreview({
    engine: context.engine,
    check,
    draft: content,
    others,
    settings: context.settings,
    today: context.today,
    name: "team draft",
  });
  // With no approved version to compare with, every line is new.
  const lines = lineDiff(previous?.snippet.body ?? "", version.snippet.body).filter(
    (l) => previous || l.text !== "" || l.op !== "removed",
  );
  return (
    <>
      <section className={styles.section} aria-label={`Changes in ${version.snippet.title}`} data-team-diff>
        <Caption1 className={styles.meta}>
          {previous
            ? `Changes from the approved version ${previous.version}:`
            : "No approved version yet: all of it is new."}
        </Caption1>
        {lines.length > 0 ? (
          <pre className={styles.body}>
            {lines.map((line, i) => (
              <span
                key={i}
                data-diff={line.op}
                className={
                  line.op === "added" ? styles.added : line.op === "removed" ? styles.removed : styles.same
                }
              >
                {line.op === "added" ? "+ " : line.op === "removed" ? "- " : "  "}
                {line.text}
              </span>
            ))}
          </pre>
        ) : null}
      </section>
      {check.problems.length > 0 && (
        <ul className={styles.list} aria-label="Problems">
          {check.problems.map((p, i) => (
            <li key={i} className={styles.problem}>
              {draftProblemText(p)}
            </li>
          ))}
        </ul>
      )}
      {preview && (
        <PreviewPane
          state={preview}
          context={{
            sections: [
              {
                title: version.snippet.title,
                ...(check.snippet ? { variables: check.snippet.variables } : {}),
              },
            ],
            naming: "single",
          }}
        />
      )}
    </>
  );
}
