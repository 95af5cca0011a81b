import { useRef, type KeyboardEvent } from "react";
import { Button, Caption1, ToggleButton, Tooltip } from "@fluentui/react-components";
import { Star20Filled, Star20Regular } from "@fluentui/react-icons";
import type { Snippet } from "../../../engine/core";
import { StatusBadges } from "../StatusBadges/StatusBadges";
import { TeamBadge } from "../TeamBadge/TeamBadge";
import type { TeamMark } from "../../team/to-library";
import { useLibraryViewStyles } from "./LibraryView.styles";

export type SnippetRowProps = {
  snippet: Snippet;
  today: Date;
  favourite: boolean;
  onOpen(snippet: Snippet): void;
  onToggleFavourite(id: string): void;
  /** Up/Down between results (LibraryView). */
  onTitleKeyDown?(e: KeyboardEvent<HTMLElement>): void;
  /** Set for a snippet from the team library. */
  team?: TeamMark;
};

/**
 * One result: its title is its only Tab stop (Enter opens it); Right moves to its star and Left back,
 * so tabbing through a long list takes one stop per snippet.
 */
export function SnippetRow({
  snippet,
  today,
  favourite,
  onOpen,
  onToggleFavourite,
  onTitleKeyDown,
  team,
}: SnippetRowProps) {
  const styles = useLibraryViewStyles();
  const title = useRef<HTMLButtonElement>(null);
  const star = useRef<HTMLButtonElement>(null);
  const starLabel = favourite
    ? `Remove ${snippet.title} from favourites`
    : `Add ${snippet.title} to favourites`;
  return (
    <li className={styles.row} data-snippet-id={snippet.id}>
      <div className={styles.rowMain}>
        <Button
          ref={title}
          appearance="transparent"
          className={styles.rowTitle}
          data-result-title
          onClick={() => onOpen(snippet)}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight") {
              e.preventDefault();
              star.current?.focus();
            } else onTitleKeyDown?.(e);
          }}
        >
          {snippet.title}
        </Button>
        <StatusBadges snippet={snippet} today={today} />
        {team && <TeamBadge mark={team} />}
        {snippet.description && <Caption1 className={styles.rowText}>{snippet.description}</Caption1>}
        {snippet.category && (
          <Caption1 className={styles.rowMeta}>{snippet.category.split("/").join(" › ")}</Caption1>
        )}
      </div>
      <Tooltip content={starLabel} relationship="label">
        <ToggleButton
          ref={star}
          tabIndex={-1}
          appearance="subtle"
          checked={favourite}
          onKeyDown={(e) => {
            if (e.key !== "ArrowLeft") return;
            e.preventDefault();
            title.current?.focus();
          }}
          icon={favourite ? <Star20Filled /> : <Star20Regular />}
          onClick={() => onToggleFavourite(snippet.id)}
        />
      </Tooltip>
    </li>
  );
}
