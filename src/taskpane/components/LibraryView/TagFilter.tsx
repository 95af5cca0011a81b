// The Tag filter: a combobox the user can type into to narrow a long tag list ("pay" → payment,
// payroll), then pick with the mouse or the keyboard (Down opens the list, arrows move, Enter picks,
// Escape closes). One tag at a time: the search filter takes one.

import { Combobox, Field, Option } from "@fluentui/react-components";
import type { SnippetFacets } from "../../../engine/core";
import { useFilterCombobox } from "../../hooks/use-filter-combobox";
import { useLibraryViewStyles } from "./LibraryView.styles";

type Props = { tags: SnippetFacets["tags"]; value: string; onChange(tag: string): void };

export function TagFilter({ tags, value, onChange }: Props) {
  const styles = useLibraryViewStyles();
  const options = tags.map((t) => ({ value: t.value, text: `${t.value} (${t.count})` }));
  const combo = useFilterCombobox(options, value, onChange);
  return (
    <Field label="Tag" size="small" className={styles.filter}>
      <Combobox
        className={styles.combobox}
        input={{ className: styles.comboboxInput }}
        size="small"
        freeform
        placeholder="All tags"
        value={combo.text}
        selectedOptions={[value]}
        onChange={(e) => combo.onType(e.target.value)}
        onOptionSelect={(_, data) => combo.onPick(data.optionValue)}
        onBlur={combo.onLeave}
      >
        {combo.typed === "" && (
          <Option value="" text="All tags">
            All tags
          </Option>
        )}
        {combo.shown.map((o) => (
          <Option key={o.value} value={o.value} text={o.value}>
            {o.text}
          </Option>
        ))}
        {combo.shown.length === 0 && (
          <Option value="" text="" disabled>
            {`No tags match “${combo.typed}”`}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
