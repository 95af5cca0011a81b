// What an import would do, shown before anything is written: first which snippets' text in use would
// change (InUseChangeItem: both texts, their languages; an update can be imported as a draft instead),
// then new, updated, conflicting (both texts shown; both kept unless the user picks one — see
// ConflictItem), unchanged and invalid snippets — each invalid one with every problem and its path.
// "Import all" applies everything in one transaction; it is offered only when nothing is invalid.

import { useState } from "react";
import { Button, Caption1, MessageBar, MessageBarBody } from "@fluentui/react-components";
import {
  countByKind,
  inUseChanges,
  withChoices,
  type ConflictChoice,
  type ImportItem,
  type ImportKind,
  type ImportReport as Report,
  type InUseChange,
  type UpdateChoice,
} from "../../store";
import { ConflictItem } from "./ConflictItem";
import { InUseChangeItem } from "./InUseChangeItem";
import { ProblemList } from "../ProblemList/ProblemList";
import { useImportReportStyles } from "./ImportReport.styles";

export type ImportReportProps = {
  report: Report;
  busy?: boolean;
  /** Applies the report, with the user's choice for each conflict. */
  onConfirm(report: Report): void;
  onCancel(): void;
};

const GROUPS: ReadonlyArray<{ kind: ImportKind; title: string; explain: (i: ImportItem) => string }> = [
  { kind: "invalid", title: "Invalid", explain: () => "" },
  { kind: "conflicting", title: "Conflicting", explain: () => "" },
  {
    kind: "updated",
    title: "Updated",
    explain: (i) =>
      `${i.existing ? `replaces version ${i.version}` : `new version ${i.version}`}${i.choice === "draft" ? ", imported as a draft" : ""}`,
  },
  { kind: "new", title: "New", explain: () => "" },
  {
    kind: "unchanged",
    title: "Unchanged",
    explain: (i) =>
      i.sameAs !== undefined && i.sameAs !== i.version
        ? `the same text is in your library as version ${i.sameAs}: nothing to add`
        : "already in your library",
  },
];

/**
 * What the import does to the text documents get, with the choices as they stand; an update imported as
 * a draft is still listed (with its choice), so it can be made the one in use.
 */
function changesToShow(report: Report): InUseChange[] {
  const updates = report.items.filter((i) => i.kind === "updated");
  const ifUsed = inUseChanges(withChoices(report, Object.fromEntries(updates.map((i) => [i.path, "use"]))));
  const fromUpdates = ifUsed.filter((c) => c.item?.kind === "updated");
  const ids = new Set(fromUpdates.map((c) => c.id));
  return [...fromUpdates, ...inUseChanges(report).filter((c) => !ids.has(c.id))];
}

/** Where an item sits in the file, in words: "snippets[4]" is "5th snippet in the file" (issue 13: no paths). */
export function placeInFile(path: string): string {
  const index = /^snippets\[(\d+)\]$/.exec(path)?.[1];
  if (index === undefined) return path;
  const n = Number(index) + 1;
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix} snippet in the file`;
}

export function ImportReport({ report, busy = false, onConfirm, onCancel }: ImportReportProps) {
  const styles = useImportReportStyles();
  // The report's own defaults first (an update in another language: as a draft), then what the user picks.
  const [choices, setChoices] = useState<Record<string, ConflictChoice | UpdateChoice>>(() =>
    Object.fromEntries(report.items.flatMap((i) => (i.choice ? [[i.path, i.choice]] : []))),
  );
  const chosen = withChoices(report, choices);
  const changes = changesToShow(chosen);
  const counts = countByKind(report);
  // Problems of one snippet are shown with its item (import-report.ts sorts them); the rest are about the file.
  const ofItems = new Set(report.items.flatMap((i) => i.problems));
  const fileProblems = report.errors.filter((p) => !ofItems.has(p));
  return (
    <section aria-label={`Import report for ${report.source}`} className={styles.root}>
      <h2 className={styles.title}>Import {report.source}</h2>
      <Caption1 role="status">
        {`${counts.new} new · ${counts.updated} updated · ${counts.conflicting} conflicting · ${counts.unchanged} unchanged · ${counts.invalid} invalid`}
      </Caption1>
      {fileProblems.length > 0 && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <ProblemList problems={fileProblems} limit={100} />
          </MessageBarBody>
        </MessageBar>
      )}
      {changes.length > 0 && (
        <section aria-label="Text in use">
          <h3 className={styles.group}>Changes the text documents get ({changes.length})</h3>
          <ul className={styles.list}>
            {changes.map((change) => (
              <InUseChangeItem
                key={change.id}
                change={change}
                source={report.source}
                {...(change.item?.kind === "updated"
                  ? {
                      choice: (choices[change.item.path] as UpdateChoice | undefined) ?? "use",
                      onChoose: (c: UpdateChoice) =>
                        setChoices((old) => ({ ...old, [change.item!.path]: c })),
                    }
                  : {})}
              />
            ))}
          </ul>
        </section>
      )}
      {GROUPS.map(({ kind, title, explain }) => {
        const items = chosen.items.filter((i) => i.kind === kind);
        if (items.length === 0) return null;
        return (
          <section key={kind} aria-label={title}>
            <h3 className={styles.group}>
              {title} ({items.length})
            </h3>
            <ul className={styles.list}>
              {items.map((item) =>
                kind === "conflicting" ? (
                  <ConflictItem
                    key={item.path}
                    item={item}
                    source={report.source}
                    choice={(choices[item.path] as ConflictChoice | undefined) ?? "both"}
                    onChoose={(c) => setChoices((old) => ({ ...old, [item.path]: c }))}
                  />
                ) : (
                  <li key={item.path}>
                    <strong>{item.title}</strong> ({item.id}@{item.version}, {placeInFile(item.path)})
                    {explain(item) && <span className={styles.note}> — {explain(item)}</span>}
                    {item.problems.length > 0 && <ProblemList problems={item.problems} limit={100} />}
                  </li>
                ),
              )}
            </ul>
          </section>
        );
      })}
      {!report.canApply && (
        <MessageBar intent="error">
          <MessageBarBody>
            Nothing can be imported until the file is fixed: nothing was changed.
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={!report.canApply || busy} onClick={() => onConfirm(chosen)}>
          Import all
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
