import { Checkbox, Field, Radio, RadioGroup, SpinButton } from "@fluentui/react-components";
import type { OutlineSection } from "../../model/document";
import { useSectionOptionsStyles } from "./SectionOptions.styles";

type Props = { section: OutlineSection; onChange(patch: Partial<OutlineSection>): void };

/** Heading offset, page break before, and whether ordered lists restart or continue. */
export function SectionOptions({ section, onChange }: Props) {
  const styles = useSectionOptionsStyles();
  return (
    <div className={styles.root} role="group" aria-label={`Options for ${section.title}`}>
      <Field
        label="Heading offset"
        hint="0 keeps the snippet's headings; 1 turns Heading 1 into Heading 2, …"
      >
        <SpinButton
          min={0}
          max={8}
          value={section.headingOffset}
          onChange={(_, data) => {
            const raw = data.value ?? Number(data.displayValue);
            if (raw === undefined || raw === null || !Number.isFinite(raw)) return;
            onChange({ headingOffset: Math.max(0, Math.min(8, Math.round(raw))) });
          }}
        />
      </Field>
      <Checkbox
        label="Page break before"
        checked={section.pageBreakBefore}
        onChange={(_, data) => onChange({ pageBreakBefore: data.checked === true })}
      />
      <Field label="Numbered lists">
        <RadioGroup
          value={section.numbering}
          onChange={(_, data) => onChange({ numbering: data.value === "continue" ? "continue" : "restart" })}
        >
          <Radio value="restart" label="Restart numbering" />
          <Radio value="continue" label="Continue from the previous section" />
        </RadioGroup>
      </Field>
    </div>
  );
}
