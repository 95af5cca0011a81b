// Team: the team library's settings (server, sign-in, library), its state (online, offline, changes
// waiting), the changes that need a decision, the review queue for approvers, and the snippets for
// authors to add versions to and submit. Team snippets are searched and inserted from the Library view.

import { useMemo, useState } from "react";
import {
  Button,
  Caption1,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
} from "@fluentui/react-components";
import type { Connection, TeamApi } from "../../hooks/use-team";
import type { TeamContent, TeamRole, TeamSnippet } from "../../team/types";
import { latest } from "../../team/types";
import type { Engine } from "../../engine";
import type { DocumentSettings } from "../../model/document";
import { TeamConflicts } from "./TeamConflicts";
import { TeamConnect } from "./TeamConnect";
import { TeamCreate } from "./TeamCreate";
import { TeamMembers } from "./TeamMembers";
import { TeamReports } from "./TeamReports";
import { TeamEditor } from "./TeamEditor";
import { TeamReview } from "./TeamReview";
import { TeamSnippetList } from "./TeamSnippetList";
import { useTeamViewStyles } from "./TeamView.styles";

const RANK: Record<TeamRole, number> = { reader: 0, author: 1, approver: 2, admin: 3 };

const CONNECTION_TEXT: Record<Connection, string> = {
  off: "Not connected",
  connecting: "Connecting…",
  online: "Connected",
  offline: "Offline: working from the copy on this computer",
  unreachable: "Not connected: the team server was not reached",
  "signed-out": "Signed out",
};

export type TeamViewProps = {
  team: TeamApi;
  /** The engine (for the editor's check and preview, as in the personal editor). */
  engine?: Engine;
  settings: DocumentSettings;
  today: Date;
  /** Opens a snippet in the Snippet view (from the usage report); false when the Library has none. */
  onOpenSnippet?(id: string): boolean;
};

export function TeamView({ team, engine, settings: docSettings, today, onOpenSnippet }: TeamViewProps) {
  const styles = useTeamViewStyles();
  const [editing, setEditing] = useState<{ base?: TeamContent }>();
  const [opened, setOpened] = useState(false);
  const [creating, setCreating] = useState(false);
  const { settings, cache } = team;
  const role = cache?.library.role;
  const canAuthor = role !== undefined && RANK[role] >= RANK.author;
  const canApprove = role !== undefined && RANK[role] >= RANK.approver;
  const waiting = team.queue.filter((o) => o.kind !== "usage").length;
  const others = useMemo(
    () =>
      team.snippets.flatMap((s) => {
        const v = latest(s);
        return v ? [{ ...v.snippet, version: v.version, status: "draft" }] : [];
      }),
    [team.snippets],
  );
  const showConnect =
    !settings || team.connection === "signed-out" || (team.connection === "unreachable" && !cache?.syncedAt);

  return (
    <section className={styles.root} aria-labelledby="team-title">
      <h2 id="team-title" className={styles.title}>
        Team library
      </h2>
      <div role="status" className={styles.section}>
        <Caption1 data-team-connection={team.connection}>
          {CONNECTION_TEXT[team.connection]}
          {/* "as …" only where it is true: connected; offline, the last sign-in is named apart. */}
          {team.connection === "online" && team.user ? ` as ${team.user}` : ""}
          {team.connection === "offline" && team.user ? ` (signed in as ${team.user})` : ""}
          {team.connection !== "off" && cache?.library.name
            ? ` · ${cache.library.name}${role ? ` (${role})` : ""}`
            : ""}
        </Caption1>
        <Caption1 data-team-queue={waiting}>
          {waiting === 0
            ? settings?.library
              ? "All changes are on the server."
              : ""
            : `${waiting} ${waiting === 1 ? "change is" : "changes are"} waiting for the server.`}
        </Caption1>
      </div>
      {team.message && (
        <MessageBar intent={team.connection === "offline" ? "warning" : "error"} layout="multiline">
          <MessageBarBody>{team.message}</MessageBarBody>
        </MessageBar>
      )}
      {showConnect &&
        (settings || opened ? (
          <TeamConnect team={team} />
        ) : (
          <div className={styles.row}>
            <Button onClick={() => setOpened(true)}>Connect to a team server…</Button>
          </div>
        ))}
      {settings && team.libraries.length > 1 && (
        <Field label="Team library" className={styles.field}>
          <Dropdown
            value={team.libraries.find((l) => l.id === settings.library)?.name ?? "Choose a library"}
            selectedOptions={settings.library ? [settings.library] : []}
            onOptionSelect={(_, d) => d.optionValue && team.chooseLibrary(d.optionValue)}
          >
            {team.libraries.map((l) => (
              <Option key={l.id} value={l.id}>
                {l.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      )}
      <TeamConflicts held={team.held} onResolve={team.resolve} />
      {settings?.library && canApprove && team.user && (
        <TeamReview
          snippets={team.snippets}
          user={team.user}
          onApprove={(id, v) => team.review(id, v, "approve")}
          onSendBack={(id, v, comment) => team.review(id, v, "reject", comment)}
          context={{ ...(engine ? { engine } : {}), settings: docSettings, today, others }}
        />
      )}
      {editing ? (
        <TeamEditor
          {...(editing.base ? { base: editing.base } : {})}
          taken={new Set(team.snippets.map((s) => s.id))}
          others={others}
          {...(engine ? { engine } : {})}
          settings={docSettings}
          today={today}
          onSave={(id, content, isNew) => {
            team.save(id, content, isNew);
            setEditing(undefined);
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        settings?.library &&
        canAuthor && (
          <div className={styles.row}>
            <Button onClick={() => setEditing({})}>New team snippet</Button>
          </div>
        )
      )}
      {settings?.library && (
        <TeamSnippetList
          snippets={team.snippets}
          canAuthor={canAuthor}
          canApprove={canApprove}
          onDeprecate={team.deprecate}
          onEdit={(s: TeamSnippet) => setEditing({ base: latest(s)!.snippet })}
          onSubmit={(id, v) => team.review(id, v, "submit")}
        />
      )}
      {settings?.library && canApprove && (
        <TeamReports
          team={team}
          library={settings.library}
          today={today}
          onOpen={(id) => onOpenSnippet?.(id) ?? false}
        />
      )}
      {settings?.library && role === "admin" && <TeamMembers team={team} library={settings.library} />}
      {settings && team.connection === "online" && team.user && (team.libraries.length === 0 || creating) && (
        <TeamCreate
          team={team}
          {...(team.libraries.length > 0 ? { onDone: () => setCreating(false) } : {})}
        />
      )}
      {settings && (
        <div className={styles.row}>
          {team.connection === "online" && team.libraries.length > 0 && !creating && (
            <Button size="small" onClick={() => setCreating(true)}>
              New team library…
            </Button>
          )}
          <Button size="small" onClick={team.syncNow}>
            Sync now
          </Button>
          <Button size="small" onClick={team.disconnect}>
            Disconnect
          </Button>
        </div>
      )}
    </section>
  );
}
