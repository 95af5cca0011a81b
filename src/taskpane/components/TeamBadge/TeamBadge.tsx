import { Badge, Caption1 } from "@fluentui/react-components";
import type { TeamMark } from "../../team/to-library";
import { useTeamBadgeStyles } from "./TeamBadge.styles";

/** Beside a team snippet in the Library: where it comes from, its newest status, owner and review date. */
export function TeamBadge({ mark }: { mark: TeamMark }) {
  const styles = useTeamBadgeStyles();
  const color =
    mark.status === "approved" ? "success" : mark.status === "deprecated" ? "danger" : "informative";
  return (
    <span className={styles.root} data-team-mark={mark.status}>
      <Badge appearance="outline" color="brand" size="small">
        Team
      </Badge>
      {mark.status !== "approved" && (
        <Badge appearance="tint" color={color} size="small">
          {`v${mark.latestVersion} ${mark.statusText}`}
        </Badge>
      )}
      {mark.pending && (
        <Badge appearance="tint" color="warning" size="small">
          Not synced
        </Badge>
      )}
      {mark.replacedBy && <Caption1 className={styles.meta}>{`use ${mark.replacedBy} instead`}</Caption1>}
      {(mark.owner || mark.reviewBy) && (
        <Caption1 className={styles.meta}>
          {[mark.owner ? `Owner ${mark.owner}` : "", mark.reviewBy ? `review by ${mark.reviewBy}` : ""]
            .filter(Boolean)
            .join(" · ")}
        </Caption1>
      )}
    </span>
  );
}
