// Document settings: properties, page, theme font and heading colour, header and footer, drafting
// notes, locale. Each maps to one field of the assembly (model/assembly.ts).

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

export function DocumentSettings({ settings, onChange }: Props) {
  const styles = useDocumentSettingsStyles();
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
      <Field label="Locale" hint="Formats numbers, currencies and dates (BCP 47, e.g. en-GB).">
        <Combobox
          className={styles.control}
          freeform
          value={settings.locale}
          selectedOptions={[settings.locale]}
          onOptionSelect={(_, d) => d.optionValue && onChange({ locale: d.optionValue })}
          onChange={(e) => onChange({ locale: e.target.value })}
        >
          {LOCALES.map((l) => (
            <Option key={l}>{l}</Option>
          ))}
        </Combobox>
      </Field>
    </div>
  );
}
