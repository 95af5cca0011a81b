// "In this document": the snippets the open Word document contains (from the content controls the pane
// tagged when it inserted them), each flagged against the library — current, newer version, deprecated
// (and by what), stale, draft, unknown — with "Update" for those that have a newer approved version,
// as tracked changes (the default where Word can switch Track Changes) or replaced silently.

import {
  Badge,
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
  mergeClasses,
  type BadgeProps,
} from "@fluentui/react-components";
import { ArrowClockwise20Regular, ArrowSync20Regular, Open20Regular } from "@fluentui/react-icons";
import type { Snippet, Values } from "../../../engine/core";
import type { InventoryApi, InventoryRow, UpdateMode } from "../../hooks/use-inventory";
import type { InventoryFlag } from "../../model/inventory";
import { ProblemList } from "../ProblemList/ProblemList";
import { ValuesRequest } from "../ValuesRequest/ValuesRequest";
import { useDocumentInventoryStyles } from "./DocumentInventory.styles";

export type DocumentInventoryProps = {
  inventory: InventoryApi;
  /** Opens a snippet's form, prefilled (for a new version that needs values, or a successor). */
  onOpen(snippet: Snippet, values: Values): void;
};

const FLAG: Record<InventoryFlag, { label: string; color: BadgeProps["color"] }> = {
  current: { label: "Current", color: "success" },
  newer: { label: "Newer version", color: "brand" },
  deprecated: { label: "Deprecated", color: "danger" },
  stale: { label: "Stale", color: "severe" },
  draft: { label: "Draft", color: "warning" },
  unknown: { label: "Unknown", color: "subtle" },
};

export function DocumentInventory({ inventory, onOpen }: DocumentInventoryProps) {
  const styles = useDocumentInventoryStyles();
  const { state, rows, notice } = inventory;

  if (!inventory.available)
    return (
      <Body1>
        Open Sectionsmith inside Word to see which snippets the open document contains, spot outdated ones and
        update them in place. Outside Word there is no document to read.
      </Body1>
    );

  const busy = state.phase === "loading" || state.phase === "working";
  const attention = rows?.filter((r) => !r.flags.includes("current")).length ?? 0;
  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Caption1 role="status" aria-live="polite" className={styles.status}>
          {state.phase === "loading" && (
            <Spinner size="extra-tiny" labelPosition="after" label="Reading the document…" />
          )}
          {state.phase === "working" && (
            <Spinner size="extra-tiny" labelPosition="after" label={state.label} />
          )}
          {!busy && rows && summaryOf(rows.length, attention)}
        </Caption1>
        <Button
          size="small"
          icon={<ArrowClockwise20Regular />}
          disabled={busy}
          onClick={() => void inventory.refresh()}
        >
          Refresh
        </Button>
      </div>

      {rows?.some((r) => r.update) && (
        <div className={styles.updateMode}>
          <RadioGroup
            aria-label="How updates go into the document"
            value={inventory.updateMode}
            disabled={busy}
            onChange={(_, data) => inventory.setUpdateMode(data.value as UpdateMode)}
          >
            <Radio
              value="tracked"
              label="Update as tracked changes (review in Word)"
              disabled={inventory.trackedUnavailable !== undefined}
            />
            <Radio value="silent" label="Replace silently" />
          </RadioGroup>
          {inventory.trackedUnavailable && (
            <Caption1 className={styles.why}>{inventory.trackedUnavailable}.</Caption1>
          )}
        </div>
      )}

      {notice?.intent === "error" && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{notice.title}</MessageBarTitle> {notice.action}
            <ProblemList problems={notice.problems} />
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={inventory.dismiss}>Dismiss</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {notice?.intent === "success" && (
        <MessageBar intent={notice.warnings.length > 0 ? "warning" : "success"} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{notice.message}</MessageBarTitle>
            <ProblemList problems={notice.warnings} />
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={inventory.dismiss}>Dismiss</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      {inventory.asking && (
        <ValuesRequest
          key={inventory.asking.row.tag}
          request={inventory.asking}
          onSubmit={(values) => void inventory.answer(values)}
          onCancel={inventory.cancelAsk}
        />
      )}
      {inventory.valuesWarnings.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            {inventory.valuesWarnings[0]!.message} Sectionsmith asks for those values again when it updates
            the section.
          </MessageBarBody>
        </MessageBar>
      )}

      {rows && rows.length === 0 && (
        <Body1>
          No Sectionsmith sections found in this document. Sections you insert with “Insert into Word” are
          listed here.
        </Body1>
      )}
      {rows && rows.length > 0 && (
        <ul className={styles.list} aria-label="Snippets in this document">
          {rows.map((row) => (
            <Row
              key={row.tag}
              row={row}
              busy={busy}
              working={state.phase === "working" && state.tag === row.tag}
              inventory={inventory}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function summaryOf(count: number, attention: number): string {
  if (count === 0) return "";
  const found = count === 1 ? "1 snippet in this document" : `${count} snippets in this document`;
  if (attention === 0) return `${found}, all up to date.`;
  return `${found}, ${attention} ${attention === 1 ? "needs" : "need"} attention.`;
}

function Row(props: {
  row: InventoryRow;
  busy: boolean;
  working: boolean;
  inventory: InventoryApi;
  onOpen: DocumentInventoryProps["onOpen"];
}) {
  const { row, busy, inventory, onOpen } = props;
  const styles = useDocumentInventoryStyles();
  const current = row.flags.includes("current");
  const name = row.title;
  const target = row.update;
  const plan = row.plan;
  const successor = row.successor && row.successor.id !== row.id ? row.successor : undefined;
  return (
    <li
      className={mergeClasses(styles.row, !current && styles.attention)}
      aria-label={`${name}, ${row.flags.map((f) => FLAG[f].label).join(", ")}`}
      aria-busy={props.working || undefined}
    >
      <div className={styles.titleLine}>
        <span className={styles.title}>{name}</span>
        {row.flags.map((f) => (
          <Badge key={f} appearance="tint" size="small" color={FLAG[f].color}>
            {FLAG[f].label}
          </Badge>
        ))}
      </div>
      <Caption1 className={styles.meta}>
        {row.id}
        {row.version !== undefined ? `@${row.version}` : ""}
        {row.count > 1 ? ` · inserted ${row.count} times` : ""}
      </Caption1>
      <Caption1 className={styles.summary}>{row.summary}</Caption1>
      {(target || successor) && (
        <div className={styles.actions}>
          {target && (plan?.ok !== false || row.asks) && (
            <Button
              size="small"
              appearance="primary"
              icon={<ArrowSync20Regular />}
              disabled={busy}
              aria-label={`Update ${name} to version ${target.version}`}
              onClick={() => void inventory.update(row)}
            >
              Update to version {target.version}
            </Button>
          )}
          {target && plan && !plan.ok && !row.asks && (
            <>
              <Caption1 className={styles.missing}>
                Version {target.version} needs {plan.missing.join(", ")}
                {plan.from === "defaults" ? " (this section is not in the pane’s outline)" : ""}: open it to
                fill them in, then add it and update.
              </Caption1>
              <Button
                size="small"
                icon={<Open20Regular />}
                disabled={busy}
                aria-label={`Open version ${target.version} of ${target.title} to fill in`}
                onClick={() => onOpen(target, plan.values)}
              >
                Open version {target.version}
              </Button>
            </>
          )}
          {successor && (
            <Button
              size="small"
              icon={<Open20Regular />}
              disabled={busy}
              aria-label={`Open ${successor.title}, which replaces ${name}`}
              onClick={() => onOpen(successor, {})}
            >
              Open “{successor.title}”
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
