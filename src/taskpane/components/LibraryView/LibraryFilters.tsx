import { Dropdown, Field, Option, Switch } from "@fluentui/react-components";
import type { SearchFilters, SnippetFacets } from "../../../engine/core";
import { useLibraryViewStyles } from "./LibraryView.styles";
import { TagFilter } from "./TagFilter";

/** Which library a listed snippet comes from: the user's own (personal) or the connected team library. */
export type SnippetSource = "personal" | "team";

export type FilterState = Required<Pick<SearchFilters, "category" | "tag">> & {
  status: "" | NonNullable<SearchFilters["status"]>;
  approvedOnly: boolean;
  source: "" | SnippetSource;
};

export const NO_FILTERS: FilterState = { category: "", tag: "", status: "", approvedOnly: false, source: "" };

/** How many listed snippets each library has; absent when no team library is connected (no filter shown). */
export type SourceCounts = Record<SnippetSource, number>;

const STATUS_LABELS: Record<string, string> = {
  approved: "Approved",
  draft: "Draft",
  deprecated: "Deprecated",
  stale: "Stale",
};

type Props = {
  facets: SnippetFacets;
  value: FilterState;
  onChange(next: FilterState): void;
  sources?: SourceCounts | undefined;
};

export function LibraryFilters({ facets, value, onChange, sources }: Props) {
  const styles = useLibraryViewStyles();
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  return (
    <div className={styles.filters}>
      {sources && (
        <FilterDropdown
          label="Source"
          all="All libraries"
          value={value.source}
          options={[
            { value: "personal", text: `Personal (${sources.personal})` },
            { value: "team", text: `Team (${sources.team})` },
          ]}
          onChange={(source) => set({ source: source as FilterState["source"] })}
        />
      )}
      <FilterDropdown
        label="Category"
        all="All categories"
        value={value.category}
        options={facets.categories.map((c) => ({
          value: c.value,
          text: `${c.value.split("/").join(" › ")} (${c.count})`,
        }))}
        onChange={(category) => set({ category })}
      />
      <TagFilter tags={facets.tags} value={value.tag} onChange={(tag) => set({ tag })} />
      <FilterDropdown
        label="Status"
        all="Any status"
        value={value.status}
        options={facets.statuses.map((s) => ({
          value: s.value,
          text: `${STATUS_LABELS[s.value] ?? s.value} (${s.count})`,
        }))}
        onChange={(status) => set({ status: status as FilterState["status"] })}
      />
      <Switch
        className={styles.switch}
        label="Approved only"
        checked={value.approvedOnly}
        onChange={(_, data) => set({ approvedOnly: data.checked })}
      />
    </div>
  );
}

type DropdownProps = {
  label: string;
  all: string;
  value: string;
  options: Array<{ value: string; text: string }>;
  onChange(value: string): void;
};

function FilterDropdown({ label, all, value, options, onChange }: DropdownProps) {
  const styles = useLibraryViewStyles();
  const selected = options.find((o) => o.value === value);
  return (
    <Field label={label} size="small" className={styles.filter}>
      <Dropdown
        className={styles.dropdown}
        size="small"
        value={selected?.text ?? all}
        selectedOptions={[value]}
        onOptionSelect={(_, data) => onChange(data.optionValue ?? "")}
      >
        <Option value="">{all}</Option>
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.text}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
