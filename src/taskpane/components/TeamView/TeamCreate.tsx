// Creating a team library from the pane (whoever creates one is its admin; the server may limit who can:
// SECTIONSMITH_CREATORS). Its id is made from the name and can be changed before creating.

import { useState } from "react";
import { Button, Caption1, Field, Input } from "@fluentui/react-components";
import type { LibraryView } from "../../../server/wire";
import type { TeamApi } from "../../hooks/use-team";
import { useTeamViewStyles } from "./TeamView.styles";

const ID = /^[a-z0-9][a-z0-9._-]{0,99}$/;
export const idFromName = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);

export function TeamCreate({ team, onDone }: { team: TeamApi; onDone?: () => void }) {
  const styles = useTeamViewStyles();
  const [name, setName] = useState("");
  const [id, setId] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const theId = id ?? idFromName(name);
  const idProblem =
    theId === "" || ID.test(theId)
      ? undefined
      : "An id is lowercase letters, digits, “.”, “_” and “-”, starting with a letter or digit.";
  const ok = name.trim() !== "" && theId !== "" && !idProblem && !busy;
  return (
    <form
      className={styles.section}
      aria-label="Create a team library"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok) return;
        setBusy(true);
        void team
          .call<LibraryView>("POST", "/libraries", { body: { id: theId, name: name.trim() } })
          .then(({ body }) => {
            setProblem(undefined);
            team.chooseLibrary(body.id);
            team.syncNow();
            onDone?.();
          })
          .catch((err: unknown) => {
            const code = (err as { code?: string }).code;
            setProblem(
              code === "ALREADY_EXISTS"
                ? `The server already has a library with the id “${theId}”: choose another id.`
                : err instanceof Error
                  ? err.message
                  : String(err),
            );
          })
          .finally(() => setBusy(false));
      }}
    >
      <h3 className={styles.subtitle}>Create a team library</h3>
      <Caption1 className={styles.meta}>You become its admin and can then add members.</Caption1>
      <Field label="Library name" required className={styles.field}>
        <Input value={name} onChange={(_, d) => setName(d.value)} placeholder="Legal" />
      </Field>
      <Field label="Library id" validationMessage={idProblem} className={styles.field}>
        <Input value={theId} onChange={(_, d) => setId(d.value)} />
      </Field>
      {problem && (
        <Caption1 role="alert" className={styles.problem}>
          {problem}
        </Caption1>
      )}
      <div className={styles.row}>
        <Button type="submit" appearance="primary" disabled={!ok}>
          Create library
        </Button>
        {onDone && <Button onClick={onDone}>Cancel</Button>}
      </div>
    </form>
  );
}
