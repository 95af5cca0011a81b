// What an import would do, shown before anything is written: new, updated, conflicting (both texts shown;
// both kept unless the user picks one — see ConflictItem), unchanged and invalid snippets — each invalid
// one with every problem and its path. "Import all" applies everything in one transaction; it is offered
// only when nothing is invalid.

import { useState } from "react";
import { Button, Caption1, MessageBar, MessageBarBody } from "@fluentui/react-components";
import {
  countByKind,
  withChoices,
  type ConflictChoice,
  type ImportItem,
  type ImportKind,
  type ImportReport as Report,
} from "../../store";
import { ConflictItem } from "./ConflictItem";
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
    explain: (i) => (i.existing ? `replaces version ${i.version}` : `new version ${i.version}`),
  },
  { kind: "new", title: "New", explain: () => "" },
  { kind: "unchanged", title: "Unchanged", explain: () => "already in your library" },
];

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
  const [choices, setChoices] = useState<Record<string, ConflictChoice>>({});
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
      {GROUPS.map(({ kind, title, explain }) => {
        const items = report.items.filter((i) => i.kind === kind);
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
                    choice={choices[item.path] ?? "both"}
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
        <Button
          appearance="primary"
          disabled={!report.canApply || busy}
          onClick={() => onConfirm(withChoices(report, choices))}
        >
          Import all
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
