// Snippet: what it is, the fill-in form generated from its variables (those of included snippets
// too), a live preview of the real Word output, and "Add to document". Adding a deprecated snippet asks
// first (DeprecatedDialog), naming its successor when the library has one.

import { useEffect, useMemo, useRef, useState } from "react";
import {
  Body1,
  Button,
  Caption1,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Subtitle1,
} from "@fluentui/react-components";
import { Add20Regular, Save20Regular } from "@fluentui/react-icons";
import {
  isStale,
  type Snippet,
  type Value,
  type Values,
  type Variable,
  type Problem,
  type Catalogue,
} from "../../../engine/core";
import { DeprecatedDialog } from "./DeprecatedDialog";
import type { Engine } from "../../engine";
import { usePreview } from "../../hooks/use-preview";
import { useOutlineTargets } from "../../hooks/use-outline-targets";
import { referencedNames } from "../../model/document-targets";
import { buildAssembly } from "../../model/assembly";
import type { DocumentSettings, OutlineSection } from "../../model/document";
import { emptyInText, usedVariables } from "../../model/used-variables";
import { previewGaps, retypeForPreview } from "../../model/preview-gaps";
import { initialValues, previewValues, validateAll } from "../../model/values";
import type { SnippetLookup } from "../../../engine";
import { PreviewPane } from "../PreviewPane/PreviewPane";
import { ProblemList } from "../ProblemList/ProblemList";
import { StatusBadges } from "../StatusBadges/StatusBadges";
import { VariableField } from "../VariableField/VariableField";
import { useSnippetViewStyles } from "./SnippetView.styles";

export type SnippetViewProps = {
  snippet: Snippet;
  variables: Variable[];
  variableProblems: Problem[];
  engine: Engine | undefined;
  /** The libraries parsed once (LibraryApi.catalogue): what the preview builds from. */
  catalogue: Catalogue | undefined;
  /** The raw libraries and their names, only to retype a variable for the preview (model/preview-gaps). */
  libraries: unknown[];
  libraryNames: string[];
  settings: DocumentSettings;
  today: Date;
  /** Finds included snippets, to work out which variables the text shows (model/used-variables). */
  lookup?: SnippetLookup;
  /** The document's sections: the preview's references to them show the numbers the outline gives. */
  outline?: readonly OutlineSection[];
  /** Set when editing a section already in the document. */
  editing?: OutlineSection;
  /** Values to start from when not editing (a new version opened from the inventory, a successor). */
  prefill?: Values;
  /** What the user typed into this form before (it was left for another tab): it comes back. */
  typed?: Values;
  /** Every change of the form's values, so the pane can give them back (typed). */
  onValuesChange?(values: Values): void;
  /** True when the user just opened this snippet: focus goes to its heading (not left on <body>). */
  focusHeading?: boolean;
  /** For a deprecated snippet: what replaces it (see model/inventory.ts successorOf). */
  successor?: Snippet;
  /** Opens the successor instead, carrying over the values typed so far. */
  onOpenSuccessor?(successor: Snippet, values: Values): void;
  onAdd(values: Values): void;
  onUpdate?(values: Values): void;
  onShowDocument(): void;
};

const HEADING_ID = "snippet-heading";

export function SnippetView(props: SnippetViewProps) {
  const { snippet, variables, variableProblems, engine, libraries, settings, today, editing } = props;
  const styles = useSnippetViewStyles();
  const [values, setValues] = useState<Values>(
    () => props.typed ?? initialValues(variables, editing?.values ?? known(variables, props.prefill)),
  );
  const onValuesChange = useRef(props.onValuesChange);
  onValuesChange.current = props.onValuesChange;
  useEffect(() => {
    onValuesChange.current?.(values);
  }, [values]);
  const focusHeading = props.focusHeading === true;
  useEffect(() => {
    if (focusHeading) document.getElementById(HEADING_ID)?.focus();
  }, [focusHeading]);
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  // Where focus was when the dialog opened ("Add to document", or the field Enter was pressed in): it goes
  // back there when the dialog closes. The dialog is mounted only while open, so every opening starts
  // fresh (a kept-mounted Fluent Dialog reopened during its exit left its own portal aria-hidden).
  const opener = useRef<HTMLElement | null>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (wasConfirming.current && !confirming && opener.current?.isConnected) opener.current.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const used = useMemo(
    () => usedVariables(engine, snippet, variables, values, props.lookup, settings.locale, today),
    [engine, snippet, variables, values, props.lookup, settings.locale, today],
  );
  const errors = useMemo(() => {
    const all = validateAll(variables, values);
    for (const [name, message] of emptyInText(variables, values, used))
      if (!all.has(name)) all.set(name, message);
    return all;
  }, [variables, values, used]);
  // Before a submit, "required" is not shown on untouched empty fields: only wrong values are.
  const visible = (key: string) => {
    const message = errors.get(key);
    if (message === undefined) return undefined;
    return submitted || !message.endsWith(" is required.") ? message : undefined;
  };

  // Empty or wrong numbers and dates show in the preview as "[Label]" (model/preview-gaps).
  const gapKey = [...previewGaps(variables, values, used)].join("\n");
  const previewLibraries = useMemo(
    () => retypeForPreview(libraries, snippet, new Set(gapKey === "" ? [] : gapKey.split("\n"))),
    [libraries, snippet, gapKey],
  );
  const previewAssembly = useMemo(() => {
    const section: OutlineSection = {
      key: "preview",
      snippet: snippet.id,
      version: snippet.version,
      title: snippet.title,
      values: previewValues(variables, values, today, {
        ...(used ? { shown: used } : {}),
        asText: previewLibraries.retyped,
      }),
      headingOffset: editing?.headingOffset ?? 0,
      pageBreakBefore: false,
      numbering: "restart",
    };
    return buildAssembly([section], settings, { whole: false, preview: true });
  }, [snippet, variables, values, today, settings, editing?.headingOffset, used, previewLibraries]);
  // A catalogue of its own only when a variable is retyped for the preview; else the pane's, as it is.
  const previewCatalogue = useMemo(
    () =>
      previewLibraries.retyped.size === 0
        ? props.catalogue
        : engine?.loadLibraries(previewLibraries.libraries, props.libraryNames),
    [previewLibraries, props.catalogue, props.libraryNames, engine],
  );
  const refersOut = referencedNames(snippet.body).length > 0;
  const outside = useOutlineTargets(engine, props.catalogue, props.outline ?? [], settings, refersOut);
  const preview = usePreview(engine, previewCatalogue, previewAssembly, outside);

  const set = (name: string, value: Value | undefined) => {
    setDone(undefined);
    setValues((old) => {
      const next = { ...old };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return next;
    });
  };

  const submit = (action: "add" | "update", confirmed = false) => {
    setSubmitted(true);
    if (errors.size > 0) return;
    if (action === "add" && snippet.status === "deprecated" && !confirmed) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setConfirming(true);
      return;
    }
    if (action === "update" && props.onUpdate) props.onUpdate(values);
    else props.onAdd(values);
    setDone(action === "update" ? "Section updated." : `Added “${snippet.title}” to the document.`);
  };

  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <Subtitle1 as="h2" className={styles.title} id={HEADING_ID} tabIndex={-1}>
          {snippet.title} <StatusBadges snippet={snippet} today={today} />
        </Subtitle1>
        <Caption1 className={styles.meta}>
          Version {snippet.version}
          {snippet.category ? ` · ${snippet.category.split("/").join(" › ")}` : ""}
        </Caption1>
        {snippet.description && <Body1>{snippet.description}</Body1>}
        {snippet.notes && <Caption1 className={styles.notes}>Note: {snippet.notes}</Caption1>}
      </header>

      {variableProblems.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>This snippet has problems in the library:</MessageBarTitle>
            <ProblemList problems={variableProblems} />
          </MessageBarBody>
        </MessageBar>
      )}

      <form
        className={styles.form}
        aria-label={`Fill in ${snippet.title}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(editing ? "update" : "add");
        }}
      >
        {variables.length === 0 && <Caption1>This snippet has nothing to fill in.</Caption1>}
        {variables.map((v) => (
          <VariableField
            key={v.name}
            variable={v}
            value={values[v.name]}
            error={visible(v.name)}
            errors={submitted ? errors : new Map([...errors].filter(([k]) => visible(k) !== undefined))}
            onChange={(value) => set(v.name, value)}
          />
        ))}
        {submitted && errors.size > 0 && (
          <Caption1 role="alert" className={styles.error}>
            {errors.size === 1 ? "1 field needs attention." : `${errors.size} fields need attention.`}
          </Caption1>
        )}
        {statusWarnings(snippet, today).length > 0 && (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>
              {statusWarnings(snippet, today).map((w) => (
                <div key={w}>{w}</div>
              ))}
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.buttons}>
          {editing ? (
            <>
              <Button type="submit" appearance="primary" icon={<Save20Regular />}>
                Update section
              </Button>
              <Button icon={<Add20Regular />} onClick={() => submit("add")}>
                Add to document
              </Button>
            </>
          ) : (
            <Button type="submit" appearance="primary" icon={<Add20Regular />}>
              Add to document
            </Button>
          )}
        </div>
        {done && (
          <MessageBar intent="success">
            <MessageBarBody>
              {done} <Link onClick={props.onShowDocument}>Show the document</Link>
            </MessageBarBody>
          </MessageBar>
        )}
      </form>

      <PreviewPane
        state={preview}
        context={{ sections: [{ title: snippet.title, variables }], naming: "single" }}
      />

      {confirming && (
        <DeprecatedDialog
          open
          snippet={snippet}
          {...(props.successor ? { successor: props.successor } : {})}
          onAddAnyway={() => {
            setConfirming(false);
            submit("add", true);
          }}
          onOpenSuccessor={(s) => {
            setConfirming(false);
            props.onOpenSuccessor?.(s, values);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** Only the values this snippet has a variable for (a successor's form gets what still applies). */
function known(variables: readonly Variable[], values: Values | undefined): Values | undefined {
  if (values === undefined) return undefined;
  const names = new Set(variables.map((v) => v.name));
  return Object.fromEntries(Object.entries(values).filter(([k]) => names.has(k)));
}

/** What the user should know before adding this snippet, in their words (shown above "Add to document"). */
function statusWarnings(snippet: Snippet, today: Date): string[] {
  const out: string[] = [];
  const name = `“${snippet.title}”`;
  if (snippet.status === "draft") out.push(`${name} is a draft: it has not been approved for use yet.`);
  if (snippet.status === "deprecated")
    out.push(`${name} is deprecated (withdrawn): it is kept for old documents.`);
  if (isStale(snippet, today))
    out.push(`${name} was due for review on ${snippet.reviewBy}: its text may be out of date.`);
  return out;
}
