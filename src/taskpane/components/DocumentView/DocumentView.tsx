// Document: the outline (reorder by drag and drop or keyboard, options, edit, remove), document
// settings, the Insert / Download actions, and "In this document" (what the open Word document holds).

import { useState, type ReactNode } from "react";
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Subtitle2,
} from "@fluentui/react-components";
import type { Snippet } from "../../../engine/core";
import type { HostCapabilities, InsertLocation, InsertOptions } from "../../host";
import type { ActionState } from "../../hooks/use-document-actions";
import type { TermCheck } from "../../hooks/use-term-check";
import type { DocumentAction, DocumentState, OutlineSection } from "../../model/document";
import { DefinedTerms } from "../DefinedTerms/DefinedTerms";
import { DocumentActions } from "../DocumentActions/DocumentActions";
import { DocumentSettings } from "../DocumentSettings/DocumentSettings";
import { OutlineItem, type FocusTarget } from "../OutlineItem/OutlineItem";
import { useDocumentViewStyles } from "./DocumentView.styles";

export type DocumentViewProps = {
  doc: DocumentState;
  dispatch(action: DocumentAction): void;
  resolve(section: OutlineSection): Snippet | undefined;
  today: Date;
  capabilities: HostCapabilities;
  actionState: ActionState;
  onEdit(section: OutlineSection): void;
  /** "In this document": the document inventory (components/DocumentInventory), when the shell has one. */
  inventory?: ReactNode;
  onInsert(location: InsertLocation, options?: InsertOptions): void;
  onDownload(): void;
  onDismiss(): void;
  /** The outline's defined-terms findings (hooks/use-term-check.ts), listed above Insert and Download. */
  termCheck?: TermCheck;
};

export function DocumentView(props: DocumentViewProps) {
  const { doc, dispatch, today } = props;
  const styles = useDocumentViewStyles();
  const [focus, setFocusState] = useState<{ key: string; target: FocusTarget; seq: number }>();
  const setFocus = (f: { key: string; target: FocusTarget }) =>
    setFocusState((old) => ({ ...f, seq: (old?.seq ?? 0) + 1 }));
  const [announcement, setAnnouncement] = useState("");
  const [dragKey, setDragKey] = useState<string>();
  // The last section removed, for "Removed … Undo".
  const [removed, setRemoved] = useState<{ section: OutlineSection; index: number }>();
  const [overKey, setOverKey] = useState<string>();
  const count = doc.sections.length;

  const move = (section: OutlineSection, to: number, target: FocusTarget) => {
    const clamped = Math.max(0, Math.min(count - 1, to));
    if (clamped === doc.sections.indexOf(section)) return;
    dispatch({ type: "move", key: section.key, to: clamped });
    setFocus({ key: section.key, target });
    setAnnouncement(`Moved ${section.title} to position ${clamped + 1} of ${count}.`);
  };
  const remove = (section: OutlineSection, index: number) => {
    dispatch({ type: "remove", key: section.key });
    const next = doc.sections[index + 1] ?? doc.sections[index - 1];
    if (next) setFocus({ key: next.key, target: "item" });
    setRemoved({ section, index });
    setAnnouncement(`Removed ${section.title}. Undo is available.`);
  };
  const undo = () => {
    if (!removed) return;
    dispatch({ type: "restore", section: removed.section, at: removed.index });
    setFocus({ key: removed.section.key, target: "item" });
    setAnnouncement(`Restored ${removed.section.title} at position ${removed.index + 1}.`);
    setRemoved(undefined);
  };
  const sections = doc.sections.map((s) => {
    const snippet = props.resolve(s);
    return { title: snippet?.title ?? s.title, ...(snippet ? { variables: snippet.variables } : {}) };
  });
  const goToSection = (index: number) => {
    const section = doc.sections[index];
    if (section) setFocus({ key: section.key, target: "item" });
  };
  const drop = (onto: OutlineSection) => {
    const dragged = doc.sections.find((s) => s.key === dragKey);
    if (dragged && dragged !== onto) move(dragged, doc.sections.indexOf(onto), "item");
    setDragKey(undefined);
    setOverKey(undefined);
  };

  return (
    <div className={styles.root}>
      <section aria-labelledby="outline-title" className={styles.section}>
        <Subtitle2 as="h2" id="outline-title" className={styles.heading}>
          Sections
        </Subtitle2>
        <Caption1 id="outline-keyboard-hint" className={styles.hint}>
          Drag to reorder, or press Alt+Arrow Up / Alt+Arrow Down on a section.
        </Caption1>
        {removed && (
          <MessageBar intent="info">
            <MessageBarBody>Removed “{removed.section.title}”.</MessageBarBody>
            <MessageBarActions
              containerAction={
                <Button appearance="transparent" size="small" onClick={() => setRemoved(undefined)}>
                  Dismiss
                </Button>
              }
            >
              <Button size="small" onClick={undo}>
                Undo
              </Button>
            </MessageBarActions>
          </MessageBar>
        )}
        {count === 0 ? (
          <Body1>No sections yet. Open a snippet in the Library and choose “Add to document”.</Body1>
        ) : (
          <ol className={styles.list} aria-label="Document outline">
            {doc.sections.map((section, index) => (
              <OutlineItem
                key={section.key}
                section={section}
                index={index}
                count={count}
                snippet={props.resolve(section)}
                today={today}
                locale={doc.settings.locale}
                focus={focus?.key === section.key ? focus : undefined}
                dropTarget={overKey === section.key && dragKey !== section.key}
                onMove={(to, target) => move(section, to, target)}
                onRemove={() => remove(section, index)}
                onEdit={() => props.onEdit(section)}
                onChange={(patch) => dispatch({ type: "update", key: section.key, patch })}
                onDragStart={() => setDragKey(section.key)}
                onDragOver={() => setOverKey(section.key)}
                onDrop={() => drop(section)}
                onDragEnd={() => {
                  setDragKey(undefined);
                  setOverKey(undefined);
                }}
              />
            ))}
          </ol>
        )}
        <div aria-live="polite" className={styles.visuallyHidden}>
          {announcement}
        </div>
      </section>

      {count > 0 && props.termCheck && (
        <DefinedTerms check={props.termCheck} sections={sections} onGoToSection={goToSection} />
      )}

      <DocumentActions
        capabilities={props.capabilities}
        state={props.actionState}
        empty={count === 0}
        sections={sections}
        onInsert={props.onInsert}
        onDownload={props.onDownload}
        onDismiss={props.onDismiss}
        onGoToSection={goToSection}
      />

      {props.inventory && (
        <section aria-labelledby="inventory-title" className={styles.section}>
          <Subtitle2 as="h2" id="inventory-title" className={styles.heading}>
            In this document
          </Subtitle2>
          {props.inventory}
        </section>
      )}

      <Accordion collapsible>
        <AccordionItem value="settings">
          <AccordionHeader as="h2" button={{ className: styles.settingsHeader }}>
            Document settings
          </AccordionHeader>
          <AccordionPanel>
            <DocumentSettings
              settings={doc.settings}
              onChange={(patch) => dispatch({ type: "settings", patch })}
            />
          </AccordionPanel>
        </AccordionItem>
      </Accordion>
    </div>
  );
}
