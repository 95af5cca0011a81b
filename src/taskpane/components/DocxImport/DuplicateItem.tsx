// A clause of the import that has (nearly) the same words as another: how alike they are, the word-level
// difference (struck: only in the other; highlighted: only in this document), and the choice — skip it,
// keep it as a new version of the other snippet, or keep it as a snippet of its own.

import { Radio, RadioGroup } from "@fluentui/react-components";
import type { DuplicateChoice, ImportedSnippet } from "../../../engine";
import { useDocxImportStyles } from "./DocxImport.styles";

type Props = { item: ImportedSnippet; choice: DuplicateChoice; onChoose(choice: DuplicateChoice): void };

export function DuplicateItem({ item, choice, onChoose }: Props) {
  const styles = useDocxImportStyles();
  const d = item.duplicate!;
  const where = d.of === "library" ? "your library's" : "this document's";
  return (
    <div>
      <div className={styles.note}>
        {d.identical
          ? `The same words as ${where} “${d.title}”.`
          : `${Math.round(d.similarity * 100)}% the same words as ${where} “${d.title}”.`}
      </div>
      {!d.identical && (
        <details>
          <summary>Show the differences</summary>
          <div className={styles.diff} role="group" aria-label={`Differences from “${d.title}”`}>
            {d.diff.map((part, k) =>
              part.op === "same" ? (
                <span key={k}>{part.text}</span>
              ) : part.op === "removed" ? (
                <del key={k} className={styles.removed}>
                  {part.text}
                </del>
              ) : (
                <ins key={k} className={styles.added}>
                  {part.text}
                </ins>
              ),
            )}
          </div>
        </details>
      )}
      <RadioGroup
        aria-label={`What to do with “${item.snippet.title}”`}
        value={choice}
        onChange={(_, v) => onChoose(v.value as DuplicateChoice)}
      >
        <Radio value="skip" label="Skip it" />
        {d.of === "library" && (
          <Radio value="version" label={`Make it a new version of “${d.title}” (draft)`} />
        )}
        <Radio value="new" label="Keep it as a snippet of its own" />
      </RadioGroup>
    </div>
  );
}
