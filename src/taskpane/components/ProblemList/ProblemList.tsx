import { createContext, useContext } from "react";
import { Link } from "@fluentui/react-components";
import type { Problem } from "../../../engine/core";
import { plainProblem, type PlainContext } from "../../model/plain-problem";
import { problemPlace, type LibraryContext } from "../../model/problem-place";
import { useProblemListStyles } from "./ProblemList.styles";

/** The pane's libraries, so that places inside them are shown by snippet id (model/problem-place.ts). */
export const ProblemPlaces = createContext<LibraryContext | undefined>(undefined);

/** Problems with where they are (file, JSON path, line:column) — plain text, React-escaped. */
export function ProblemList({ problems, limit = 20 }: { problems: readonly Problem[]; limit?: number }) {
  const styles = useProblemListStyles();
  const places = useContext(ProblemPlaces);
  if (problems.length === 0) return null;
  const shown = problems.slice(0, limit);
  return (
    <ul className={styles.list}>
      {shown.map((p, i) => (
        <li key={i}>
          <span className={styles.where}>{where(p, places)}</span> {p.message}
        </li>
      ))}
      {problems.length > limit && <li>…and {problems.length - limit} more.</li>}
    </ul>
  );
}

function where(p: Problem, places: LibraryContext | undefined): string {
  const place = problemPlace(p, places);
  const at = p.line !== undefined ? `${place}:${p.line}:${p.column ?? 1}` : place;
  return at === "" ? `${p.code}:` : `${at} (${p.code}):`;
}

/** Problems about a document's sections in the user's words (model/plain-problem.ts): no paths, no codes. */
export function PlainProblemList({
  problems,
  context,
  limit = 20,
  onGoTo,
}: {
  problems: readonly Problem[];
  context: PlainContext;
  limit?: number;
  /** Shows “Go to section N” on a problem at a word of a section (the defined-terms check). */
  onGoTo?: (section: number) => void;
}) {
  const styles = useProblemListStyles();
  if (problems.length === 0) return null;
  const lines = new Map<string, number | undefined>();
  for (const p of problems) {
    const line = plainProblem(p, context);
    if (!lines.has(line)) lines.set(line, p.place?.paragraph !== undefined ? p.place.section : undefined);
  }
  const shown = [...lines].slice(0, limit);
  return (
    <ul className={styles.list}>
      {shown.map(([line, section]) => (
        <li key={line}>
          {line}
          {onGoTo && section !== undefined && (
            <>
              {" "}
              <Link as="button" inline className={styles.goTo} onClick={() => onGoTo(section)}>
                Go to section {section + 1}
              </Link>
            </>
          )}
        </li>
      ))}
      {lines.size > limit && <li>…and {lines.size - limit} more.</li>}
    </ul>
  );
}
