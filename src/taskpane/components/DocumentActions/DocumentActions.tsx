// Insert into Word (a split button: the default place, or choose one) and Download .docx, with the
// progress, warnings-before-insert, error and success messages of useDocumentActions.

import { useState } from "react";
import {
  Button,
  Caption1,
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  SplitButton,
  Tooltip,
  type MenuButtonProps,
} from "@fluentui/react-components";
import { ArrowDownload20Regular, DocumentArrowLeft20Regular } from "@fluentui/react-icons";
import { INSERT_CHOICES, type HostCapabilities, type InsertLocation, type InsertOptions } from "../../host";
import type { ActionState } from "../../hooks/use-document-actions";
import type { PlainSection } from "../../model/plain-problem";
import { PlainProblemList } from "../ProblemList/ProblemList";
import { useDocumentActionsStyles } from "./DocumentActions.styles";

type Props = {
  capabilities: HostCapabilities;
  state: ActionState;
  empty: boolean;
  /** The outline's sections, so problems say "Section 6, “Scope of work”" (model/plain-problem). */
  sections: readonly PlainSection[];
  onInsert(location: InsertLocation, options?: InsertOptions): void;
  onDownload(): void;
  onDismiss(): void;
  /** Puts focus on section `index` of the outline: the jump from a warning to its section. */
  onGoToSection?(index: number): void;
};

export function DocumentActions({
  capabilities,
  state,
  empty,
  sections,
  onInsert,
  onDownload,
  onDismiss,
  onGoToSection,
}: Props) {
  const styles = useDocumentActionsStyles();
  const context = { sections, naming: "outline" } as const;
  const working = state.phase === "working" || state.phase === "confirm";
  const primary = INSERT_CHOICES.find((l) => capabilities.can[l.location]?.ok)?.location;
  // Nowhere to insert (outside Word): no menu of places that are all disabled; the reason is said once.
  const nowhere = primary === undefined;
  // The menu hangs from the whole split button, not from its narrow chevron: anchored on the chevron it
  // is wider than the room to the chevron's left and got pushed against the pane's edge.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Per insert, off by default: the document's own styles win (docs/task-pane.md, "What happens on insert").
  const [formatting, setFormatting] = useState<Record<string, string[]>>({ formatting: [] });
  const options: InsertOptions = {
    formatting: formatting.formatting?.includes("snippets") ? "snippets" : "host",
  };

  return (
    <div className={styles.root}>
      <div className={styles.buttons}>
        <Menu
          positioning={{ position: "below", align: "start", target: anchor }}
          checkedValues={formatting}
          onCheckedValueChange={(_, { name, checkedItems }) =>
            setFormatting((old) => ({ ...old, [name]: checkedItems }))
          }
        >
          <MenuTrigger disableButtonEnhancement>
            {(trigger: MenuButtonProps) => (
              <SplitButton
                ref={setAnchor}
                appearance="primary"
                icon={<DocumentArrowLeft20Regular />}
                menuButton={{
                  ...trigger,
                  "aria-label": "Choose where to insert",
                  ...(nowhere ? { disabled: true } : {}),
                }}
                primaryActionButton={{
                  disabled: working || empty || primary === undefined,
                  onClick: () => primary && onInsert(primary, options),
                }}
              >
                Insert into Word
              </SplitButton>
            )}
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {INSERT_CHOICES.map(({ location, label }) => {
                const can = capabilities.can[location] ?? { ok: false, why: "Not available here." };
                if (can.ok)
                  return (
                    <MenuItem
                      key={location}
                      disabled={working || empty}
                      onClick={() => onInsert(location, options)}
                    >
                      {label}
                    </MenuItem>
                  );
                return (
                  <Tooltip
                    key={location}
                    content={can.why ?? "Not available here."}
                    relationship="description"
                  >
                    <MenuItem disabled>{label}</MenuItem>
                  </Tooltip>
                );
              })}
              <MenuDivider />
              <MenuItemCheckbox name="formatting" value="snippets" persistOnClick>
                Use the snippets’ formatting
              </MenuItemCheckbox>
            </MenuList>
          </MenuPopover>
        </Menu>
        <Button icon={<ArrowDownload20Regular />} disabled={working || empty} onClick={onDownload}>
          Download .docx
        </Button>
      </div>

      {nowhere && (
        <Caption1 className={styles.hint}>
          Inserting needs Word: use Download .docx, then open the file in Word.
        </Caption1>
      )}
      <div role="status" aria-live="polite" className={styles.status}>
        {state.phase === "working" && <Spinner size="tiny" labelPosition="after" label={state.label} />}
      </div>

      {state.phase === "confirm" && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              {state.action === "insert" ? "Check before inserting" : "Check before downloading"}
            </MessageBarTitle>
            <PlainProblemList
              problems={state.warnings}
              context={context}
              {...(onGoToSection ? { onGoTo: onGoToSection } : {})}
            />
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={state.proceed}>
              {state.action === "insert" ? "Insert anyway" : "Download anyway"}
            </Button>
            <Button onClick={onDismiss}>Cancel</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {state.phase === "error" && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{state.title}</MessageBarTitle> {state.action}
            <PlainProblemList problems={state.problems} context={context} />
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={onDismiss}>Dismiss</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {state.phase === "done" && (
        <MessageBar intent={state.warnings.length > 0 ? "warning" : "success"} layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{state.message}</MessageBarTitle>
            <PlainProblemList
              problems={state.warnings}
              context={context}
              {...(onGoToSection ? { onGoTo: onGoToSection } : {})}
            />
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={onDismiss}>Dismiss</Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </div>
  );
}
