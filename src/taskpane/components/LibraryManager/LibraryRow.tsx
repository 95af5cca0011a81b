// One snippet in Manage's list: select it (for Export selected), and Edit, History, Duplicate, Delete.

import { Badge, Button, Caption1, Checkbox } from "@fluentui/react-components";
import type { SnippetRecord } from "../../store";
import { useLibraryManagerStyles } from "./LibraryManager.styles";

export const titleOf = (r: SnippetRecord) => (typeof r.snippet.title === "string" ? r.snippet.title : r.id);

export function Row(props: {
  record: SnippetRecord;
  selected: boolean;
  onSelect(on: boolean): void;
  onEdit(): void;
  onHistory(): void;
  onDuplicate(): void;
  onDelete(): void;
}) {
  const styles = useLibraryManagerStyles();
  const { record } = props;
  const title = titleOf(record);
  const status = typeof record.snippet.status === "string" ? record.snippet.status : "draft";
  const name = `${title} version ${record.version}`;
  return (
    <li className={styles.row}>
      <Checkbox
        aria-label={`Select ${name}`}
        checked={props.selected}
        onChange={(_, d) => props.onSelect(d.checked === true)}
      />
      <div className={styles.rowMain}>
        <span>{title}</span>
        <Caption1 className={styles.meta}>
          {record.id}@{record.version}
          {record.edited ? " · changed here" : ""}
        </Caption1>
      </div>
      <Badge
        appearance="tint"
        size="small"
        color={status === "approved" ? "success" : status === "deprecated" ? "danger" : "warning"}
      >
        {status}
      </Badge>
      <Button size="small" aria-label={`Edit ${name}`} onClick={props.onEdit}>
        Edit
      </Button>
      <Button size="small" aria-label={`History of ${name}`} onClick={props.onHistory}>
        History
      </Button>
      <Button size="small" aria-label={`Duplicate ${name}`} onClick={props.onDuplicate}>
        Duplicate
      </Button>
      <Button size="small" aria-label={`Delete ${name}`} onClick={props.onDelete}>
        Delete
      </Button>
    </li>
  );
}
