// One section of the outline: drag to reorder, or Alt+ArrowUp/Down and the Move buttons from the
// keyboard; edit its values, set its options, remove it.

import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Badge, Button, Caption1, Text, Tooltip } from "@fluentui/react-components";
import {
  ArrowDown20Regular,
  ArrowUp20Regular,
  Delete20Regular,
  Edit20Regular,
  ReOrderDotsVertical20Regular,
  Settings20Regular,
} from "@fluentui/react-icons";
import type { Snippet } from "../../../engine/core";
import type { OutlineSection } from "../../model/document";
import { valuesSummary } from "../../model/values";
import { SectionOptions } from "../SectionOptions/SectionOptions";
import { StatusBadges } from "../StatusBadges/StatusBadges";
import { useOutlineItemStyles } from "./OutlineItem.styles";

export type FocusTarget = "item" | "up" | "down";

export type OutlineItemProps = {
  section: OutlineSection;
  index: number;
  count: number;
  snippet: Snippet | undefined;
  today: Date;
  /** The document's locale: values are shown as the document writes them. */
  locale: string;
  /** Set by the outline after a move or removal; `seq` changes each time focus should be placed. */
  focus?: { target: FocusTarget; seq: number };
  dropTarget: boolean;
  onMove(to: number, focus: FocusTarget): void;
  onRemove(): void;
  onEdit(): void;
  onChange(patch: Partial<OutlineSection>): void;
  onDragStart(): void;
  onDragOver(): void;
  onDrop(): void;
  onDragEnd(): void;
};

export function OutlineItem(props: OutlineItemProps) {
  const { section, index, count, snippet, today, focus } = props;
  const styles = useOutlineItemStyles();
  const [open, setOpen] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);

  // After a move the element may have been re-inserted: put focus back where the user was. Keyed on
  // seq alone, so a later re-render (another section removed) does not steal focus again.
  useEffect(() => {
    if (focus === undefined) return;
    const wanted = focus.target === "up" ? up.current : focus.target === "down" ? down.current : item.current;
    (wanted && !(wanted as HTMLButtonElement).disabled ? wanted : item.current)?.focus();
  }, [focus?.seq]);

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    if ((e.target as HTMLElement).closest("[data-section-options]")) return; // spin buttons own arrows
    e.preventDefault();
    props.onMove(index + (e.key === "ArrowUp" ? -1 : 1), "item");
  };
  const drag =
    (handler: () => void, prevent = false) =>
    (e: DragEvent) => {
      if (prevent) e.preventDefault();
      handler();
    };

  const summary = valuesSummary(snippet?.variables ?? [], section.values, props.locale);
  return (
    <li
      ref={item}
      tabIndex={0}
      className={props.dropTarget ? `${styles.root} ${styles.dropTarget}` : styles.root}
      aria-label={`${section.title}, section ${index + 1} of ${count}`}
      aria-describedby="outline-keyboard-hint"
      draggable
      onKeyDown={onKeyDown}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", section.key);
        props.onDragStart();
      }}
      onDragOver={drag(props.onDragOver, true)}
      onDrop={drag(props.onDrop, true)}
      onDragEnd={drag(props.onDragEnd)}
    >
      <div className={styles.line}>
        <ReOrderDotsVertical20Regular aria-hidden className={styles.handle} />
        <div className={styles.main}>
          <Text weight="semibold">
            {index + 1}. {section.title}
          </Text>
          {summary && (
            <Caption1 className={styles.summary} title={summary}>
              {summary}
            </Caption1>
          )}
          {(snippet?.version ?? section.version) !== undefined && (
            <Caption1 className={styles.meta}>Version {snippet?.version ?? section.version}</Caption1>
          )}
          {snippet ? (
            <StatusBadges snippet={snippet} today={today} />
          ) : (
            <Badge appearance="tint" color="danger" size="small">
              Not in the library
            </Badge>
          )}
        </div>
      </div>
      <div className={styles.toolbar}>
        <Tooltip content="Edit values" relationship="label">
          <Button
            appearance="subtle"
            size="small"
            icon={<Edit20Regular />}
            onClick={props.onEdit}
            disabled={!snippet}
          />
        </Tooltip>
        <Button
          appearance="subtle"
          size="small"
          icon={<Settings20Regular />}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          Options
        </Button>
        <Tooltip content="Move up" relationship="label">
          <Button
            ref={up}
            appearance="subtle"
            size="small"
            icon={<ArrowUp20Regular />}
            disabled={index === 0}
            onClick={() => props.onMove(index - 1, "up")}
          />
        </Tooltip>
        <Tooltip content="Move down" relationship="label">
          <Button
            ref={down}
            appearance="subtle"
            size="small"
            icon={<ArrowDown20Regular />}
            disabled={index === count - 1}
            onClick={() => props.onMove(index + 1, "down")}
          />
        </Tooltip>
        <Tooltip content="Remove" relationship="label">
          <Button appearance="subtle" size="small" icon={<Delete20Regular />} onClick={props.onRemove} />
        </Tooltip>
      </div>
      {open && (
        <div data-section-options>
          <SectionOptions section={section} onChange={props.onChange} />
        </div>
      )}
    </li>
  );
}
