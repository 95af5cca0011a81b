// The report of a Word document's import, before anything is written: how it is split (and the other
// ways), the variables found with a type the user may change, each snippet with its variables, what was
// not kept or kept in another form (by place), and each duplicate's choice. "Import" applies it all.

import { Button, Caption1, Field, MessageBar, MessageBarBody, Select } from "@fluentui/react-components";
import type { DocxImport, DuplicateChoice, Problem, SplitMode, VariableType } from "../../../engine";
import { DuplicateItem } from "./DuplicateItem";
import { useDocxImportStyles } from "./DocxImport.styles";

type Props = {
  name: string;
  report: DocxImport;
  duplicates: Record<string, DuplicateChoice>;
  types: Record<string, VariableType>;
  busy: boolean;
  problems?: Problem[];
  onSplit(mode: SplitMode): void;
  onDuplicate(id: string, choice: DuplicateChoice): void;
  onType(name: string, type: VariableType): void;
  onApply(): void;
  onCancel(): void;
};

const TYPES: ReadonlyArray<[VariableType, string]> = [
  ["text", "Text"],
  ["multiline", "Several lines"],
  ["number", "Number"],
  ["currency", "Amount"],
  ["date", "Date"],
  ["choice", "Choice"],
  ["boolean", "Yes / no"],
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const modeKey = (m: SplitMode) => (m.by === "heading" ? `heading:${m.level}` : m.by);
/** "paragraph 57" → "Paragraph 57": where in the document, in words. */
const place = (p: Problem) => (p.path ? p.path[0]!.toUpperCase() + p.path.slice(1) : "The document");

function Warnings({ problems }: { problems: readonly Problem[] }) {
  const styles = useDocxImportStyles();
  const shown = problems.filter((p) => p.code !== "DOCX_DUPLICATE");
  if (shown.length === 0) return null;
  return (
    <ul className={styles.warnings}>
      {shown.slice(0, 30).map((p, k) => (
        <li key={k}>
          {p.code === "DOCX_NOT_KEPT" ? "Not kept" : "Changed"} — {place(p)}: {p.message}
        </li>
      ))}
      {shown.length > 30 && <li>…and {shown.length - 30} more.</li>}
    </ul>
  );
}

export function DocxReport(props: Props) {
  const { name, report, duplicates, types, busy } = props;
  const styles = useDocxImportStyles();
  const skipped = report.snippets.filter((s) => duplicates[s.snippet.id] === "skip").length;
  const importing = report.snippets.length - skipped;
  const warnings = report.snippets.reduce(
    (n, s) => n + s.warnings.filter((w) => w.code !== "DOCX_DUPLICATE").length,
    report.warnings.length,
  );
  const dupes = report.snippets.filter((s) => s.duplicate).length;
  return (
    <section className={styles.report} aria-label={`Import report for ${name}`}>
      <h2 className={styles.title}>Import {name}</h2>
      <Caption1 role="status">
        {`${plural(report.snippets.length, "snippet")} · ${plural(report.variables.length, "variable")} · ${plural(dupes, "duplicate")} · ${plural(warnings, "note")}`}
      </Caption1>
      <Field label="Split into snippets">
        <Select
          className={styles.select}
          value={modeKey(report.split)}
          disabled={busy}
          onChange={(_, d) => {
            const choice = report.choices.find((c) => modeKey(c.mode) === d.value);
            if (choice) props.onSplit(choice.mode);
          }}
        >
          {report.choices.map((c) => (
            <option key={modeKey(c.mode)} value={modeKey(c.mode)}>
              {`${c.label} (${plural(c.snippets, "snippet")})`}
            </option>
          ))}
        </Select>
      </Field>
      {report.numberedHeadings && (
        <Caption1 className={styles.note}>
          The document numbers its headings: turn on legal heading numbering in Document settings to number
          them alike.
        </Caption1>
      )}
      {report.variables.length > 0 && (
        <details>
          <summary>{`Variables (${report.variables.length})`}</summary>
          <ul className={styles.list}>
            {report.variables.map((v) => (
              <li key={v.name} className={styles.variable}>
                <span className={styles.variableName}>
                  {v.label ?? v.name} <span className={styles.note}>{`{{${v.name}}}`}</span>
                </span>
                <Select
                  className={styles.select}
                  aria-label={`Type of ${v.label ?? v.name}`}
                  value={types[v.name] ?? v.type}
                  onChange={(_, d) => props.onType(v.name, d.value as VariableType)}
                >
                  {TYPES.filter(([t]) => t !== "choice" || (v.options && v.options.length > 0)).map(
                    ([t, label]) => (
                      <option key={t} value={t}>
                        {label}
                      </option>
                    ),
                  )}
                </Select>
              </li>
            ))}
          </ul>
        </details>
      )}
      <h3 className={styles.group}>Snippets</h3>
      <ul className={styles.list} aria-label="Snippets to import">
        {report.snippets.map((s) => (
          <li key={s.snippet.id} className={styles.item}>
            <strong>{s.snippet.title}</strong>{" "}
            <span className={styles.note}>
              {s.snippet.id} ·{" "}
              {s.source.first === s.source.last
                ? `paragraph ${s.source.first}`
                : `paragraphs ${s.source.first}–${s.source.last}`}
              {s.snippet.variables.length > 0
                ? ` · ${s.snippet.variables.map((v) => v.name as string).join(", ")}`
                : ""}
            </span>
            {s.duplicate && (
              <DuplicateItem
                item={s}
                choice={duplicates[s.snippet.id] ?? "new"}
                onChoose={(c) => props.onDuplicate(s.snippet.id, c)}
              />
            )}
            <Warnings problems={s.warnings} />
          </li>
        ))}
      </ul>
      {report.warnings.length > 0 && (
        <>
          <h3 className={styles.group}>Elsewhere in the document</h3>
          <Warnings problems={report.warnings} />
        </>
      )}
      {props.problems && props.problems.length > 0 && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            Nothing was imported:{" "}
            {props.problems
              .slice(0, 5)
              .map((p) => p.message)
              .join(" ")}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy || importing === 0} onClick={props.onApply}>
          {`Import ${plural(importing, "snippet")}`}
        </Button>
        <Button onClick={props.onCancel}>Cancel</Button>
      </div>
      <Caption1 className={styles.note}>
        Imported snippets are drafts: review and approve them in the list below.
      </Caption1>
    </section>
  );
}
