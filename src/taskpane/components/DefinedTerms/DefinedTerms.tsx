// "Defined terms (N)": the defined-terms findings of the outline (hooks/use-term-check.ts), listed above
// Insert and Download and updated as the outline changes, each in the user's words with a "Go to
// section N" that the keyboard reaches. A list to read, not a question: Insert and Download never wait
// for it (docs/task-pane.md, "Defined terms").

import { useState } from "react";
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Caption1,
} from "@fluentui/react-components";
import type { TermCheck } from "../../hooks/use-term-check";
import { plainProblem, type PlainSection } from "../../model/plain-problem";
import { PlainProblemList } from "../ProblemList/ProblemList";
import { useDefinedTermsStyles } from "./DefinedTerms.styles";

type Props = {
  check: TermCheck;
  /** The outline's sections, so findings say "Section 2, “Payment terms”" (model/plain-problem). */
  sections: readonly PlainSection[];
  onGoToSection(index: number): void;
};

export function DefinedTerms({ check, sections, onGoToSection }: Props) {
  const styles = useDefinedTermsStyles();
  // Open until the user closes it: the point is that the findings are seen before Insert.
  const [open, setOpen] = useState(true);
  const { findings } = check;
  const context = { sections, naming: "outline" } as const;
  // As many as the list shows: it says a finding repeated at the same words once.
  const count =
    findings === undefined ? undefined : new Set(findings.map((p) => plainProblem(p, context))).size;
  const title =
    count !== undefined
      ? `Defined terms (${count})`
      : check.failed || check.blocked
        ? "Defined terms"
        : "Defined terms (checking…)";

  return (
    <Accordion
      collapsible
      openItems={open ? ["terms"] : []}
      onToggle={(_, data) => setOpen(data.openItems.includes("terms"))}
    >
      <AccordionItem value="terms">
        <AccordionHeader as="h2" button={{ className: styles.header }}>
          {title}
        </AccordionHeader>
        <AccordionPanel className={styles.panel} role="region" aria-label="Defined terms">
          {check.failed ? (
            <Body1>
              The defined terms could not be checked. Insert and Download still check the document.
            </Body1>
          ) : check.blocked ? (
            <Body1>Checked once the document can be built: Insert or Download says what stops it.</Body1>
          ) : count === 0 ? (
            <Body1>Every term defined here is used, and every term used as a defined term is defined.</Body1>
          ) : findings !== undefined ? (
            <PlainProblemList problems={findings} context={context} onGoTo={onGoToSection} />
          ) : null}
          <Caption1 className={styles.hint}>
            For you to review: Insert and Download do not wait for these. A section inserted on its own may
            use terms your document already defines.
          </Caption1>
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}
