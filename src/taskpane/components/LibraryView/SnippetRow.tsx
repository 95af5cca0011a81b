import { Button, Caption1, ToggleButton, Tooltip } from "@fluentui/react-components";
import { Star20Filled, Star20Regular } from "@fluentui/react-icons";
import type { Snippet } from "../../../engine/core";
import { StatusBadges } from "../StatusBadges/StatusBadges";
import { useLibraryViewStyles } from "./LibraryView.styles";

export type SnippetRowProps = {
  snippet: Snippet;
  today: Date;
  favourite: boolean;
  onOpen(snippet: Snippet): void;
  onToggleFavourite(id: string): void;
};

export function SnippetRow({ snippet, today, favourite, onOpen, onToggleFavourite }: SnippetRowProps) {
  const styles = useLibraryViewStyles();
  const starLabel = favourite
    ? `Remove ${snippet.title} from favourites`
    : `Add ${snippet.title} to favourites`;
  return (
    <li className={styles.row} data-snippet-id={snippet.id}>
      <div className={styles.rowMain}>
        <Button appearance="transparent" className={styles.rowTitle} onClick={() => onOpen(snippet)}>
          {snippet.title}
        </Button>
        <StatusBadges snippet={snippet} today={today} />
        {snippet.description && <Caption1 className={styles.rowText}>{snippet.description}</Caption1>}
        {snippet.category && (
          <Caption1 className={styles.rowMeta}>{snippet.category.split("/").join(" › ")}</Caption1>
        )}
      </div>
      <Tooltip content={starLabel} relationship="label">
        <ToggleButton
          appearance="subtle"
          checked={favourite}
          icon={favourite ? <Star20Filled /> : <Star20Regular />}
          onClick={() => onToggleFavourite(snippet.id)}
        />
      </Tooltip>
    </li>
  );
}
