// Connect to a team server and sign in: with Office (SSO) inside Office, or with a token from the
// server's dev issuer outside it (`npm run server:dev-token -- you@example.com` prints one).

import { useState } from "react";
import { Button, Field, Input, Textarea } from "@fluentui/react-components";
import type { TeamApi } from "../../hooks/use-team";
import { useTeamViewStyles } from "./TeamView.styles";

export function TeamConnect({ team }: { team: TeamApi }) {
  const styles = useTeamViewStyles();
  const [url, setUrl] = useState(team.settings?.url ?? "");
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const go = async (signIn: Parameters<TeamApi["connect"]>[1]) => {
    setBusy(true);
    try {
      if (await team.connect(url, signIn)) setToken("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className={styles.section}
      aria-label="Connect to a team server"
      onSubmit={(e) => {
        e.preventDefault();
        if (token.trim() !== "") void go({ kind: "token", token: token.trim() });
      }}
    >
      <Field label="Team server address" className={styles.field}>
        <Input
          value={url}
          onChange={(_, d) => setUrl(d.value)}
          placeholder="https://sectionsmith.contoso.com"
        />
      </Field>
      {team.canUseOffice && (
        <Button appearance="primary" disabled={busy} onClick={() => void go({ kind: "office" })}>
          Sign in with Office
        </Button>
      )}
      <Field
        label="Sign-in token"
        className={styles.field}
        hint="Outside Office, paste a token from your server's administrator (a test server prints one with npm run server:dev-token -- you@example.com)."
      >
        <Textarea value={token} onChange={(_, d) => setToken(d.value)} resize="vertical" />
      </Field>
      <div className={styles.row}>
        <Button
          type="submit"
          appearance={team.canUseOffice ? "secondary" : "primary"}
          disabled={busy || token.trim() === ""}
        >
          Connect with token
        </Button>
      </div>
    </form>
  );
}
