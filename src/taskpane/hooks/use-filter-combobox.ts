// State of a searchable filter combobox (Fluent's Combobox with freeform typing): what the user has
// typed narrows the options; picking one (click, or arrows then Enter) sets the filter; leaving the box
// with a tag's exact name typed sets it too, with nothing typed clears it, and with anything else puts
// the current choice back, so the box never shows text that is not the filter in force.

import { useMemo, useState } from "react";

export type FilterOption = { value: string; text: string };

export type FilterCombobox = {
  /** The text in the box: what is being typed, else the chosen option's value ("" for none). */
  text: string;
  /** Options matching what is typed (all of them when nothing is being typed). */
  shown: FilterOption[];
  /** What is being typed, trimmed; "" when not typing. */
  typed: string;
  onType(text: string): void;
  onPick(value: string | undefined): void;
  onLeave(): void;
};

export function useFilterCombobox(
  options: readonly FilterOption[],
  value: string,
  onChange: (value: string) => void,
): FilterCombobox {
  // undefined: not typing (the box shows the current choice).
  const [query, setQuery] = useState<string | undefined>(undefined);
  const typed = (query ?? "").trim().toLowerCase();
  const shown = useMemo(
    () => (typed === "" ? [...options] : options.filter((o) => o.value.toLowerCase().includes(typed))),
    [options, typed],
  );
  return {
    text: query ?? value,
    shown,
    typed: (query ?? "").trim(),
    onType: setQuery,
    onPick(picked) {
      // Fluent unselects (picked undefined) as soon as the typed text stops matching the choice: the
      // filter stays as it is until the user picks or leaves the box.
      if (picked === undefined) return;
      setQuery(undefined);
      onChange(picked);
    },
    onLeave() {
      if (query === undefined) return;
      setQuery(undefined);
      if (typed === "") onChange("");
      else {
        const exact = options.find((o) => o.value.toLowerCase() === typed);
        if (exact) onChange(exact.value);
      }
    },
  };
}
