// Admins: who is in the team library and with which role, adding someone by sign-in name (an invitation
// until their first sign-in binds it), changing a role, removing someone. Each change sends the library's
// revision it read (If-Match); if another admin changed the members meanwhile, the list is read again
// and the pane says so. Changes need the server: they are not queued.

import { useCallback, useEffect, useState } from "react";
import { Badge, Button, Caption1, Field, Input, Select } from "@fluentui/react-components";
import type { Member } from "../../../server/wire";
import type { TeamApi } from "../../hooks/use-team";
import { isTeamError } from "../../team/client";
import type { TeamRole } from "../../team/types";
import { useTeamViewStyles } from "./TeamView.styles";

export const ROLES: readonly TeamRole[] = ["reader", "author", "approver", "admin"];
export const ROLE_TEXT: Record<TeamRole, string> = {
  reader: "Reader",
  author: "Author",
  approver: "Approver",
  admin: "Admin",
};

type Members = { library: { revision: number }; members: Member[] };

export function TeamMembers({ team, library }: { team: TeamApi; library: string }) {
  const styles = useTeamViewStyles();
  const [list, setList] = useState<Members>();
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState<string>();
  const [name, setName] = useState("");
  const [role, setRole] = useState<TeamRole>("author");
  const [busy, setBusy] = useState(false);
  const base = `/libraries/${encodeURIComponent(library)}/members`;
  const changeSeq = team.cache?.library.changeSeq;

  const load = useCallback(async () => {
    try {
      setList((await team.call<Members>("GET", base)).body);
      setProblem(undefined);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  }, [team.call, base]);
  // Read again whenever the library changed (another admin may have changed its members).
  useEffect(() => void load(), [load, changeSeq, team.asked]);

  const change = async (method: "PUT" | "DELETE", user: string, next?: TeamRole, done?: string) => {
    if (!list) return;
    setBusy(true);
    setSaid(undefined);
    try {
      const { body } = await team.call<Members>(method, `${base}/${encodeURIComponent(user)}`, {
        ...(next ? { body: { role: next } } : {}),
        ifMatch: list.library.revision,
      });
      setList(body);
      setProblem(undefined);
      setSaid(done);
      return true;
    } catch (e) {
      if (isTeamError(e) && e.code === "STALE_REVISION") {
        await load();
        setProblem("Someone changed the members meanwhile: this is the list as it is now. Try again.");
      } else setProblem(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const typed = name.trim().toLowerCase();
  const exists = list?.members.some((m) => m.user === typed) ?? false;
  return (
    <section className={styles.section} aria-labelledby="team-members-title">
      <h3 id="team-members-title" className={styles.subtitle}>
        Members{list ? ` (${list.members.length})` : ""}
      </h3>
      {problem && (
        <Caption1 role="alert" className={styles.problem}>
          {problem}
        </Caption1>
      )}
      {said && <Caption1 role="status">{said}</Caption1>}
      <ul className={styles.list} aria-label="Members">
        {list?.members.map((m) => (
          <li key={m.user} className={styles.item} data-team-member={m.user}>
            <div className={styles.row}>
              <strong className={styles.name}>{m.user}</strong>
              {m.invited && (
                <Badge appearance="tint" color="warning" data-team-invited>
                  Invited
                </Badge>
              )}
              {m.user === team.user && <Caption1 className={styles.meta}>(you)</Caption1>}
            </div>
            {m.invited && (
              <Caption1 className={styles.meta}>Not signed in yet: joins at their first sign-in.</Caption1>
            )}
            <div className={styles.row}>
              <Select
                aria-label={`Role of ${m.user}`}
                value={m.role}
                disabled={busy}
                onChange={(_, d) =>
                  void change(
                    "PUT",
                    m.user,
                    d.value as TeamRole,
                    `${m.user} is now ${ROLE_TEXT[d.value as TeamRole].toLowerCase()}.`,
                  )
                }
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_TEXT[r]}
                  </option>
                ))}
              </Select>
              <Button
                size="small"
                disabled={busy}
                aria-label={`Remove ${m.user}`}
                onClick={() => void change("DELETE", m.user, undefined, `${m.user} was removed.`)}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <form
        className={styles.section}
        aria-label="Add a member"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed === "" || exists) return;
          void change(
            "PUT",
            typed,
            role,
            `${typed} is invited as ${ROLE_TEXT[role].toLowerCase()}: they join at their first sign-in.`,
          ).then((ok) => ok && setName(""));
        }}
      >
        <Field
          label="Sign-in name"
          hint="The name they sign in with, e.g. ana@contoso.com."
          validationMessage={exists ? "Already a member: change their role above." : undefined}
          className={styles.field}
        >
          <Input value={name} onChange={(_, d) => setName(d.value)} />
        </Field>
        <Field label="Role" className={styles.field}>
          <Select value={role} onChange={(_, d) => setRole(d.value as TeamRole)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_TEXT[r]}
              </option>
            ))}
          </Select>
        </Field>
        <div className={styles.row}>
          <Button type="submit" appearance="primary" disabled={busy || typed === "" || exists || !list}>
            Add member
          </Button>
        </div>
      </form>
    </section>
  );
}
