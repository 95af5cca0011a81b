import { Badge } from "@fluentui/react-components";
import { type Snippet, isStale } from "../../../engine/core";
import { useStatusBadgesStyles } from "./StatusBadges.styles";

/** Draft, Deprecated and Stale badges; approved, current snippets get none (the normal case is quiet). */
export function StatusBadges({ snippet, today }: { snippet: Snippet; today: Date }) {
  const styles = useStatusBadgesStyles();
  const stale = isStale(snippet, today);
  if (snippet.status === "approved" && !stale) return null;
  return (
    <span className={styles.root}>
      {snippet.status === "draft" && (
        <Badge appearance="tint" color="warning" size="small">
          Draft
        </Badge>
      )}
      {snippet.status === "deprecated" && (
        <Badge appearance="tint" color="danger" size="small">
          Deprecated
        </Badge>
      )}
      {stale && (
        <Badge appearance="tint" color="severe" size="small" title={`Review was due ${snippet.reviewBy}`}>
          Stale
        </Badge>
      )}
    </span>
  );
}
