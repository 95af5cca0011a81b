// One snippet whose text in use an import would change: "Pricing" (version 1, English) becomes
// "Honorar" (version 2, German) in every new document. Both texts can be compared; an update (a newer
// version in the file) can instead be imported as a draft, so the text in use stays.

import { Radio, RadioGroup } from "@fluentui/react-components";
import { lineDiff, type InUseChange, type RawSnippet, type UpdateChoice } from "../../store";
import { languageName } from "../../model/language-name";
import { useImportReportStyles } from "./ImportReport.styles";

type Props = {
  change: InUseChange;
  source: string;
  /** For an update: what the user chose (the item's choice, or "use"). */
  choice?: UpdateChoice;
  onChoose?(choice: UpdateChoice): void;
};

const text = (s: RawSnippet, key: string) => (typeof s[key] === "string" ? (s[key] as string) : "");
const titleOf = (s: RawSnippet) => text(s, "title") || s.id;

export function InUseChangeItem({ change, source, choice, onChoose }: Props) {
  const styles = useImportReportStyles();
  const { before, after, item } = change;
  const was = `“${titleOf(before.snippet)}” (version ${before.version}${change.beforeLanguage ? `, ${languageName(change.beforeLanguage)}` : ""})`;
  const now = `“${titleOf(after.snippet)}” (version ${after.version}${change.afterLanguage ? `, ${languageName(change.afterLanguage)}` : ""})`;
  const diff = lineDiff(text(before.snippet, "body"), text(after.snippet, "body"));
  const update = item?.kind === "updated" && onChoose;
  const keptAsDraft = update && choice === "draft";
  return (
    <li className={styles.conflict}>
      <strong>{titleOf(before.snippet)}</strong>
      <span className={styles.note}> ({change.id})</span>
      <div>
        {keptAsDraft
          ? `${was} stays the text documents get; ${source}'s ${now} is imported as a draft.`
          : `Documents will get ${now} instead of ${was}.`}
        {change.otherLanguage && !keptAsDraft && <strong> The text in use changes language.</strong>}
      </div>
      <details>
        <summary>Compare the two texts</summary>
        <div className={styles.compare} role="group" aria-label={`Differences in ${titleOf(before.snippet)}`}>
          {titleOf(before.snippet) !== titleOf(after.snippet) && (
            <>
              <div className={styles.removed}>− Title in use now: {titleOf(before.snippet)}</div>
              <div className={styles.added}>+ Title after the import: {titleOf(after.snippet)}</div>
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
      </details>
      {update && (
        <RadioGroup
          aria-label={`Which text of ${titleOf(before.snippet)} documents get`}
          value={choice ?? "use"}
          onChange={(_, d) => onChoose(d.value as UpdateChoice)}
        >
          <Radio
            value="draft"
            label={`Keep version ${before.version} in use; import version ${after.version} as a draft`}
          />
          <Radio value="use" label={`Use version ${after.version} from ${source} from now on`} />
        </RadioGroup>
      )}
      {!update && item === undefined && (
        <div className={styles.note}>This follows from your choice for a conflict below.</div>
      )}
    </li>
  );
}
