import type { Problem } from "../../../engine/core";
import { useProblemListStyles } from "./ProblemList.styles";

/** Problems with where they are (file, JSON path, line:column) — plain text, React-escaped. */
export function ProblemList({ problems, limit = 20 }: { problems: readonly Problem[]; limit?: number }) {
  const styles = useProblemListStyles();
  if (problems.length === 0) return null;
  const shown = problems.slice(0, limit);
  return (
    <ul className={styles.list}>
      {shown.map((p, i) => (
        <li key={i}>
          <span className={styles.where}>{where(p)}</span> {p.message}
        </li>
      ))}
      {problems.length > limit && <li>…and {problems.length - limit} more.</li>}
    </ul>
  );
}

function where(p: Problem): string {
  const place = [p.source, p.path].filter((s) => s !== undefined && s !== "").join(": ");
  const at = p.line !== undefined ? `${place}:${p.line}:${p.column ?? 1}` : place;
  return at === "" ? `${p.code}:` : `${at} (${p.code}):`;
}
