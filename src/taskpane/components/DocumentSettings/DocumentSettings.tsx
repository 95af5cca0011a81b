// Document settings: properties, page, theme font and heading colour, header and footer, drafting
// notes, locale. Each maps to one field of the assembly (model/assembly.ts).

import { useState } from "react";
import {
  Combobox,
  Dropdown,
  Field,
  Input,
  Option,
  Radio,
  RadioGroup,
  Switch,
} from "@fluentui/react-components";
import type { PageSize } from "../../../engine/core";
import { normaliseColor } from "../../model/assembly";
import type { DocumentSettings as Settings } from "../../model/document";
import { useDocumentSettingsStyles } from "./DocumentSettings.styles";

const PAGE_SIZES: PageSize[] = ["A4", "Letter", "Legal"];
const FONTS = ["Calibri", "Aptos", "Arial", "Cambria", "Georgia", "Segoe UI", "Times New Roman", "Verdana"];
const LOCALES = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "pt-BR", "ja-JP"];

type Props = { settings: Settings; onChange(patch: Partial<Settings>): void };

/**
 * Why `text` is not a locale the pane can format with, or undefined when it is one. "english" is a
 * well-formed BCP 47 tag (a 5–8 letter language subtag) that no runtime knows, so a syntax check alone
 * would let it through and the document would silently fall back to another locale.
 */
export function localeProblem(text: string): string | undefined {
  const tag = text.trim();
  if (tag === "") return "Type a locale, like en-GB or de-DE.";
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    // "eng" is answered with "en" (a fallback): only a locale the runtime has as such is accepted.
    if (canonical && Intl.NumberFormat.supportedLocalesOf([canonical])[0] === canonical) return undefined;
  } catch {
    // not a tag at all
  }
  return `“${tag}” is not a locale. Type a language and region code, like en-GB or de-DE.`;
}

export function DocumentSettings({ settings, onChange }: Props) {
  const styles = useDocumentSettingsStyles();
  // The locale as typed, checked as it is typed; applied when chosen, on Enter or on leaving the field,
  // and only when it is a real locale (a prefix typed on the way, "en" of "english", is never applied).
  const [locale, setLocale] = useState(settings.locale);
  const localeError = localeProblem(locale);
  const applyLocale = (value: string) => {
    if (localeProblem(value) === undefined && value.trim() !== settings.locale)
      onChange({ locale: value.trim() });
  };
  const text = (
    key: "title" | "author" | "company" | "headerText" | "footerText",
    label: string,
    hint?: string,
  ) => (
    <Field label={label} hint={hint}>
      <Input value={settings[key]} onChange={(_, d) => onChange({ [key]: d.value })} />
    </Field>
  );
  const colorError =
    settings.headingColor.trim() !== "" && normaliseColor(settings.headingColor) === undefined;

  return (
    <div className={styles.root}>
      {text("title", "Title", "Also the file name of the download.")}
      {text("author", "Author")}
      {text("company", "Company")}
      <div className={styles.row}>
        <Field label="Page size">
          <Dropdown
            className={styles.control}
            value={settings.pageSize}
            selectedOptions={[settings.pageSize]}
            onOptionSelect={(_, d) => d.optionValue && onChange({ pageSize: d.optionValue as PageSize })}
          >
            {PAGE_SIZES.map((s) => (
              <Option key={s}>{s}</Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Orientation">
          <RadioGroup
            layout="horizontal"
            value={settings.orientation}
            onChange={(_, d) => onChange({ orientation: d.value === "landscape" ? "landscape" : "portrait" })}
          >
            <Radio value="portrait" label="Portrait" />
            <Radio value="landscape" label="Landscape" />
          </RadioGroup>
        </Field>
      </div>
      <Field label="Font" hint="Leave empty for the default (Calibri).">
        <Combobox
          className={styles.control}
          freeform
          value={settings.font}
          selectedOptions={settings.font ? [settings.font] : []}
          onOptionSelect={(_, d) => onChange({ font: d.optionValue ?? "" })}
          onChange={(e) => onChange({ font: e.target.value })}
        >
          {FONTS.map((f) => (
            <Option key={f}>{f}</Option>
          ))}
        </Combobox>
      </Field>
      <Field
        label="Heading colour"
        hint="Hex colour, e.g. #1F3864"
        validationState={colorError ? "error" : "none"}
        validationMessage={colorError ? "Use six hex digits, like #1F3864." : undefined}
      >
        <Input
          value={settings.headingColor}
          contentBefore={
            <span
              aria-hidden
              className={styles.swatch}
              style={{ backgroundColor: normaliseColor(settings.headingColor) ?? "transparent" }}
            />
          }
          onChange={(_, d) => onChange({ headingColor: d.value })}
        />
      </Field>
      {text("headerText", "Header text")}
      {text("footerText", "Footer text", "{{page}} and {{pages}} become page numbers.")}
      <Switch
        label="Drafting notes as Word comments"
        checked={settings.draftingNotes}
        onChange={(_, d) => onChange({ draftingNotes: d.checked })}
      />
      <Field hint="Headings are numbered 1, 1.1, 1.1.1 and the lists under them (a), (b), as in a contract; inserts split across files keep counting.">
        <Switch
          label="Legal clause numbers"
          checked={settings.headingNumbering === "legal"}
          onChange={(_, d) => onChange({ headingNumbering: d.checked ? "legal" : "none" })}
        />
      </Field>
      <Field
        label="Locale"
        hint="How numbers, amounts and dates are written: a language and region, like en-GB or de-DE."
        validationState={localeError ? "error" : "none"}
        validationMessage={localeError ? `${localeError} The document keeps ${settings.locale}.` : undefined}
      >
        <Combobox
          className={styles.control}
          freeform
          value={locale}
          selectedOptions={[settings.locale]}
          onOptionSelect={(_, d) => {
            if (!d.optionValue) return;
            setLocale(d.optionValue);
            applyLocale(d.optionValue);
          }}
          onChange={(e) => setLocale(e.target.value)}
          onBlur={(e) => applyLocale(e.currentTarget.value)}
          onKeyDown={(e) => e.key === "Enter" && applyLocale(e.currentTarget.value)}
        >
          {LOCALES.map((l) => (
            <Option key={l}>{l}</Option>
          ))}
        </Combobox>
      </Field>
    </div>
  );
}
