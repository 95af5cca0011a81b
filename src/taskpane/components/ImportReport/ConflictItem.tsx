// One conflict in an import report: the same id@version with two texts. Both are shown (title and body,
// as a line diff: "−" the library's lines, "+" the file's) and the user picks what to keep; by default
// both are kept, so nothing is lost unless they decide.

import { Radio, RadioGroup } from "@fluentui/react-components";
import { lineDiff, type ConflictChoice, type ImportItem, type RawSnippet } from "../../store";
import { useImportReportStyles } from "./ImportReport.styles";

type Props = {
  item: ImportItem;
  source: string;
  choice: ConflictChoice;
  onChoose(choice: ConflictChoice): void;
};

const text = (s: RawSnippet | undefined, key: string) =>
  typeof s?.[key] === "string" ? (s[key] as string) : "";

export function ConflictItem({ item, source, choice, onChoose }: Props) {
  const styles = useImportReportStyles();
  const mine = item.existing?.snippet;
  const name = `${item.title} version ${item.version}`;
  const diff = lineDiff(text(mine, "body"), text(item.snippet, "body"));
  const titles = text(mine, "title") !== text(item.snippet, "title");
  return (
    <li className={styles.conflict}>
      <strong>{item.title}</strong> ({item.id}@{item.version})
      <span className={styles.note}>
        {" "}
        — your library and {source} both have version {item.version}, with different text.
      </span>
      <details open>
        <summary>Compare the two texts</summary>
        <div className={styles.compare} aria-label={`Differences in ${name}`} role="group">
          {titles && (
            <>
              <div className={styles.removed}>− Title in your library: {text(mine, "title")}</div>
              <div className={styles.added}>
                + Title in {source}: {text(item.snippet, "title")}
              </div>
            </>
          )}
          {diff.map((line, k) => (
            <div
              key={k}
              className={
                line.op === "removed" ? styles.removed : line.op === "added" ? styles.added : undefined
              }
            >
              {line.op === "removed" ? "− " : line.op === "added" ? "+ " : "  "}
              {line.text}
            </div>
          ))}
        </div>
        <div className={styles.note}>− in your library · + in {source}</div>
      </details>
      <RadioGroup
        aria-label={`What to keep of ${name}`}
        value={choice}
        onChange={(_, d) => onChoose(d.value as ConflictChoice)}
      >
        <Radio value="both" label={`Keep both: the file's text becomes version ${item.keptAs} (draft)`} />
        <Radio value="mine" label="Keep only the text in your library" />
        <Radio
          value="theirs"
          label={`Use the file's text as version ${item.version}; yours becomes version ${item.keptAs} (draft)`}
        />
      </RadioGroup>
    </li>
  );
}
