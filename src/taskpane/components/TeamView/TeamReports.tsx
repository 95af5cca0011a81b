// Approvers and admins: how the team library is used and what needs attention — most used in the last
// 30 or 90 days, approved snippets nobody used in that time, and snippets due for review (past their
// review-by date, or due within 30 days) or used often with no review date — as the content libraries'
// reports do. Each opens the snippet in the Snippet view. Read from the server when opened and on
// "Refresh"; the counts are the ones every pane reports after an insert or download.

import { useCallback, useEffect, useState, type ReactElement } from "react";
import { Button, Caption1, Select } from "@fluentui/react-components";
import type { Freshness, Usage } from "../../../server/wire";
import type { TeamApi } from "../../hooks/use-team";
import { approvedOf } from "../../team/types";
import { useTeamViewStyles } from "./TeamView.styles";

const SOON_DAYS = 30;
type Report = { mostUsed: Usage[]; fresh: Freshness };

export function TeamReports({
  team,
  library,
  today,
  onOpen,
}: {
  team: TeamApi;
  library: string;
  today: Date;
  /** Opens a snippet in the Snippet view; false when the Library has no version of it to open. */
  onOpen(id: string): boolean;
}) {
  const styles = useTeamViewStyles();
  const [days, setDays] = useState(30);
  const [report, setReport] = useState<Report>();
  const [problem, setProblem] = useState<string>();
  const base = `/libraries/${encodeURIComponent(library)}`;
  const load = useCallback(async () => {
    try {
      const [most, fresh] = await Promise.all([
        team.call<Usage[]>("GET", `${base}/usage/most-used?days=${days}&limit=10`),
        // rare=1: approved snippets used fewer than once in `days` days, i.e. never.
        team.call<Freshness>("GET", `${base}/freshness?days=${days}&rare=1&often=10`),
      ]);
      setReport({ mostUsed: most.body, fresh: fresh.body });
      setProblem(undefined);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  }, [team.call, base, days]);
  useEffect(() => void load(), [load, team.asked]);

  const titleOf = (id: string) => {
    const s = team.snippets.find((x) => x.id === id);
    return (s && (approvedOf(s) ?? s.versions.at(-1))?.snippet.title) || id;
  };
  const soon = new Date(today.getTime() + SOON_DAYS * 86_400_000).toISOString().slice(0, 10);
  const now = today.toISOString().slice(0, 10);
  const stale = new Set(report?.fresh.stale.map((s) => s.id));
  const dueSoon = team.snippets
    .filter((s) => s.reviewBy && s.reviewBy >= now && s.reviewBy <= soon && !stale.has(s.id))
    .map((s) => ({ id: s.id, reviewBy: s.reviewBy! }));
  const [opened, setOpened] = useState<string>();

  const item = (id: string, detail: string) => (
    <li key={id} className={styles.item} data-team-report-item={id}>
      <div className={styles.row}>
        <strong className={styles.name}>{titleOf(id)}</strong>
        <Caption1 className={styles.meta}>{detail}</Caption1>
        <Button
          size="small"
          aria-label={`Open ${titleOf(id)}`}
          onClick={() => setOpened(onOpen(id) ? undefined : id)}
        >
          Open
        </Button>
      </div>
      {opened === id && (
        <Caption1 className={styles.meta}>
          It has no approved version yet: find it in the list below.
        </Caption1>
      )}
    </li>
  );
  const list = (title: string, key: string, items: ReactElement[], empty: string) => (
    <section className={styles.section} aria-label={title} data-team-report={key}>
      <h4 className={styles.subtitle}>
        {title} ({items.length})
      </h4>
      {items.length === 0 ? (
        <Caption1 className={styles.meta}>{empty}</Caption1>
      ) : (
        <ul className={styles.list}>{items}</ul>
      )}
    </section>
  );
  return (
    <section className={styles.section} aria-labelledby="team-reports-title">
      <h3 id="team-reports-title" className={styles.subtitle}>
        Usage and review
      </h3>
      <div className={styles.row}>
        <Select aria-label="Period" value={String(days)} onChange={(_, d) => setDays(Number(d.value))}>
          <option value="30">Last 30 days</option>
          <option value="90">Last 90 days</option>
        </Select>
        <Button size="small" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      {problem && (
        <Caption1 role="alert" className={styles.problem}>
          {problem}
        </Caption1>
      )}
      {report && (
        <>
          {list(
            "Most used",
            "most-used",
            report.mostUsed.map((u) =>
              item(
                u.id,
                `${u.uses} ${u.uses === 1 ? "use" : "uses"} (${u.inserts} inserted, ${u.downloads} downloaded)`,
              ),
            ),
            `Nothing was used in the last ${days} days.`,
          )}
          {list(
            "Never used",
            "never-used",
            report.fresh.rarelyUsed.map((u) => item(u.id, `approved, not used in ${days} days`)),
            "Every approved snippet was used.",
          )}
          {list(
            "Due for review",
            "due",
            [
              ...report.fresh.stale.map((s) => item(s.id, `stale: review was due ${s.reviewBy}`)),
              ...dueSoon.map((s) => item(s.id, `review by ${s.reviewBy}`)),
              ...report.fresh.oftenUsedUnreviewed
                .filter((s) => !stale.has(s.id))
                .map((s) => item(s.id, `${s.uses} uses, no review date`)),
            ],
            "Nothing is due for review.",
          )}
        </>
      )}
    </section>
  );
}
