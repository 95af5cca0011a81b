// One snippet in Manage's list: select it (for Export selected), Edit, and the rest (History, Duplicate,
// Delete) in a "…" menu, as Office's own lists do: a row of four buttons did not fit a 320 px pane.

import {
  Badge,
  Button,
  Caption1,
  Checkbox,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
} from "@fluentui/react-components";
import {
  Delete20Regular,
  History20Regular,
  MoreHorizontal20Regular,
  SquareMultiple20Regular,
} from "@fluentui/react-icons";
import type { SnippetRecord } from "../../store";
import { useLibraryManagerStyles } from "./LibraryManager.styles";

export const titleOf = (r: SnippetRecord) => (typeof r.snippet.title === "string" ? r.snippet.title : r.id);

export function Row(props: {
  record: SnippetRecord;
  /** The Edit button, for putting focus back on it (after Undo, after the editor closes). */
  editRef?: (el: HTMLButtonElement | null) => void;
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
        <span className={styles.rowTitle}>{title}</span>
        <Caption1 className={styles.meta}>
          <Badge
            appearance="tint"
            size="small"
            color={status === "approved" ? "success" : status === "deprecated" ? "danger" : "warning"}
          >
            {status}
          </Badge>{" "}
          {record.id}@{record.version}
          {record.edited ? " · changed here" : ""}
        </Caption1>
      </div>
      <Button ref={props.editRef} size="small" aria-label={`Edit ${name}`} onClick={props.onEdit}>
        Edit
      </Button>
      {/* Fluent's Menu: the trigger opens it with Enter, Space or Down; arrows move, Escape closes and
          returns focus to the trigger. */}
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content="More actions" relationship="description">
            <Button
              size="small"
              appearance="subtle"
              aria-label={`More actions for ${name}`}
              icon={<MoreHorizontal20Regular />}
            />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<History20Regular />} onClick={props.onHistory}>
              History
            </MenuItem>
            <MenuItem icon={<SquareMultiple20Regular />} onClick={props.onDuplicate}>
              Duplicate
            </MenuItem>
            <MenuItem icon={<Delete20Regular />} onClick={props.onDelete}>
              Delete
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
    </li>
  );
}
