/**
 * @jest-environment jsdom
 */
import "../setup";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "@jest/globals";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { TeamConflicts } from "../../../src/taskpane/components/TeamView/TeamConflicts";
import { TeamReview } from "../../../src/taskpane/components/TeamView/TeamReview";
import { DEFAULT_SETTINGS } from "../../../src/taskpane/model/document";
import type { Held, TeamSnippet, TeamVersion } from "../../../src/taskpane/team/types";

// The pane's side of a conflict: both versions on screen, keyboard reachable, and the user's choice
// handed back (nothing is dropped without it). And the review queue's four-eyes rule.

const version = (n: number, body: string, extra: Partial<TeamVersion> = {}): TeamVersion => ({
  version: n,
  status: "draft",
  createdBy: "ana@x.test",
  createdAt: "2026-11-25T10:00:00Z",
  submittedBy: null,
  approvedBy: null,
  approvedAt: null,
  replacedBy: null,
  comment: null,
  snippet: { id: "clause", title: `Clause v${n}`, body },
  ...extra,
});
/** No engine: these tests are about the buttons (team-review.test.tsx has the preview and the diff). */
const CONTEXT = { settings: DEFAULT_SETTINGS, today: new Date("2026-11-01T00:00:00Z"), others: [] };
const snippet = (versions: TeamVersion[]): TeamSnippet => ({
  library: "legal",
  id: "clause",
  owner: "ana@x.test",
  reviewBy: null,
  revision: 4,
  createdAt: "2026-11-25T10:00:00Z",
  updatedAt: "2026-11-25T10:00:00Z",
  versions,
});

const conflict: Held = {
  reason: "conflict",
  message: "Someone changed this snippet on the server while you were editing.",
  op: {
    kind: "version",
    key: "k1",
    queuedAt: "2026-11-25T10:01:00Z",
    id: "clause",
    base: 2,
    content: { id: "clause", title: "Mine", body: "Bob's wording." },
  },
  current: snippet([version(1, "Base."), version(2, "Ana's wording.")]),
};

const wrap = (ui: React.ReactElement) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

describe("TeamConflicts", () => {
  it("shows mine and theirs side by side and hands back the choice", async () => {
    const choices: Array<[string, string]> = [];
    wrap(<TeamConflicts held={[conflict]} onResolve={(h, c) => choices.push([h.op.key, c])} />);
    expect(
      within(screen.getByRole("group", { name: "Your version" })).getByText("Bob's wording."),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("group", { name: "On the server" })).getByText("Ana's wording."),
    ).toBeTruthy();
    const user = userEvent.setup();
    // Keyboard: Tab reaches "Keep mine", Enter chooses it.
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Keep mine as a new version");
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Use theirs, drop mine" }));
    expect(choices).toEqual([
      ["k1", "mine"],
      ["k1", "theirs"],
    ]);
  });

  it("shows a refused change's reason with my text, and offers only to drop it", () => {
    const refused: Held = { op: conflict.op, reason: "refused", message: "Your role does not allow this." };
    wrap(<TeamConflicts held={[refused]} onResolve={() => undefined} />);
    expect(screen.getByText(/Your role does not allow this\./)).toBeTruthy();
    expect(screen.getByText("Bob's wording.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Keep mine as a new version" })).toBeNull();
    expect(screen.getByRole("button", { name: "Drop my change" })).toBeTruthy();
  });
});

describe("TeamReview", () => {
  it("lets an approver approve someone else's version, but not their own (four eyes)", async () => {
    const approved: Array<[string, number]> = [];
    const inReview = snippet([
      version(1, "Base."),
      version(2, "To check.", { status: "in_review", submittedBy: "ana@x.test" }),
    ]);
    const { unmount } = wrap(
      <TeamReview
        snippets={[inReview]}
        user="cy@x.test"
        onApprove={(id, v) => approved.push([id, v])}
        onSendBack={() => undefined}
        context={CONTEXT}
      />,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Approve" }));
    expect(approved).toEqual([["clause", 2]]);
    unmount();
    wrap(
      <TeamReview
        snippets={[inReview]}
        user="ana@x.test"
        onApprove={() => undefined}
        onSendBack={() => undefined}
        context={CONTEXT}
      />,
    );
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.getByText(/another approver reviews it/)).toBeTruthy();
  });

  it("sends back only with a comment", async () => {
    const sent: Array<[string, number, string]> = [];
    const inReview = snippet([version(1, "To check.", { status: "in_review", submittedBy: "ana@x.test" })]);
    wrap(
      <TeamReview
        snippets={[inReview]}
        user="cy@x.test"
        onApprove={() => undefined}
        onSendBack={(i, v, c) => sent.push([i, v, c])}
        context={CONTEXT}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Send back…" }));
    const send = screen.getByRole("button", { name: "Send back" });
    expect(send.hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByRole("textbox", { name: /What should change/ }), "Say who the parties are.");
    await user.click(send);
    expect(sent).toEqual([["clause", 1, "Say who the parties are."]]);
  });
});
